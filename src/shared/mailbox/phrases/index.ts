// The languages the mailbox rules read, one data file each; a new language is a
// new file listed here. The rules (../classify-reply.ts, ../auto-reply.ts,
// ../unsubscribe-request.ts) read each list in every language, in the order of
// `languages`.
import { cjk, words } from "../phrase-matching.ts";
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { nl } from "./nl.ts";
import { pt } from "./pt.ts";
import { zh } from "./zh.ts";

/**
 * One language's phrases. The phrase lists are regex sources written in folded
 * form (no accents, straight apostrophes, single spaces; ../phrase-matching.ts)
 * and matched case-insensitively.
 */
export type Phrases = {
  /** Phrases match whole words; false for scripts written without spaces (Chinese), where they match anywhere. */
  wholeWords: boolean;
  /** A person's reply, by class (../classify-reply.ts); person-left phrases also count as wrong person. */
  reply: {
    wrongPerson: readonly string[];
    /** Refusals, "not right now, maybe in Q3" too. */
    notInterested: readonly string[];
    meetingRequest: readonly string[];
    interested: readonly string[];
  };
  /** Automatic replies (../auto-reply.ts). */
  autoReply: {
    /** Out-of-office or automatic-reply words in a subject. */
    outOfOfficeSubject: readonly string[];
    /** Sentences only a machine writes. */
    machineSentences: readonly string[];
    /** Out-of-office sentences people write too (a weak signal). */
    outOfOfficeSentences: readonly string[];
    /** The person has left. */
    personLeft: readonly string[];
    /** The mailbox says nobody reads it. */
    mailboxUnread: readonly string[];
  };
  /** Unsubscribe requests written in a reply (../unsubscribe-request.ts). */
  unsubscribe: {
    requests: readonly string[];
    /** A whole reply, first line or subject that is only a command: folded, lower case, no punctuation. */
    commands: readonly string[];
    /** How a quoted-back newsletter footer line starts (one alternative of a regex). */
    footerLines: readonly string[];
    /** The word that is a whole line beside an unsubscribe link ("Unsubscribe: https://…"). */
    linkOnlyWords: readonly string[];
  };
};

export const languages: readonly Phrases[] = [en, de, fr, es, pt, nl, it, zh];

/** One phrase list in every language, compiled, one pattern per phrase. */
export function phrasePatterns(list: (phrases: Phrases) => readonly string[]): RegExp[] {
  return languages.flatMap((language) => (language.wholeWords ? words : cjk)(list(language)));
}

/** One list in every language, as written. */
export function phraseList(list: (phrases: Phrases) => readonly string[]): string[] {
  return languages.flatMap(list);
}
