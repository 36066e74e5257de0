// A lead's status across campaigns (docs/product.md §24, decision 036): what
// each status is called, what the app sets by itself and when it must leave a
// status alone. The server applies the same rule in SQL, set-based
// (#server/domain/lead-status.ts builds it from the tables below, and a test
// checks it against `nextLeadStatus` for every pair of statuses).
import type { InboundKind, LeadStatus, LeadStatusSource, ReplyClass } from "../db-enums.ts";

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  replied: "Replied",
  interested: "Interested",
  meeting_booked: "Meeting booked",
  not_interested: "Not interested",
  wrong_person: "Wrong person",
  out_of_office: "Out of office",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

/**
 * Who made a change, as the history says it: the user, or the app and from
 * what (the mailbox's changes are a reply's reading, a bounce report or a
 * complaint; the engine's a send or a refusal).
 */
export function leadChangeAuthor(source: LeadStatusSource, to: LeadStatus, suggested = false): string {
  switch (source) {
    case "user":
      return "You";
    case "api":
      return "You, through the API";
    case "sending":
      return to === "bounced" ? "The app, from a send that bounced" : "The app, from a send";
    case "mailbox":
      if (to === "bounced") return "The app, from a bounce report";
      // The only opt-out the mailbox states as a fact is a provider's complaint report.
      if (to === "unsubscribed" && !suggested) return "The app, from a spam complaint";
      return "The app, from a reply";
    case "booking":
      return "The app, from a booking";
    case "unsubscribe":
      return "The unsubscribe link";
  }
}

/**
 * How far along a lead is: an automatic change only moves a lead forward
 * (Contacted never replaces Replied). An out-of-office answer ranks below a
 * reply, so the person's real answer when they are back replaces it; the
 * readings of a reply (Interested, Not interested, Wrong person) share a rank,
 * so a later reply's reading replaces an earlier suggestion; Unsubscribed and
 * Bounced are last: nothing comes after them.
 */
export const leadStatusRank: Record<LeadStatus, number> = {
  new: 0,
  contacted: 1,
  out_of_office: 2,
  replied: 3,
  interested: 4,
  not_interested: 4,
  wrong_person: 4,
  meeting_booked: 5,
  unsubscribed: 6,
  bounced: 6,
};

/** Statuses that state a fact about the address when not suggested: it opted out, or it can never take mail. */
export const factStatuses: readonly LeadStatus[] = ["unsubscribed", "bounced"];

/** Sources that are the user: what they set is changed only by them (or by a fact). */
export const userSources: readonly LeadStatusSource[] = ["user", "api"];

/**
 * What a reply's class suggests. A meeting request is Interested, not Meeting
 * booked: Meeting booked means a meeting exists (a booking), and the filter
 * must be able to find exactly those. 'other' is Replied, and not a
 * suggestion: that they answered is a fact; only a class's reading is a guess.
 * A bounce is never a reply (the mailbox applies it as a bounce).
 */
export function replyLeadStatus(replyClass: ReplyClass | null): { status: LeadStatus; suggested: boolean } {
  switch (replyClass) {
    case "interested":
    case "meeting_request":
      return { status: "interested", suggested: true };
    case "not_interested":
      return { status: "not_interested", suggested: true };
    case "out_of_office":
      return { status: "out_of_office", suggested: true };
    case "wrong_person":
      return { status: "wrong_person", suggested: true };
    case "unsubscribe_request":
      return { status: "unsubscribed", suggested: true };
    default:
      return { status: "replied", suggested: false };
  }
}

/**
 * What an inbound message answering a send says about its lead, or null for
 * nothing: a reply (or an emailed opt-out) by its class; an auto-reply only
 * when it is an out-of-office or says the person left (a delivery notice is
 * neither); a hard bounce (and a spam complaint) are facts. A soft bounce says
 * nothing about the address.
 */
export function inboundLeadStatus(
  kind: InboundKind | "complaint",
  replyClass: ReplyClass | null,
  hardBounce = false,
): { status: LeadStatus; suggested: boolean } | null {
  if (kind === "reply" || kind === "unsubscribe") return replyLeadStatus(replyClass);
  if (kind === "auto_reply") {
    return replyClass === "out_of_office" || replyClass === "wrong_person"
      ? { status: replyClass, suggested: true }
      : null;
  }
  if (kind === "bounce") return hardBounce ? { status: "bounced", suggested: false } : null;
  // A complaint is an opt-out the provider reports for the person.
  if (kind === "complaint") return { status: "unsubscribed", suggested: false };
  return null;
}

/** A lead's stored status; none means New. */
export type LeadState = { status: LeadStatus; suggested: boolean; source: LeadStatusSource };

/** A change someone asks for: the user (or their API key) or the app. */
export type LeadStatusProposal = LeadState;

const isFact = (s: LeadState) => !s.suggested && factStatuses.includes(s.status);
const isUserSet = (s: LeadState) => !s.suggested && userSources.includes(s.source) && s.status !== "new";

/**
 * The status after `change`, or null when it changes nothing (no history row,
 * no event). The user may set anything (choosing the suggested status confirms
 * it). The app's own changes:
 * - never overwrite what the user set, except a fact (an unsubscribe or a hard
 *   bounce): the address really cannot be mailed, whatever the user thought;
 *   a user's New hands the lead back to the app;
 * - never replace a fact;
 * - only move forward (a higher rank), or replace a suggestion of the same
 *   rank (a later reply's reading), or confirm a suggestion (the same status,
 *   no longer suggested: an emailed opt-out, then the link).
 */
export function nextLeadStatus(current: LeadState | null, change: LeadStatusProposal): LeadState | null {
  const now: LeadState = current ?? { status: "new", suggested: false, source: "sending" };
  const same = now.status === change.status;
  if (same && (now.suggested === change.suggested || (!now.suggested && change.suggested))) {
    // Nothing new, or a suggestion of what is already known; the user re-choosing it is no change either.
    return null;
  }
  if (current === null && change.status === "new") return null;
  if (userSources.includes(change.source)) return { ...change, suggested: false };
  if (now.status === "new") return change;
  if (isFact(now)) return null;
  if (isUserSet(now)) return isFact(change) ? change : null;
  if (same) return change; // a suggestion confirmed
  const ahead = leadStatusRank[change.status] - leadStatusRank[now.status];
  return ahead > 0 || (ahead === 0 && now.suggested) ? change : null;
}
