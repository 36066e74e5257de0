// A reply's own words, without the message it quotes: what the Replies list
// shows, and the only text the classifier reads (our own email quoted back,
// with its unsubscribe link, must not make a reply an unsubscribe request).
//
// No maintained library for this is installed (talon/planer/email-reply-parser
// are not dependencies, and none is allowed to be added), so these are the
// rules the common mail clients follow:
//   - an attribution line opens the quote: "On … wrote:", "Am … schrieb …:",
//     "Le … a écrit :", "El … escribió:", "Em … escreveu:", "Op … schreef …:",
//     "Il … ha scritto:", "在 … 写道：" (Gmail and Apple Mail may wrap it over
//     two or three lines);
//   - Outlook quotes without ">" under "-----Original Message-----" (or its
//     translation) or a header block "From: … Sent: … To: … Subject: …" (in the
//     client's language), so everything from there on is quoted;
//   - lines starting with ">" are quoted; text after a ">" block is the
//     writer's again (bottom-posting, inline answers);
//   - "-- " starts the signature; a trailing "Sent from my iPhone" is dropped.
import { fold } from "./phrase-matching.ts";

/** Attribution lines, folded (no accents), as one line. */
const ATTRIBUTION: readonly RegExp[] = [
  /^on\s.{1,250}\swrote\s*:$/i,
  /^am\s.{1,250}\sschrieb(?:\s.{0,150})?:$/i,
  /^le\s.{1,250}\sa\s+ecrit\s*:$/i,
  /^el\s.{1,250}\sescribio\s*:$/i,
  /^em\s.{1,250}\sescreveu\s*:$/i,
  /^op\s.{1,250}\sschreef(?:\s.{0,150})?:$/i,
  /^il\s.{1,250}\sha\s+scritto\s*:$/i,
  /写道\s*:$/u,
  /寫道\s*:$/u,
  // Any "<name or date> wrote:" that names an address or a date, in the languages above and a few more.
  /^(?=.*[@\d]).{1,250}\s(?:wrote|writes|schrieb|a ecrit|escribio|escreveu|schreef|ha scritto|skrev|kirjoitti|napisal\(a\)|napisal)(?:\s.{0,150})?:$/i,
];
/** How attributions begin in the languages above. */
const ATTRIBUTION_START = /^(?:on|am|le|el|em|op|il|den|在)\s/iu;

/** Separators above a forwarded or Outlook-quoted original. */
const ORIGINAL_SEPARATOR =
  /^[-_=\s]*(?:original message|ursprungliche nachricht|originalnachricht|message d'origine|message original|mensaje original|mensagem original|oorspronkelijk bericht|origineel bericht|messaggio originale|原始邮件|原始郵件|原邮件|forwarded message|weitergeleitete nachricht|message transfere|mensaje reenviado|mensagem encaminhada|doorgestuurd bericht|messaggio inoltrato|转发邮件)[-_=\s]*$/iu;
const FORWARD_INTRO =
  /^(?:begin forwarded message|anfang der weitergeleiteten nachricht|debut du message reexpedie|inicio del mensaje reenviado|inicio da mensagem reencaminhada|begin doorgestuurd bericht|inizio messaggio inoltrato)\s*:$/i;

/** Header names of an Outlook-style quoted header block, in the client languages. */
const FROM_HEADER = /^\*?(?:from|von|de|van|da|fra|od|发件人|寄件者|発信者)\s*:\*?\s*\S/iu;
const OTHER_HEADER =
  /^\*?(?:sent|date|to|cc|subject|gesendet|datum|an|betreff|envoye|objet|a|enviado(?: el)?|enviada em|fecha|para|asunto|assunto|data|verzonden|aan|onderwerp|inviato|oggetto|发送时间|日期|收件人|抄送|主题|寄件日期|主旨)\s*:/iu;

const SIGNATURE_DELIMITER = /^--\s?$/;
/** Phone and webmail signatures that clients add under the text. */
const MOBILE_SIGNATURE =
  /^(?:sent from (?:my|mail for|outlook|yahoo mail)|get outlook for|sent via|von meinem .{1,40} gesendet|gesendet von (?:meinem|mail fur)|envoye (?:de|depuis) mon|enviado desde mi|enviado (?:do|de) meu|enviado a partir d[oe]|verzonden (?:vanaf|met) mijn|verstuurd vanaf mijn|inviato da|发自我的|从我的.{1,20}发送)/iu;

/** The text's lines, and each line folded for matching (once: long texts have many). */
type Lines = { raw: readonly string[]; folded: readonly string[] };

function isAttribution(folded: string): boolean {
  return folded.length <= 400 && ATTRIBUTION.some((pattern) => pattern.test(folded));
}

function isQuoted(line: string): boolean {
  return /^\s*>/.test(line);
}

/** An Outlook header block starts here: "From:" and at least two more header lines just below. */
function isHeaderBlock(lines: Lines, at: number): boolean {
  if (at >= lines.folded.length || !FROM_HEADER.test(lines.folded[at]!)) return false;
  let headers = 0;
  for (let i = at + 1; i < Math.min(lines.folded.length, at + 7); i++) {
    if (OTHER_HEADER.test(lines.folded[i]!)) headers++;
  }
  return headers >= 2;
}

/**
 * How many lines, from `at`, make one attribution (a wrapped "On …\n… wrote:"),
 * or 0 when there is none.
 */
function attributionLength(lines: Lines, at: number): number {
  const first = lines.folded[at]!;
  // A wrapped attribution starts like one ("On …", "Am …", a name and "<address") and is
  // not a finished sentence: "Sounds good.\nOn Tue … wrote:" is a reply line above one.
  const mayWrap = !/[.!?\u3002\uff01\uff1f]$/u.test(first) && (ATTRIBUTION_START.test(first) || /[<@]/.test(first));
  let joined = "";
  for (let n = 1; n <= (mayWrap ? 3 : 1) && at + n <= lines.raw.length; n++) {
    const line = lines.folded[at + n - 1]!;
    if (line === "" || isQuoted(line)) return 0;
    joined = `${joined} ${line}`.trim();
    if (isAttribution(joined)) return n;
  }
  return 0;
}

export type SplitText = {
  /** The writer's own text, trimmed. */
  own: string;
  /** What was quoted (attributions, ">" lines, Outlook originals, the signature), trimmed. */
  quoted: string;
};

/**
 * A reply's own text comes first: past this many characters (a long newsletter
 * or thread), the rest is kept as quoted without being read line by line.
 */
const MAX_READ_CHARS = 100_000;

export function splitQuotedText(text: string): SplitText {
  const normalized = text.replace(/\r\n?/g, "\n");
  const raw = normalized.slice(0, MAX_READ_CHARS).split("\n");
  const rest = normalized.slice(MAX_READ_CHARS);
  const lines: Lines = { raw, folded: raw.map((line) => fold(line).trim()) };
  const own: string[] = [];
  const quoted: string[] = [];
  let i = 0;
  while (i < raw.length) {
    const line = raw[i]!;
    const folded = lines.folded[i]!;
    if (
      SIGNATURE_DELIMITER.test(line) ||
      ORIGINAL_SEPARATOR.test(folded) ||
      FORWARD_INTRO.test(folded) ||
      isHeaderBlock(lines, i) ||
      (/^_{8,}$/.test(folded) && isHeaderBlock(lines, nextNonEmpty(raw, i + 1)))
    ) {
      // Everything below is the original (or the signature).
      quoted.push(...raw.slice(i));
      break;
    }
    const attribution = attributionLength(lines, i);
    if (attribution > 0) {
      quoted.push(...raw.slice(i, i + attribution));
      i += attribution;
      // Top-posting clients that do not mark the quote with ">": the rest is the original.
      const next = nextNonEmpty(raw, i);
      if (next < raw.length && !isQuoted(raw[next]!)) {
        quoted.push(...raw.slice(i));
        break;
      }
      continue;
    }
    if (isQuoted(line)) quoted.push(line);
    else own.push(line);
    i++;
  }
  if (rest) quoted.push(rest);
  dropTrailingMobileSignature(own, quoted);
  return { own: tidy(own), quoted: tidy(quoted) };
}

/** The writer's own text, without the quoted original and the signature. */
export function ownText(text: string): string {
  return splitQuotedText(text).own;
}

function nextNonEmpty(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && lines[i]!.trim() === "") i++;
  return i;
}

function dropTrailingMobileSignature(own: string[], quoted: string[]): void {
  while (own.length > 0 && own[own.length - 1]!.trim() === "") own.pop();
  const last = own[own.length - 1];
  if (last !== undefined && MOBILE_SIGNATURE.test(fold(last).trim())) quoted.unshift(own.pop()!);
}

/** Trailing spaces off, at most one blank line in a row, no blank lines at the ends. */
function tidy(lines: readonly string[]): string {
  return lines
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
