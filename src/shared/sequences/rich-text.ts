// Switching a body between plain text and rich text (HTML). Pure string work
// (no DOM) so the server, the web and the tests share it. Rich → plain keeps
// the words and the paragraph structure, and drops the markup; plain → rich
// escapes the text and turns blank-line-separated blocks into paragraphs, so a
// round trip keeps the text.
import { escapeHtml } from "./merge-tags.ts";

const namedEntities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  deg: "°",
  times: "×",
  divide: "÷",
};

function codePoint(n: number, original: string): string {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : original;
}

/** Decodes named (common ones), decimal and hex character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const hex = ref[1] === "x" || ref[1] === "X";
      return codePoint(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10), whole);
    }
    return namedEntities[ref.toLowerCase()] ?? whole;
  });
}

/**
 * One pass over the markup: comments, tags (with their attribute text) and
 * text. Linear on any input: the attribute part never crosses a "<", so a
 * stray "<" costs one step, not a scan to the end, and a tag name must end
 * before attributes start (without that, "<aaaa…" backtracks quadratically).
 */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)(?=[\s/>])((?:[^<>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;

const ATTRIBUTE = /([^\s=/]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
  }
  return attributes;
}

/** Elements whose content is never text a reader sees. */
const HIDDEN = new Set(["script", "style", "head", "title", "template", "noscript", "textarea"]);
/** Elements that start and end a block (a blank line around them, one line inside a list item). */
const BLOCKS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "tr", "pre"]);

/** Collects text with the line breaks blocks ask for, written only when more text follows. */
class PlainTextWriter {
  private parts: string[] = [];
  private breaks = 0;
  private marker = "";

  /** At least `count` newlines before the next text. */
  breakLine(count: number) {
    if (this.parts.length > 0) this.breaks = Math.max(this.breaks, count);
  }

  /** A <br>: one more newline, even after another. */
  hardBreak() {
    if (this.parts.length > 0) this.breaks += 1;
  }

  /** The next text starts a list item with this marker ("- ", "1. "). */
  startItem(marker: string) {
    this.breakLine(1);
    this.marker = marker;
  }

  write(text: string) {
    const atLineStart = this.parts.length === 0 || this.breaks > 0 || this.marker !== "";
    const value = atLineStart ? text.trimStart() : text;
    if (!value) return;
    if (this.breaks > 0) this.parts.push("\n".repeat(this.breaks));
    this.parts.push(this.marker, value);
    this.breaks = 0;
    this.marker = "";
  }

  /** Text written since `mark()`. */
  mark(): number {
    return this.parts.length;
  }
  since(mark: number): string {
    return this.parts.slice(mark).join("");
  }

  toString(): string {
    return this.parts
      .join("")
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
  }
}

/** Rich text (HTML) → plain text: blocks become blank-line-separated, <br> a newline, list items lines. */
export function htmlToPlainText(html: string): string {
  const out = new PlainTextWriter();
  const lists: { ordered: boolean; count: number }[] = [];
  const links: { href: string; mark: number }[] = [];
  let hiddenUntil: string | null = null;

  for (const token of html.matchAll(TOKEN)) {
    const [whole, closing, rawName, attributeText] = token;
    if (rawName === undefined) {
      if (hiddenUntil || whole.startsWith("<!--")) continue;
      // In HTML, line breaks and runs of spaces in the source are one space.
      out.write(decodeEntities(whole).replace(/\s+/g, " "));
      continue;
    }
    const name = rawName.toLowerCase();
    if (hiddenUntil) {
      if (closing && name === hiddenUntil) hiddenUntil = null;
      continue;
    }
    if (HIDDEN.has(name)) {
      if (!closing && !attributeText?.trimEnd().endsWith("/")) hiddenUntil = name;
      continue;
    }
    if (name === "br") out.hardBreak();
    else if (name === "ul" || name === "ol") {
      if (closing) lists.pop();
      else lists.push({ ordered: name === "ol", count: 0 });
      out.breakLine(lists.length > (closing ? 0 : 1) ? 1 : 2);
    } else if (name === "li") {
      const list = lists.at(-1);
      if (closing || !list) out.breakLine(1);
      else out.startItem(`${"  ".repeat(lists.length - 1)}${list.ordered ? `${++list.count}.` : "-"} `);
    } else if (BLOCKS.has(name)) {
      // TipTap writes <li><p>…</p></li>: inside a list item a paragraph is just a line.
      out.breakLine(lists.length > 0 ? 1 : 2);
    } else if (name === "td" || name === "th") {
      if (closing) out.write(" ");
    } else if (name === "img" && !closing) {
      out.write(attributesOf(attributeText ?? "").get("alt") ?? "");
    } else if (name === "a") {
      if (!closing) {
        links.push({ href: (attributesOf(attributeText ?? "").get("href") ?? "").trim(), mark: out.mark() });
        continue;
      }
      const link = links.pop();
      if (!link) continue;
      // A link keeps its address when its text does not already show it.
      const address = link.href.replace(/^mailto:/i, "");
      if (link.href && address !== out.since(link.mark).trim()) out.write(` (${address})`);
    }
  }
  return out.toString();
}

/** Plain text → rich text: escaped, blank-line-separated blocks become <p>, single newlines <br>. */
export function plainTextToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((block) => block.replace(/^\n+|\n+$/g, ""))
    .filter((block) => block.trim() !== "");
  return blocks.map((block) => `<p>${escapeHtml(block).replace(/\n/g, "<br>")}</p>`).join("");
}

/** True when a rich-text body has no words and no image (an empty editor writes <p></p>). */
export function isBlankHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return (
    // [^<>]: a stray "<" costs one step, not a scan to the end (linear on any input).
    decodeEntities(html.replace(/<[^<>]*>/g, ""))
      .replace(/\u00a0/g, " ")
      .trim() === ""
  );
}
