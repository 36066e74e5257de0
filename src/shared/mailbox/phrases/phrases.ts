// What one language's data file holds (index.ts lists the languages; the rules read them).
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
