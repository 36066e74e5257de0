// What a booker may type as their name on a public booking page. A visitor
// is anyone with the link, and the name is stored and shown to the link's
// owner, so it must read as a name: one line of at most NAME_MAX_LENGTH
// characters, no control or direction-changing characters (which reorder how
// the rest is displayed), and nothing a mail client or a reader would take
// for a link: no scheme (`https://`), no `www.`, no `@`, and no bare domain
// (`evil.example/pay`). A bare domain is a letter or digit, a dot and two or
// more letters with no space between; "J.R. Smith" and "Dr. Lee" pass,
// "Ann.Lee" does not (typed "Ann Lee" it does). Full-width and ideographic
// dots count as dots: some clients link them too.
// No zod here: the public page checks with it before its first download
// finishes (docs/decisions/011); bookMeetingSchema applies the same function.
import { bookingFormMessages, NAME_MAX_LENGTH } from "./booking-form-messages.ts";

const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;
/**
 * C0/C1 controls, the bidirectional marks, embeddings, overrides and isolates, and halves of
 * surrogate pairs (not text: they would be stored as U+FFFD, not as typed).
 */
const CONTROL = /[\p{Cc}\p{Cs}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const SCHEME_OR_WWW = /:\/\/|\bwww[.．。｡]|@|＠/iu;
const BARE_DOMAIN = /[\p{L}\p{N}_-][.．。｡]\p{L}{2,}/u;

/** The first rule a (trimmed) booker's name breaks, or null when it is one. */
export function bookerNameProblem(name: string): string | null {
  if (name.length > NAME_MAX_LENGTH) return bookingFormMessages.nameTooLong;
  if (LINE_BREAK.test(name)) return bookingFormMessages.nameOneLine;
  if (CONTROL.test(name)) return bookingFormMessages.nameControl;
  if (SCHEME_OR_WWW.test(name) || BARE_DOMAIN.test(name)) return bookingFormMessages.nameLink;
  return null;
}
