// What one language's data file holds (index.ts lists the languages; ../phrase-matching.ts reads them).
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
  /** What makes a phrase no request ("I don't want to unsubscribe"; ../phrase-matching.ts isNegated). */
  negation: {
    /**
     * Written with spaces: words that negate a phrase from at most two words
     * before it, in the same clause ("do not", "will not" are caught by their
     * "not"); each matches one whole word. Written without spaces: what
     * negates a phrase when it ends right where the phrase starts, the
     * characters it lets come between included.
     */
    negators: readonly string[];
    /** Words that, between a negator and a phrase, leave the phrase standing ("not interested, thanks: remove me"); each matches one whole word. */
    interestWords: readonly string[];
  };
};
