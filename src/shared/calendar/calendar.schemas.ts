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
  /** Meetings: the name the booker typed (null: none, or not a meeting). */
  prospectName: z.string().nullable(),
  /**
   * Meetings: the contact it is linked to (booked through their personal link,
   * or linked by hand); null: not linked to a contact (or not a meeting).
   */
  linkedContact: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
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

/** Event details → 'Link to contact': the owner's contact the meeting is with. */
export const linkMeetingInputSchema = z
  .object({ contactId: z.uuid("Contact not found") })
  .meta({ id: "LinkMeetingInput" });
export type LinkMeetingInput = z.infer<typeof linkMeetingInputSchema>;

export const linkedMeetingSchema = z
  .object({
    meetingId: z.string(),
    linkedContact: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }),
    /** Queued steps the link stopped (the contact's address, every campaign of the owner). */
    stoppedSteps: z.number().int(),
  })
  .meta({ id: "LinkedMeeting" });
export type LinkedMeeting = z.infer<typeof linkedMeetingSchema>;

/** Contacts the 'Link to contact' picker offers: the owner's, searched; the booker's address first. */
export const meetingContactsQuerySchema = z.object({
  search: z.string().max(200).optional(),
});
export const meetingContactSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  campaignName: z.string(),
  /** Its address is the one the booker typed. */
  matchesBooker: z.boolean(),
});
export type MeetingContact = z.infer<typeof meetingContactSchema>;
export const meetingContactListSchema = z.object({ contacts: z.array(meetingContactSchema) });
export type MeetingContactList = z.infer<typeof meetingContactListSchema>;

export const calendarMessages = {
  loadFailed: "Failed to load calendar data",
  notLinked: "Not linked to a contact",
  meetingNotFound: "Meeting not found",
  contactNotFound: "Contact not found",
} as const;
