// Spintax: `{Hi|Hello|Hey} {{firstName}}` sends one of the choices, the same
// one to a contact on every render of a step (after a restart or a retry), and
// other choices to other contacts. Choices nest: `{Hi|{Good morning|Hello}}`.
//
// The rules, so a body's other braces are never taken for spintax:
// - `{{…}}` (two braces, no brace inside, two braces) is a merge tag and is
//   copied as written, also inside a choice: `{Hi {{firstName}}|Hello}`.
// - In a rich-text (HTML) body only the text counts: tags, comments and the
//   content of <style>, <script> and the like are copied as written, so CSS
//   rules and attribute values never open a choice. A choice may hold markup
//   (`{Hi <b>there</b>|Hello}`); the sanitiser that runs on every sent body
//   closes anything a choice leaves open.
// - A literal brace or bar is written with a backslash: `\{`, `\}`, `\|`, and
//   `\\` for a backslash (a backslash before anything else stays as written).
//   Outside a choice `|` is plain text. In rich text `&#123;` also works.
// - `{}`, an empty choice (`{Hi||Hey}`, `{|Hi}`), a `{` never closed and a `}`
//   never opened are errors, with the position of the brace: positions count
//   characters from 1 as the reader sees them (in rich text: the text without
//   its markup, a character reference as one character).
// - Choices nest at most MAX_SPINTAX_DEPTH deep, so resolving is bounded.
// Parsing is one pass with an explicit stack (never recursion over the
// input), never throws, and is linear in the input.
//
// The pick: FNV-1a (32-bit) of the seed (contact id, step number, field)
// seeds mulberry32, and each choice met in reading order takes the next
// number. Both are a few well-known lines with no Node or browser API, so the
// server and the previews pick alike and nothing random is stored.

export const MAX_SPINTAX_DEPTH = 10;
const MAX_ERRORS = 20;

export type SpintaxFormat = "text" | "html";
/** A run of text (escapes already undone; markup and merge tags as written), or a choice. */
export type SpintaxNode = string | SpintaxChoice;
export type SpintaxChoice = { options: SpintaxNode[][] };
export type SpintaxError = {
  /** Where the problem starts in the source (0-based, code units) and how long it is: for highlighting. */
  offset: number;
  length: number;
  /** 1-based, in characters as the reader sees them (see above). */
  position: number;
  message: string;
};
export type SpintaxParse = { ok: true; nodes: SpintaxNode[] } | { ok: false; errors: SpintaxError[] };

const MERGE_TAG = /\{\{[^{}]*\}\}/y;
const HTML_MARKUP = /<!--[\s\S]*?(?:-->|$)|<\/?[a-zA-Z][a-zA-Z0-9]*(?=[\s/>])(?:[^<>"']|"[^"]*"|'[^']*')*>/y;
const HTML_TAG_NAME = /^<([a-zA-Z][a-zA-Z0-9]*)/;
const CHARACTER_REFERENCE = /&(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/iy;
/** Elements whose content is not text a reader writes in: copied as written with the element. */
const RAW_CONTENT = new Set(["style", "script", "title", "textarea", "template", "noscript", "head"]);
const ESCAPABLE = new Set(["{", "}", "|", "\\"]);
/** A run of characters with no meaning here, taken in one step (a body may be megabytes of text). */
const PLAIN_RUN = { text: /[^{}|\\]+/y, html: /[^{}|\\<&]+/y } as const;
const LOW_SURROGATES = /[\udc00-\udfff]/g;

type Frame = { offset: number; position: number; options: SpintaxNode[][]; text: string };

/** The shown text of a choice's source for a message: markup left out, at most 40 characters. */
function snippet(source: string, format: SpintaxFormat): string {
  const text = format === "html" ? source.replace(/<[^>]*>/g, "") : source;
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

export function parseSpintax(source: string, format: SpintaxFormat = "text"): SpintaxParse {
  const errors: SpintaxError[] = [];
  const error = (e: SpintaxError) => {
    if (errors.length < MAX_ERRORS) errors.push(e);
  };
  const root: Frame = { offset: 0, position: 0, options: [[]], text: "" };
  const stack: Frame[] = [root];
  let top = root;
  let position = 1;
  let i = 0;
  let lowerCase: string | undefined;
  // Said once: every deeper brace would say it again.
  let tooDeep = false;

  const flush = (frame: Frame) => {
    if (frame.text) frame.options[frame.options.length - 1]!.push(frame.text);
    frame.text = "";
  };
  const matchAt = (pattern: RegExp): string | null => {
    pattern.lastIndex = i;
    return pattern.exec(source)?.[0] ?? null;
  };

  while (i < source.length) {
    const run = matchAt(PLAIN_RUN[format]);
    if (run) {
      top.text += run;
      // A surrogate pair is one character to the reader.
      position += run.length - (run.match(LOW_SURROGATES)?.length ?? 0);
      i += run.length;
      continue;
    }
    const ch = source[i]!;
    if (ch === "{") {
      const tag = source[i + 1] === "{" ? matchAt(MERGE_TAG) : null;
      if (tag) {
        top.text += tag;
        position += tag.length;
        i += tag.length;
        continue;
      }
      if (stack.length > MAX_SPINTAX_DEPTH && !tooDeep) {
        tooDeep = true;
        error({
          offset: i,
          length: 1,
          position,
          message: `Spintax nested too deep at position ${position}: at most ${MAX_SPINTAX_DEPTH} levels`,
        });
      }
      flush(top);
      top = { offset: i, position, options: [[]], text: "" };
      stack.push(top);
      position += 1;
    } else if (ch === "|" && stack.length > 1) {
      flush(top);
      top.options.push([]);
      position += 1;
    } else if (ch === "}") {
      if (stack.length === 1) {
        error({
          offset: i,
          length: 1,
          position,
          message: `Unexpected "}" at position ${position}: no spintax choice is open (write \\} for a brace)`,
        });
        top.text += ch;
      } else {
        flush(top);
        const choice = stack.pop()!;
        if (choice.options.some((option) => option.length === 0)) {
          const written = source.slice(choice.offset, i + 1);
          error({
            offset: choice.offset,
            length: i + 1 - choice.offset,
            position: choice.position,
            message: `Empty choice in ${snippet(written, format)} at position ${choice.position}`,
          });
        }
        top = stack[stack.length - 1]!;
        top.options[top.options.length - 1]!.push({ options: choice.options });
      }
      position += 1;
    } else if (ch === "\\" && ESCAPABLE.has(source[i + 1] ?? "")) {
      top.text += source[i + 1];
      position += 1;
      i += 2;
      continue;
    } else if (format === "html" && ch === "<") {
      const markup = matchAt(HTML_MARKUP);
      if (markup) {
        let end = i + markup.length;
        const name = HTML_TAG_NAME.exec(markup)?.[1]?.toLowerCase();
        if (name && RAW_CONTENT.has(name) && !markup.endsWith("/>")) {
          lowerCase ??= source.toLowerCase();
          const close = lowerCase.indexOf(`</${name}`, end);
          end = close === -1 ? source.length : close;
        }
        top.text += source.slice(i, end);
        i = end;
        continue;
      }
      top.text += ch;
      position += 1;
    } else if (format === "html" && ch === "&") {
      const reference = matchAt(CHARACTER_REFERENCE) ?? ch;
      top.text += reference;
      position += 1;
      i += reference.length;
      continue;
    } else {
      // A "|" outside a choice, or a backslash escaping nothing.
      top.text += ch;
      position += 1;
    }
    i += 1;
  }
  for (const frame of stack.slice(1)) {
    error({
      offset: frame.offset,
      length: 1,
      position: frame.position,
      message: `Unclosed spintax choice: "{" at position ${frame.position} has no "}"`,
    });
  }
  errors.sort((a, b) => a.offset - b.offset);
  if (errors.length > 0) return { ok: false, errors };
  flush(root);
  return { ok: true, nodes: root.options[0]! };
}

/** FNV-1a, 32-bit, over UTF-16 code units. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a 32-bit state PRNG giving numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text with one option of every choice, picked from `seed`. */
export function resolveSpintax(nodes: readonly SpintaxNode[], seed: string): string {
  const next = mulberry32(fnv1a(seed));
  const write = (list: readonly SpintaxNode[]): string => {
    let out = "";
    for (const node of list) {
      if (typeof node === "string") out += node;
      // Depth is bounded by MAX_SPINTAX_DEPTH (the parser refuses deeper).
      else out += write(node.options[Math.floor(next() * node.options.length)]!);
    }
    return out;
  };
  return write(nodes);
}

/**
 * The text as one contact gets it. A text that does not parse (stored before
 * spintax was checked) is sent as written: the API refuses such text now.
 */
export function spinText(source: string, seed: string, format: SpintaxFormat = "text"): string {
  if (!/[{}\\]/.test(source)) return source;
  const parsed = parseSpintax(source, format);
  return parsed.ok ? resolveSpintax(parsed.nodes, seed) : source;
}

/** The seed of one field of one step for one contact: what keeps a retry's text the same. */
export function spintaxSeed(contactKey: string, stepNumber: number, field: "subject" | "body"): string {
  return `${contactKey}:${stepNumber}:${field}`;
}

/** A step's subject and body as one contact gets them (bodyFormat picks how the body is read). */
export function spinStep<T extends { subject: string; body: string; bodyFormat: SpintaxFormat }>(
  step: T,
  contactKey: string,
  stepNumber: number,
): T {
  return {
    ...step,
    subject: spinText(step.subject, spintaxSeed(contactKey, stepNumber, "subject")),
    body: spinText(step.body, spintaxSeed(contactKey, stepNumber, "body"), step.bodyFormat),
  };
}
