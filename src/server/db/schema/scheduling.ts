/**
 * Scheduling links (public booking pages); the meetings booked through them
 * are in meetings.ts, beside the contacts they link to.
 *
 * - link_code is the 8-character code in the public URL /schedule/{link_code};
 *   unique across all users because the URL carries nothing else.
 * - duration_minutes is a positive multiple of 15 (the form's minimum and step),
 *   and slots step by it through the available window.
 * - available_days holds lowercase weekday names, at least one (the form
 *   requires one; a link with none could never be booked).
 * - A slot can be booked once: (link_id, scheduled_date) is unique among
 *   meetings still 'scheduled', so two visitors racing for the same time cannot
 *   both succeed, while a cancelled meeting frees its slot.
 * - An owner's scheduled meetings never overlap, across all of their links:
 *   the exclusion constraint scheduled_meetings_no_overlap (btree_gist, written
 *   in migration 0011 because Drizzle cannot declare EXCLUDE) on
 *   (user_id =, tstzrange(scheduled_date, ends_at) &&). ends_at is stored
 *   because an index expression cannot add an interval to a timestamptz.
 * - (user_id, lower(prospect_email)) lets a contact's details find its meetings.
 * - contact_id links a meeting to the contact who proved it was them (the
 *   token of their personal booking link) or whom the owner chose by hand;
 *   only a linked meeting stopped a sequence (decision 018).
 * - booking_horizon_days (1–365) and minimum_notice_hours (0–720) bound the
 *   times a visitor may book: dates up to today + horizon in the link's zone,
 *   starts at least the notice after now (booking-slots.ts).
 * - organizer_name/organizer_email stand for the owner in the invite
 *   (ORGANIZER) and the confirmation (From's name, Reply-To), so the owner's
 *   sign-in address is never shown unless chosen. A new link takes the
 *   owner's first sender account (saved senders before campaign copies),
 *   else their sign-in address; the scheduling_link_rules migration filled
 *   the links made before it the same way.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { weekdays } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, descending, id, isSubsetOf, isTimeOfDay } from "./columns.ts";

export const schedulingLinks = pgTable(
  "scheduling_links",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    durationMinutes: integer("duration_minutes").notNull().default(30),
    availableDays: text("available_days", { enum: weekdays })
      .array()
      .notNull()
      .default(["monday", "tuesday", "wednesday", "thursday", "friday"]),
    availableTimeStart: text("available_time_start").notNull().default("09:00"),
    availableTimeEnd: text("available_time_end").notNull().default("17:00"),
    timezone: text("timezone").notNull().default("Asia/Baghdad"),
    linkCode: text("link_code").notNull().unique("scheduling_links_link_code_unique"),
    isActive: boolean("is_active").notNull().default(true),
    bookingHorizonDays: integer("booking_horizon_days").notNull().default(60),
    minimumNoticeHours: integer("minimum_notice_hours").notNull().default(2),
    organizerName: text("organizer_name").notNull(),
    organizerEmail: text("organizer_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("scheduling_links_user_created_idx").on(t.userId, descending(t.createdAt)),
    check("scheduling_links_duration_minutes_check", sql`${t.durationMinutes} >= 15 and ${t.durationMinutes} % 15 = 0`),
    check(
      "scheduling_links_available_days_check",
      sql`cardinality(${t.availableDays}) >= 1 and ${isSubsetOf(t.availableDays, weekdays)}`,
    ),
    check("scheduling_links_available_time_start_check", isTimeOfDay(t.availableTimeStart)),
    check("scheduling_links_available_time_end_check", isTimeOfDay(t.availableTimeEnd)),
    check("scheduling_links_link_code_check", sql`char_length(${t.linkCode}) = 8`),
    check("scheduling_links_booking_horizon_days_check", sql`${t.bookingHorizonDays} between 1 and 365`),
    check("scheduling_links_minimum_notice_hours_check", sql`${t.minimumNoticeHours} between 0 and 720`),
    check("scheduling_links_organizer_name_check", sql`char_length(${t.organizerName}) between 1 and 100`),
    check("scheduling_links_organizer_email_check", sql`char_length(${t.organizerEmail}) between 3 and 254`),
  ],
);

export type SchedulingLink = typeof schedulingLinks.$inferSelect;
