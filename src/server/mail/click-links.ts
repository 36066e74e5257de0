// Click tracking: a rendered message's links turned into signed redirects
// (tokens.ts, clickUrl). Applied to the message as it goes out, after merge
// tags and spintax are filled in and the footer is added, so nothing a
// template holds is ever parsed as a link half-made.
//
// What is rewritten: the href of every <a> in the HTML part and every bare
// URL in the text part, when it is an absolute http(s) URL. Never: mailto:,
// tel:, anchors (#…), relative links, the message's own tracking and
// unsubscribe links (isOwn), URLs longer than MAX_TRACKED_URL_LENGTH (the
// token carries the URL, and an over-long link breaks in some clients), and a
// link whose text is a web address: a redirect under a shown address of
// another domain is what spam filters call a spoofed URL (SpamAssassin:
// HTTPS_HTTP_MISMATCH, __SPOOFED_URL; decision 031). For the same reason a
// bare URL in the HTML's text (a plain-text step sent as HTML) is not made a
// link: the reader's client links it, and that click is not counted.
// The HTML is read with htmlparser2 (the parser sanitize-html uses, so the
// two agree on what is a tag); only the opening tags of rewritten links are
// written anew, the rest of the markup stays byte for byte.
import { Parser } from "htmlparser2";
import type { OutgoingMessage } from "../sending/outgoing.ts";
import { escapeHtml } from "./html.ts";
import { clickUrl } from "./tokens.ts";

/** Longer links go out as they are: the redirect URL would be over ~2,800 characters. */
export const MAX_TRACKED_URL_LENGTH = 2_000;

export type ClickRewrite = {
  /** The redirect that stands for `url` in this message. */
  linkFor(url: string): string;
  /** The message's own links (pixel, unsubscribe, another redirect): never rewritten. */
  isOwn(url: string): boolean;
};

/** The click rewriting of one send's message, with its redirects on `baseUrl`. */
export function clickRewriteFor(o: {
  baseUrl: string;
  publicUrl: string;
  secret: string;
  sendId: string;
}): ClickRewrite {
  const ownPrefixes = [...new Set([o.baseUrl, o.publicUrl])].flatMap((base) => [`${base}/t/`, `${base}/u/`]);
  return {
    linkFor: (url) => clickUrl(o.baseUrl, o.secret, o.sendId, url),
    isOwn: (url) => ownPrefixes.some((prefix) => url.startsWith(prefix)),
  };
}

/** An absolute http(s) URL with a host, short enough to carry in a token. */
export function isTrackableUrl(url: string): boolean {
  if (url.length > MAX_TRACKED_URL_LENGTH || !/^https?:\/\/[^\s/?#]/i.test(url)) return false;
  try {
    return new URL(url).hostname !== "";
  } catch {
    return false;
  }
}

function rewritable(url: string, rewrite: ClickRewrite): boolean {
  return isTrackableUrl(url) && !rewrite.isOwn(url);
}

type Edit = { start: number; end: number; text: string };

/** Link text that shows an address ("https://…", "www.…"). */
const SHOWS_ADDRESS = /^\s*(?:https?:\/\/|www\.)/i;

function openingTag(name: string, attribs: Record<string, string>): string {
  const attributes = Object.entries(attribs).map(([key, value]) => ` ${key}="${escapeHtml(value)}"`);
  return `<${name}${attributes.join("")}>`;
}

/** The HTML with each trackable a[href] pointing at its redirect. */
export function rewriteHtmlLinks(html: string, rewrite: ClickRewrite): string {
  const edits: Edit[] = [];
  // The link being read: its edit waits for its text (a link showing an address stays as written).
  let open: { edit: Edit; text: string } | null = null;
  // A link ends at its </a>, at the next <a> (links do not nest) or at the end of the HTML.
  const endOfLink = () => {
    if (open && !SHOWS_ADDRESS.test(open.text)) edits.push(open.edit);
    open = null;
  };
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs, isImplied) {
        if (name !== "a") return;
        endOfLink();
        if (isImplied || attribs.href === undefined) return;
        const href = attribs.href.trim();
        if (!rewritable(href, rewrite)) return;
        const tag = openingTag(name, { ...attribs, href: rewrite.linkFor(href) });
        open = { edit: { start: parser.startIndex, end: parser.endIndex + 1, text: tag }, text: "" };
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (name === "a") endOfLink();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  endOfLink();
  let out = html;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

// A URL in running text ends at whitespace or at a character no URL carries
// unencoded; punctuation that ends a sentence is not part of it (below).
const BARE_URL = /\bhttps?:\/\/[^\s<>"'`{}|\\^]+/gi;
const TRAILING = /[.,;:!?'"*_\]]+$/;

/** Drops the sentence's punctuation after a URL, and a closing bracket it did not open ("(see https://x.test)"). */
function urlEnd(candidate: string): string {
  let url = candidate.replace(TRAILING, "");
  while (url.endsWith(")") && (url.match(/\)/g)?.length ?? 0) > (url.match(/\(/g)?.length ?? 0)) {
    url = url.slice(0, -1).replace(TRAILING, "");
  }
  return url;
}

/** The text with each trackable bare URL replaced by its redirect. */
export function rewriteTextLinks(text: string, rewrite: ClickRewrite): string {
  return text.replace(BARE_URL, (candidate) => {
    const url = urlEnd(candidate);
    if (!rewritable(url, rewrite)) return candidate;
    return rewrite.linkFor(url) + candidate.slice(url.length);
  });
}

/** The message with its links rewritten in both parts (the text part alone when sent as plain text). */
export function withClickTracking(message: OutgoingMessage, rewrite: ClickRewrite): OutgoingMessage {
  return {
    ...message,
    ...(message.html !== undefined ? { html: rewriteHtmlLinks(message.html, rewrite) } : {}),
    text: rewriteTextLinks(message.text, rewrite),
  };
}
