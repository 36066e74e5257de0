// The calendar API's contract. A month is per-day counts (one query per kind,
// never one per event; a month of 100,000 sends stays small); a day's events
// load when the day is opened, a page at a time. Times are the user's
// timezone setting.
import { z } from "zod";

export const calendarEventTypes = ["scheduled", "sent", "failed", "meeting"] as const;
export type CalendarEventType = (typeof calendarEventTypes)[number];

export const monthQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Use the YYYY-MM month format"),
});

export const dayCountsSchema = z.object({
  scheduled: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  meetings: z.number().int(),
});
export type DayCounts = z.infer<typeof dayCountsSchema>;

/**
 * One event as the calendar shows it. id is prefixed scheduled-, sent- or
 * meeting- (the spec's Calendar event); contactEmail is 'Unknown' when the
 * contact is gone.
 */
export const calendarEventSchema = z.object({
  id: z.string(),
  type: z.enum(calendarEventTypes),
  /** Emails: the step's subject; meetings: the link's title. */
  title: z.string(),
  /** ISO instant. */
  at: z.string(),
  status: z.string().nullable(),
  campaignName: z.string().nullable(),
  contactEmail: z.string(),
  subject: z.string().nullable(),
  stepNumber: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  /** Meetings: their length. */
  durationMinutes: z.number().int().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarDaySchema = z.object({
  /** YYYY-MM-DD in the user's zone. */
  date: z.string(),
  counts: dayCountsSchema,
  /** The day's only event, when it has exactly one (the grid shows its time and title). */
  only: calendarEventSchema.nullable(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const calendarMonthSchema = z.object({
  month: z.string(),
  timezone: z.string(),
  /** Days of the month with at least one event, ascending. */
  days: z.array(calendarDaySchema),
  /** The legend's counts: the whole month. */
  totals: dayCountsSchema,
});
export type CalendarMonth = z.infer<typeof calendarMonthSchema>;

export const dayQuerySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use the YYYY-MM-DD date format"),
  /** Opaque: the previous page's nextCursor. */
  cursor: z.string().optional(),
});

export const calendarDayEventsSchema = z.object({
  date: z.string(),
  timezone: z.string(),
  events: z.array(calendarEventSchema),
  /** More events on this day: pass it as cursor. */
  nextCursor: z.string().nullable(),
});
export type CalendarDayEvents = z.infer<typeof calendarDayEventsSchema>;

export const calendarMessages = {
  loadFailed: "Failed to load calendar data",
} as const;
