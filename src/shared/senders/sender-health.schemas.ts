// Sender health API contract (GET /api/senders/health): every saved sender's
// recent figures and its badge with the rule behind it (./sender-health.ts).
import { z } from "zod";
import { domainCheckStatuses } from "../db-enums.ts";
import { senderHealthBadges } from "./sender-health.ts";

const count = z.number().int().min(0);
/** A percent with one decimal. */
const rate = z.number().min(0);
const replyFigures = {
  /** Emails sent (not failed), the reply rate's base. */
  sent: count,
  /** Emails answered by a reply received in the period (several replies to one email count once). */
  replies: count,
  /** replies / sent, whole percent, at most 100 (a reply may answer an email sent before the period). */
  replyRate: rate,
};

export const senderHealthSchema = z
  .object({
    senderId: z.string(),
    /** The address the figures are counted for (lowercased). */
    address: z.string(),
    /**
     * The last 7 and 30 UTC days, today included (the Senders statistics'
     * periods). Sends: emails sent (by when sent) or failed (by when
     * attempted); hard bounces: failed with a permanent user-unknown or
     * domain-not-found reason; spam placements: its emails that a mailbox sync
     * found in a spam folder, by when they were found.
     */
    last7Days: z.object({
      sends: count,
      hardBounces: count,
      hardBounceRate: rate,
      spamPlacements: count,
      /** Failed for a reason about the sender (authentication, policy, reputation, reverse DNS, content). */
      senderWarnings: count,
      ...replyFigures,
    }),
    last30Days: z.object({
      sends: count,
      hardBounces: count,
      hardBounceRate: rate,
      spamPlacements: count,
      ...replyFigures,
    }),
    /** Today on the user's calendar day, as the sending engine counts it, every campaign's copy of the mailbox included. */
    today: z.object({
      day: z.string(),
      sent: count,
      /** The saved sender's daily limit, or its ramp's allowance today when that is lower. */
      cap: count,
    }),
    /** The last check of the sender's domain (Deliverability, or the sender's Domain health panel). */
    domain: z.object({
      name: z.string(),
      /** null: never checked. */
      checks: z
        .object({
          spf: z.enum(domainCheckStatuses),
          dkim: z.enum(domainCheckStatuses),
          dmarc: z.enum(domainCheckStatuses),
          checkedAt: z.string(),
        })
        .nullable(),
    }),
    /** Set while bounce protection holds the mailbox. */
    paused: z.object({ since: z.string(), detail: z.string().nullable() }).nullable(),
    /** The bounce-rate thresholds the badge was decided with. */
    thresholds: z.object({ bounceRatePercent: z.number(), minSends: z.number(), windowDays: z.number() }),
    badge: z.enum(senderHealthBadges),
    /** What made it this badge, one sentence each (empty when Healthy). */
    reasons: z.array(z.string()),
    /** The badge's rule, in words. */
    rule: z.string(),
  })
  .meta({ id: "SenderHealth" });
export type SenderHealth = z.infer<typeof senderHealthSchema>;

export const senderHealthListSchema = z
  .object({
    /** The instant the figures were read at (the server's now): the periods end with its UTC day. */
    asOf: z.string(),
    senders: z.array(senderHealthSchema),
  })
  .meta({ id: "SenderHealthList" });
export type SenderHealthList = z.infer<typeof senderHealthListSchema>;
