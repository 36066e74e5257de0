/**
 * The meetings booked through scheduling links (scheduling.ts has the rules
 * of both: a slot booked once, no overlap, the contact link). A module of
 * its own: a meeting refers to a contact, and a contact's campaign to a
 * scheduling link, so with the links they made an import cycle.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { meetingStatuses } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, id, isOneOf, lower, timestamptz } from "./columns.ts";
import { contacts } from "./contacts.ts";
import { schedulingLinks } from "./scheduling.ts";

export const scheduledMeetings = pgTable(
  "scheduled_meetings",
  {
    id: id(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => schedulingLinks.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    prospectEmail: text("prospect_email").notNull(),
    prospectName: text("prospect_name"),
    /**
     * The contact the meeting is linked to: booked through that contact's
     * personal link (a valid token), or linked by the owner by hand. Null: a
     * booking through the bare link, which proves nobody and stopped nothing.
     */
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    scheduledDate: timestamptz("scheduled_date").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** scheduled_date + duration_minutes (see the header). */
    endsAt: timestamptz("ends_at").notNull(),
    /** The link's zone when booked: the confirmation and the invite name it. */
    timezone: text("timezone").notNull(),
    status: text("status", { enum: meetingStatuses }).notNull().default("scheduled"),
    cancelledAt: timestamptz("cancelled_at"),
    /**
     * Mail still owed for this meeting: 'booked' (the prospect's confirmation
     * and the owner's notice) or 'cancelled' (both cancellation notices); null
     * once sent. Written in the same statement as the booking or the cancel,
     * so a process that dies before the mail went leaves it here for the
     * worker's sweep (features/scheduling/meeting-notices.ts).
     */
    noticesPending: text("notices_pending", { enum: ["booked", "cancelled"] }),
    /** When a process took the pending notices on; another takes them over after the lease. */
    noticesClaimedAt: timestamptz("notices_claimed_at"),
    /** Tries so far; the sweep gives up (and logs) after a few, so a refused address is not retried forever. */
    noticesAttempts: integer("notices_attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("scheduled_meetings_link_slot_unique")
      .on(t.linkId, t.scheduledDate)
      .where(sql`${t.status} = 'scheduled'`),
    index("scheduled_meetings_user_date_idx").on(t.userId, t.scheduledDate),
    index("scheduled_meetings_user_email_idx").on(t.userId, lower(t.prospectEmail)),
    // The ON DELETE SET NULL from contacts (a campaign's deletion) finds the rows through it.
    index("scheduled_meetings_contact_idx").on(t.contactId).where(sql`${t.contactId} is not null`),
    // Booked slots of a link (booking page) and the cascade when a link is deleted.
    index("scheduled_meetings_link_date_idx").on(t.linkId, t.scheduledDate),
    check("scheduled_meetings_duration_minutes_check", sql`${t.durationMinutes} > 0`),
    check("scheduled_meetings_ends_at_check", sql`${t.endsAt} > ${t.scheduledDate}`),
    check("scheduled_meetings_notices_pending_check", isOneOf(t.noticesPending, ["booked", "cancelled"])),
    index("scheduled_meetings_notices_pending_idx").on(t.noticesClaimedAt).where(sql`${t.noticesPending} is not null`),
    check("scheduled_meetings_status_check", isOneOf(t.status, meetingStatuses)),
  ],
);

export type ScheduledMeeting = typeof scheduledMeetings.$inferSelect;
