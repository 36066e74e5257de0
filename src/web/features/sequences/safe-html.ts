// The browser's side of the email HTML allow-list (the server stores bodies
// through sanitize-html with the same list). Previews show rich bodies from
// templates and restored drafts, so they pass through this before
// dangerouslySetInnerHTML. DOMParser builds an inert document: nothing in it
// runs or loads while it is inspected.
import {
  EMAIL_FONT_SIZE,
  EMAIL_IMAGE_DIMENSION,
  EMAIL_IMAGE_SRC,
  emailHtmlDroppedWithContent,
  emailHtmlTagAliases,
  emailHtmlTags,
  isAllowedHref,
} from "#shared/sequences/email-html-policy.ts";

const dropped = new Set(emailHtmlDroppedWithContent);

function cleanAttributes(source: Element, target: HTMLElement): boolean {
  const tag = target.tagName.toLowerCase();
  const allowed = emailHtmlTags[tag] ?? [];
  for (const name of allowed) {
    const value = source.getAttribute(name);
    if (value === null) continue;
    if (name === "href") {
      if (!isAllowedHref(value)) continue;
      target.setAttribute("href", value.trim());
      target.setAttribute("rel", "noopener noreferrer");
      target.setAttribute("target", "_blank");
    } else if (name === "src") {
      if (EMAIL_IMAGE_SRC.test(value.trim())) target.setAttribute("src", value.trim());
    } else if (name === "style") {
      const size = (source as HTMLElement).style?.fontSize;
      if (size && EMAIL_FONT_SIZE.test(size)) target.style.fontSize = size;
    } else if (name === "width" || name === "height") {
      if (EMAIL_IMAGE_DIMENSION.test(value.trim())) target.setAttribute(name, value.trim());
    } else if (name === "alt") {
      target.setAttribute("alt", value);
    }
  }
  // An image without an allowed source is dropped altogether.
  return tag !== "img" || target.hasAttribute("src");
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const name = element.tagName.toLowerCase();
    if (dropped.has(name)) continue;
    const tag = emailHtmlTagAliases[name] ?? name;
    if (!(tag in emailHtmlTags)) {
      // An unknown wrapper (div, table, font…) goes; its text stays.
      copyChildren(element, to, doc);
      continue;
    }
    const clean = doc.createElement(tag);
    if (!cleanAttributes(element, clean)) continue;
    copyChildren(element, clean, doc);
    to.appendChild(clean);
  }
}

export function sanitizeEmailHtmlForDisplay(html: string): string {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const out = document.implementation.createHTMLDocument("");
  const root = out.createElement("div");
  copyChildren(parsed.body, root, out);
  return root.innerHTML;
}
