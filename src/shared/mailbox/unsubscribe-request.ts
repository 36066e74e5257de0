// An unsubscribe request written in a reply ("please remove me", "stop emailing
// me", "kein Interesse, bitte nicht mehr kontaktieren", "退订"): the address is
// suppressed and the sequence stops. Read only in the writer's own text (the
// quoted original carries our footer's unsubscribe link), and not when the
// sentence says the opposite ("I don't want to unsubscribe").
import { findAll, foldText, isNegated, phraseList, phrasePatterns } from "./phrase-matching.ts";
import { normalizeReplySubject } from "./reply-subject.ts";

/** Requests ("please remove me", "stop emailing me"). */
const REQUESTS = phrasePatterns((phrases) => phrases.unsubscribe.requests);

/** A whole reply that is only a command: "STOP", "Unsubscribe.", "退订". */
const COMMANDS = new Set(phraseList((phrases) => phrases.unsubscribe.commands));

/**
 * Our footer (and newsletter footers in general) quoted back without quote
 * marks: "Unsubscribe: https://…", "Unsubscribe [https://…]", "To unsubscribe,
 * click here", "If you no longer wish to receive these emails…".
 */
const FOOTER_LINE = new RegExp(`^\\W*(?:${phraseList((phrases) => phrases.unsubscribe.footerLines).join("|")})`, "i");
const URL = /(?:https?:\/\/|mailto:|www\.)\S+/gi;
const HAS_URL = /(?:https?:\/\/|mailto:|www\.)\S/i;
// Tried at the start of a word only (the lookbehind): /\S+@\S+\.\S+/ tried at every
// position took quadratic time on a long word without "@" (32 KB: 3 s).
const EMAIL_ADDRESS = /(?<!\S)[^\s@]+@[^\s@]+\.\S*/g;
const LINK_ONLY_WORD = new RegExp(
  `^\\W*(?:${phraseList((phrases) => phrases.unsubscribe.linkOnlyWords).join("|")})\\W*$`,
  "i",
);

/** Drops footers quoted back and every link, keeping the writer's sentences. */
function withoutFooters(ownText: string): string {
  return ownText
    .split(/\r?\n/)
    .filter((line) => {
      const folded = foldText(line).folded.trim();
      if (FOOTER_LINE.test(folded)) return false;
      // "Unsubscribe: https://…" / "Unsubscribe <https://…>" is a link, not a sentence.
      return !(HAS_URL.test(folded) && LINK_ONLY_WORD.test(folded.replace(URL, "")));
    })
    .join("\n")
    .replace(URL, " ")
    .replace(EMAIL_ADDRESS, " ");
}

/**
 * A subject that is only a command ("unsubscribe"): what our List-Unsubscribe
 * mailto asks for, and what mail clients send for the person when they click
 * their own Unsubscribe button (Gmail's carries automatic-message wording, so
 * this is read before the auto-reply rules). The rule, or null.
 */
export function unsubscribeSubject(subject: string): string | null {
  const bare = normalizeReplySubject(subject)
    .replace(/[^\p{L}\p{N} ]/gu, "")
    .trim();
  return COMMANDS.has(bare) ? `subject "${subject.trim()}" (unsubscribe request)` : null;
}

/**
 * The rule that makes a reply an unsubscribe request, or null. `ownText` is the
 * reply without its quoted original (#shared/mailbox/quoted-text.ts).
 */
export function detectUnsubscribeRequest(ownText: string, subject = ""): string | null {
  const bySubject = unsubscribeSubject(subject);
  if (bySubject) return bySubject;
  const cleaned = withoutFooters(ownText).trim();
  // "STOP" alone, or on the first line above a signature.
  const firstLine = cleaned.split("\n")[0]!.trim();
  const command = foldText(firstLine)
    .folded.toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, "")
    .trim();
  if (COMMANDS.has(command)) return `the reply says "${firstLine}" (unsubscribe request)`;
  const text = foldText(cleaned);
  for (const match of findAll(text, REQUESTS)) {
    if (!isNegated(text.folded, match)) return `phrase "${match.phrase}" (unsubscribe request)`;
  }
  return null;
}
