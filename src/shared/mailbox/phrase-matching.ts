// Matching multilingual phrases in what people write. Replies come with and
// without accents ("não"/"nao", "intéressé"/"interesse"), with typographic
// apostrophes ("don’t"), full-width punctuation ("：", "，") and line breaks in
// the middle of a sentence. The text is folded once (diacritics removed,
// compatibility forms and apostrophes unified, whitespace collapsed) so every
// pattern is written once, in plain letters; a match is reported in the
// writer's own wording, which is what the rule names on hover. The words
// themselves are data, one file per language (./phrases/); this is the logic.
import { languages, type Phrases } from "./phrases/index.ts";

/** A text folded for matching, with the way back to the original wording. */
export type FoldedText = {
  original: string;
  /** Diacritics removed, NFKC-style compatibility forms, ’ → ', whitespace runs → one space. */
  folded: string;
  /** For each character of `folded`, the index of the original character it came from. */
  origin: number[];
};

const APOSTROPHES = /[\u2018\u2019\u201B\u02BC\u00B4\u0060\uFF07]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u00AB\u00BB]/g;
const COMBINING_MARKS = /\p{M}/gu;

function foldChar(char: string): string {
  return char.normalize("NFKD").replace(COMBINING_MARKS, "").replace(APOSTROPHES, "'").replace(DOUBLE_QUOTES, '"');
}

export function foldText(text: string): FoldedText {
  let folded = "";
  const origin: number[] = [];
  let index = 0;
  let lastWasSpace = false;
  for (const char of text) {
    const code = char.charCodeAt(0);
    // Printable ASCII folds to itself (all but the apostrophe-like backtick): the common case, kept fast.
    if (code > 0x20 && code < 0x7f && code !== 0x60) {
      folded += char;
      origin.push(index);
      lastWasSpace = false;
      index += 1;
      continue;
    }
    if (/\s/u.test(char)) {
      if (!lastWasSpace) {
        folded += " ";
        origin.push(index);
      }
      lastWasSpace = true;
    } else {
      const folding = foldChar(char);
      folded += folding;
      // One entry per UTF-16 unit, as regex match indices count them.
      for (let unit = 0; unit < folding.length; unit++) origin.push(index);
      lastWasSpace = false;
    }
    index += char.length;
  }
  return { original: text, folded, origin };
}

/** Folds a short string (a subject, a header line) without keeping the way back. */
export function fold(text: string): string {
  return foldText(text).folded;
}

const LETTER_BEFORE = "(?<![\\p{L}\\p{N}_])";
const LETTER_AFTER = "(?![\\p{L}\\p{N}_])";

/**
 * Whole-word phrases (regex sources written in folded form: no accents,
 * straight apostrophes, single spaces), one pattern each so that overlapping
 * phrases are all found. JavaScript's \b only knows ASCII letters, so the word
 * boundaries here are Unicode-aware.
 */
export function words(phrases: readonly string[]): RegExp[] {
  return phrases.map((phrase) => new RegExp(`${LETTER_BEFORE}(?:${phrase})${LETTER_AFTER}`, "giu"));
}

/** Chinese (and other unspaced scripts): no word boundaries to look for. */
export function cjk(phrases: readonly string[]): RegExp[] {
  return phrases.map((phrase) => new RegExp(`(?:${phrase})`, "gu"));
}

export type PhraseMatch = {
  /** The matched words as the writer wrote them (accents, case), whitespace collapsed. */
  phrase: string;
  /** Where the match starts and ends in `folded`. */
  start: number;
  end: number;
};

function originalSpan(text: FoldedText, start: number, end: number): string {
  const from = text.origin[start] ?? text.original.length;
  const last = text.origin[end - 1] ?? from;
  // The last folded character may come from a surrogate pair: take the whole code point.
  const to = last + ((text.original.codePointAt(last) ?? 0) > 0xffff ? 2 : 1);
  return text.original.slice(from, to).replace(/\s+/g, " ").trim();
}

/**
 * Every match of the patterns in the text, in the order they appear; matches
 * that overlap are merged, so a rule names the whole phrase ("let's schedule a
 * call", found as "let's schedule" and "schedule a call").
 */
export function findAll(text: FoldedText, patterns: readonly RegExp[]): PhraseMatch[] {
  const spans: { start: number; end: number }[] = [];
  for (const pattern of patterns) {
    // matchAll needs the g flag (and copies the pattern, so its lastIndex is never shared).
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of text.folded.matchAll(global)) {
      if (match[0].length > 0) spans.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged.map(({ start, end }) => ({ phrase: originalSpan(text, start, end), start, end }));
}

/** The first match (earliest in the text) of any of the patterns. */
export function findFirst(text: FoldedText, patterns: readonly RegExp[]): PhraseMatch | null {
  return findAll(text, patterns)[0] ?? null;
}

/** One phrase list in every language, compiled, one pattern per phrase. */
export function phrasePatterns(list: (phrases: Phrases) => readonly string[]): RegExp[] {
  return languages.flatMap((language) => (language.wholeWords ? words : cjk)(list(language)));
}

/** One list in every language, as written. */
export function phraseList(list: (phrases: Phrases) => readonly string[]): string[] {
  return languages.flatMap(list);
}

/** One list of the languages written with spaces (or without) as one regex's alternatives; a regex that never matches for none. */
function alternatives(
  wholeWords: boolean,
  list: (phrases: Phrases) => readonly string[],
  shape: (a: string) => string,
) {
  const sources = languages.filter((language) => language.wholeWords === wholeWords).flatMap(list);
  return new RegExp(sources.length > 0 ? shape(sources.join("|")) : "(?!)", "iu");
}

/** A negator, as one whole word (../phrases/: negation.negators). */
const NEGATOR = alternatives(
  true,
  (phrases) => phrases.negation.negators,
  (a) => `^(?:${a})$`,
);
/** Words that make "not … please remove me" the start of a request, not a negation of it. */
const INTEREST = alternatives(
  true,
  (phrases) => phrases.negation.interestWords,
  (a) => `^(?:${a})$`,
);
/** A negation in a language written without spaces, ending where the phrase starts. */
const NEGATOR_BEFORE = alternatives(
  false,
  (phrases) => phrases.negation.negators,
  (a) => `(?:${a})$`,
);

/**
 * Whether the words just before a match negate it ("I don't want to
 * unsubscribe", "no quiero darme de baja", "ich will mich nicht abmelden",
 * "我不想退订"): a negator at most two words before it in the same clause. (Not for
 * phrases that carry their own negation, such as "not interested".)
 */
export function isNegated(folded: string, match: PhraseMatch): boolean {
  const before = folded.slice(0, match.start);
  const clause = before.slice(Math.max(0, before.search(/[^.,;:!?()\u3002\uff0c]*$/u)));
  if (NEGATOR_BEFORE.test(clause.trimEnd())) return true;
  const tokens = clause
    .toLowerCase()
    .split(/[^\p{L}']+/u)
    .filter(Boolean);
  const recent = tokens.slice(-3);
  for (let i = recent.length - 1; i >= 0; i--) {
    if (!NEGATOR.test(recent[i]!)) continue;
    const between = recent.slice(i + 1);
    return !between.some((w) => INTEREST.test(w));
  }
  return false;
}
