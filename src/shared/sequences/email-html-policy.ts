// What a rich-text email body may contain. The server enforces it with
// sanitize-html when a body is stored; the web applies the same list when it
// shows a body in a preview. Email clients strip or mangle most other markup,
// and anything outside this list is also where script injection lives.

/** Tags kept, with the attributes each may carry. Others are removed, their text kept. */
export const emailHtmlTags: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  u: [],
  s: [],
  a: ["href", "rel", "target"],
  ul: [],
  ol: [],
  li: [],
  h1: [],
  h2: [],
  h3: [],
  blockquote: [],
  span: ["style"],
  img: ["src", "alt", "width", "height"],
};

/** Equivalent tags renamed to the kept ones (pasted or older content). */
export const emailHtmlTagAliases: Readonly<Record<string, string>> = {
  b: "strong",
  i: "em",
  strike: "s",
  del: "s",
  ins: "u",
};

/** Tags dropped together with their content (never text a reader should see). */
export const emailHtmlDroppedWithContent = ["script", "style", "textarea", "noscript", "iframe", "object", "template"];

/** Link schemes allowed in href. */
export const emailLinkSchemes = ["http", "https", "mailto", "tel"] as const;

/** Images are embedded inline; only these raster types (no SVG: it can carry script). */
export const EMAIL_IMAGE_SRC = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/** The only inline style kept: font-size on a span, in pixels (the editor offers 8–24px). */
export const EMAIL_FONT_SIZE = /^\d{1,2}(\.\d+)?px$/;

/** width/height of an image: a plain number of pixels. */
export const EMAIL_IMAGE_DIMENSION = /^\d{1,4}$/;

/** A link may point to a merge tag ({{website}}): filled in at send time. */
export function isAllowedHref(href: string): boolean {
  const value = href.trim();
  if (/^\{\{\s*[A-Za-z0-9_]+\s*\}\}$/.test(value)) return true;
  const scheme = value.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  return scheme !== undefined && (emailLinkSchemes as readonly string[]).includes(scheme);
}
