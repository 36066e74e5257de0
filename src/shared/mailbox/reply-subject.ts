// A reply with no In-Reply-To/References (some webmails and phones drop them)
// is matched to our send by the prospect's address plus the subject with every
// reply and forward prefix taken off, in any language and any number: "RE: AW:
// [EXT] Quick question" matches "Quick question". (Composing a reply, the other
// way round, is #shared/inbox/reply-subject.ts.)
import { fold } from "./phrase-matching.ts";

/**
 * Reply and forward prefixes as mail clients write them, folded (no accents):
 * English Re/Fwd/Fw, German AW/WG, Scandinavian SV/VS/VB/Vs, French TR/Réf,
 * Spanish RV/Reenviar, Portuguese Res/Enc/Encaminhar, Dutch Antw/Doorst,
 * Italian R/RIF/I, Polish Odp/PD, Turkish YNT/ILT, Finnish VL, Greek ΑΠ/ΣΧΕΤ,
 * Chinese 回复/答复/回覆/转发/轉寄. "Re[2]:", "Re(2):" and "Re^2:" count too.
 */
const PREFIX_WORDS = [
  "re",
  "fwd?",
  "aw",
  "wg",
  "sv",
  "vs",
  "vb",
  "vl",
  "tr",
  "r[eé]f",
  "rv",
  "reenviar",
  "res",
  "enc",
  "encaminhar",
  "antw",
  "antwort",
  "doorst",
  "r",
  "rif",
  "i",
  "odp",
  "pd",
  "ynt",
  "ilt",
  "απ",
  "σχετ",
];
const CJK_PREFIXES = ["回复", "答复", "回覆", "答覆", "转发", "轉發", "轉寄"];
/** Tags that gateways put in front of the subject of mail from outside the company. */
const TAGS = ["ext", "external", "extern", "externe", "externo", "esterno", "external email", "caution", "spam"];

const PREFIX = new RegExp(
  `^\\s*(?:(?:${PREFIX_WORDS.join("|")})\\s*(?:\\[\\d+\\]|\\(\\d+\\)|\\^\\d+)?\\s*:|(?:${CJK_PREFIXES.join("|")})\\s*:?|\\[(?:${TAGS.join("|")})\\]|(?:ext|external)\\s*:)`,
  "iu",
);

/** The subject with every leading reply/forward prefix and gateway tag removed (case and spacing kept). */
export function stripReplyPrefixes(subject: string): string {
  let rest = subject.normalize("NFKC").trim();
  for (;;) {
    const match = PREFIX.exec(rest);
    if (!match || match[0].length === 0) return rest;
    rest = rest.slice(match[0].length).trimStart();
  }
}

/**
 * The form two subjects are compared in: prefixes and tags removed, accents,
 * case and spacing folded. Equal for "Re: RE: Quick  question" and "quick question".
 */
export function normalizeReplySubject(subject: string): string {
  return fold(stripReplyPrefixes(subject)).toLowerCase().trim();
}

/** Whether a reply's subject is a reply to (or forward of) our subject. */
export function subjectsMatch(ours: string, theirs: string): boolean {
  const a = normalizeReplySubject(ours);
  return a !== "" && a === normalizeReplySubject(theirs);
}
