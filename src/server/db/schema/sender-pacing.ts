/**
 * Human pacing of a sender mailbox, per user and address (lower-cased): the
 * same mailbox may be a saved sender and a copy in several campaigns
 * (senders.ts), and its pace holds across all of them.
 *
 * - gap_min_seconds–gap_max_seconds: after a send, the mailbox waits a random
 *   gap in this range before its next one (0–0: no gap);
 * - hourly_limit: sends in any rolling hour (null: none);
 * - ramp: a new mailbox starts at ramp_start a day on ramp_started_on and may
 *   send ramp_step more each day after, up to its daily limit;
 * - next_send_at: when the gap after the last send ends; recent_sends: the
 *   claims of the last hour (kept only with an hourly limit); day, day_sent:
 *   the claims of the user's calendar day (the ramp). Written by the claim, on
 *   its clock, when it takes the mailbox's rows: an attempt counts whether or
 *   not it is delivered.
 * No row: no pacing (senders made before pacing existed, and API callers who
 * leave it out). The rules: #shared/sending/pacing.ts, docs/decisions/026-human-pacing.md.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { timestamptz, updatedAt } from "./columns.ts";

export const senderPacing = pgTable(
  "sender_pacing",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The mailbox's address, lower-cased. */
    email: text("email").notNull(),
    gapMinSeconds: integer("gap_min_seconds").notNull().default(0),
    gapMaxSeconds: integer("gap_max_seconds").notNull().default(0),
    hourlyLimit: integer("hourly_limit"),
    rampEnabled: boolean("ramp_enabled").notNull().default(false),
    rampStart: integer("ramp_start").notNull().default(10),
    rampStep: integer("ramp_step").notNull().default(5),
    rampStartedOn: date("ramp_started_on", { mode: "string" }),
    nextSendAt: timestamptz("next_send_at"),
    recentSends: timestamptz("recent_sends").array().notNull().default(sql`'{}'`),
    day: date("day", { mode: "string" }),
    daySent: integer("day_sent").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.email] }),
    check(
      "sender_pacing_gap_check",
      sql`${t.gapMinSeconds} between 0 and 86400 and ${t.gapMaxSeconds} between ${t.gapMinSeconds} and 86400`,
    ),
    check("sender_pacing_hourly_check", sql`${t.hourlyLimit} between 1 and 500`),
    check("sender_pacing_ramp_check", sql`${t.rampStart} between 1 and 500 and ${t.rampStep} between 0 and 500`),
  ],
);
