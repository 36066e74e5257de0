// Email Classification of a person's reply: transparent rules, tried in a fixed
// order, each naming what it found ("phrase "let's schedule a call" (meeting
// request)"), shown on hover. The order is the precedence:
//   1. unsubscribe request: the writer wants no more mail, whatever else they say;
//   2. wrong person: they are not the one to talk to (or have left);
//   3. not interested: a refusal, also "not right now, maybe in Q3" (a polite
//      no with a date is still a no today: the user decides whether to come back);
//   4. meeting request: a call, a meeting, a time;
//   5. interested: wants to know more;
//   6. other.
// Bounces and auto-replies are decided before this, from headers and formats
// (#shared/mailbox/analyze-inbound.ts); this reads only the writer's own text.
import type { ReplyClass } from "../db-enums.ts";
import { personLeftPatterns } from "./auto-reply.ts";
import { findAll, foldText, isNegated, phrasePatterns } from "./phrase-matching.ts";
import { detectUnsubscribeRequest } from "./unsubscribe-request.ts";

export type ReplyClassification = { replyClass: ReplyClass; classRule: string };

/** How a class is named in a rule. */
export const replyClassLabels: Readonly<Record<ReplyClass, string>> = {
  interested: "interested",
  not_interested: "not interested",
  meeting_request: "meeting request",
  out_of_office: "out of office",
  unsubscribe_request: "unsubscribe request",
  wrong_person: "wrong person",
  bounce: "bounce",
  other: "other",
};

const WRONG_PERSON = [...phrasePatterns((phrases) => phrases.reply.wrongPerson), ...personLeftPatterns];
const NOT_INTERESTED = phrasePatterns((phrases) => phrases.reply.notInterested);
const MEETING_REQUEST = phrasePatterns((phrases) => phrases.reply.meetingRequest);
const INTERESTED = phrasePatterns((phrases) => phrases.reply.interested);

/** One rule of the classifier: what it looks for and the class it gives. */
export type ReplyRule = {
  replyClass: ReplyClass;
  /** The rule's text when it fires, or null. */
  test: (input: { subject: string; text: string }) => string | null;
};

function phraseRule(replyClass: ReplyClass, patterns: readonly RegExp[], negatable: boolean): ReplyRule {
  return {
    replyClass,
    test: ({ text }) => {
      const folded = foldText(text);
      for (const match of findAll(folded, patterns)) {
        if (negatable && isNegated(folded.folded, match)) continue;
        return `phrase "${match.phrase}" (${replyClassLabels[replyClass]})`;
      }
      return null;
    },
  };
}

/** The rules, in order of precedence: the first that fires decides. */
export const replyRules: readonly ReplyRule[] = [
  { replyClass: "unsubscribe_request", test: ({ text, subject }) => detectUnsubscribeRequest(text, subject) },
  phraseRule("wrong_person", WRONG_PERSON, false),
  phraseRule("not_interested", NOT_INTERESTED, false),
  phraseRule("meeting_request", MEETING_REQUEST, true),
  phraseRule("interested", INTERESTED, true),
];

/**
 * The class of a person's reply from its own text (without the quoted
 * original, #shared/mailbox/quoted-text.ts) and subject, with the rule that decided.
 */
export function classifyReply(input: { subject: string; text: string }): ReplyClassification {
  for (const rule of replyRules) {
    const fired = rule.test(input);
    if (fired) return { replyClass: rule.replyClass, classRule: fired };
  }
  return { replyClass: "other", classRule: "no rule matched" };
}
