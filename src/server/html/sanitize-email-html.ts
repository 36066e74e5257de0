// Rich-text email bodies are stored only after this allow-list pass: they are
// shown back in the app (previews, inbox) and sent to other people's mail
// clients, so a script, an event handler or a javascript: link must never
// survive. The list itself is shared with the web preview.
import sanitizeHtml from "sanitize-html";
import type { BodyFormat } from "#shared/db-enums.ts";
import {
  EMAIL_FONT_SIZE,
  EMAIL_IMAGE_DIMENSION,
  EMAIL_IMAGE_SRC,
  emailHtmlDroppedWithContent,
  emailHtmlTagAliases,
  emailHtmlTags,
  emailLinkSchemes,
  isAllowedHref,
} from "#shared/sequences/email-html-policy.ts";
import { normaliseVariants, type StepVariant } from "#shared/sequences/step-variants.ts";

type Attributes = Record<string, string>;

function keep(attribs: Attributes, names: string[]): Attributes {
  const out: Attributes = {};
  for (const name of names) if (attribs[name] !== undefined) out[name] = attribs[name]!;
  return out;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(emailHtmlTags),
  allowedAttributes: Object.fromEntries(Object.entries(emailHtmlTags).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedSchemes: [...emailLinkSchemes],
  // cid: the step's inline images as parts of the same message (mail/inline-images.ts).
  allowedSchemesByTag: { img: ["data", "cid"] },
  allowProtocolRelative: false,
  allowedStyles: { span: { "font-size": [EMAIL_FONT_SIZE] } },
  nonTextTags: emailHtmlDroppedWithContent,
  disallowedTagsMode: "discard",
  transformTags: {
    ...Object.fromEntries(
      Object.entries(emailHtmlTagAliases).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {}, false)]),
    ),
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      // A link the reader cannot safely follow keeps its text and loses the link.
      if (!href || !isAllowedHref(href)) return { tagName: "a", attribs: {} };
      return { tagName: "a", attribs: { href, rel: "noopener noreferrer", target: "_blank" } };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? "";
      if (!EMAIL_IMAGE_SRC.test(src)) return { tagName: "img", attribs: {} };
      const out = keep(attribs, ["alt"]);
      out.src = src.replace(/\s+/g, "");
      for (const name of ["width", "height"]) {
        const value = attribs[name]?.trim();
        if (value && EMAIL_IMAGE_DIMENSION.test(value)) out[name] = value;
      }
      return { tagName: "img", attribs: out };
    },
  },
  // An image without an allowed source, or a link without an address, is dropped (its text stays).
  exclusiveFilter: (frame) => {
    if (frame.tag === "img" && !frame.attribs.src) return true;
    if (frame.tag === "a" && !frame.attribs.href) return "excludeTag";
    return false;
  },
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/**
 * Sanitises the bodies of rich-text steps and of their A/B variants (a variant
 * without a body of its own stored as null); plain-text bodies are stored as written.
 */
export function sanitizeSequence<T extends { body: string; bodyFormat: BodyFormat; variants?: StepVariant[] }>(
  steps: readonly T[],
): T[] {
  return steps.map((step) => {
    const html = step.bodyFormat === "html";
    const body = html ? sanitizeEmailHtml(step.body) : step.body;
    if (step.variants === undefined) return { ...step, body };
    const variants = normaliseVariants(step.variants).map((v) =>
      html && v.body !== null ? { ...v, body: sanitizeEmailHtml(v.body) } : v,
    );
    return { ...step, body, variants };
  });
}
