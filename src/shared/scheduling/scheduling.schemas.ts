// The scheduling API's contract: scheduling links (signed-in owner) and the
// public booking page's endpoints (no sign-in). Shared by the server routes,
// the Scheduling Links manager and the booking page. Messages are the spec's
// wording where the spec gives one.
import { z } from "zod";
import { weekdays } from "../db-enums.ts";
import { isValidTimeZone } from "../settings/timezone.ts";
import { bookerNameProblem } from "./booker-name.ts";
import { bookingFormMessages, EMAIL_MAX_LENGTH } from "./booking-form-messages.ts";

/** The spec's timezone configuration: a new link's zone unless the user picks another. */
export const DEFAULT_LINK_TIMEZONE = "Asia/Baghdad";
export const DEFAULT_LINK_DURATION = 30;
export const DEFAULT_LINK_START = "09:00";
export const DEFAULT_LINK_END = "17:00";
export const DEFAULT_LINK_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;
export const LINK_DURATION_STEP = 15;
/** A day has 1440 minutes; a longer meeting could never fit a window. */
export const LINK_DURATION_MAX = 1440;
export const LINK_CODE_LENGTH = 8;
/** A scheduling link's booking horizon (days ahead) and minimum notice (hours before a slot). */
export const DEFAULT_BOOKING_HORIZON_DAYS = 60;
export const BOOKING_HORIZON_MAX_DAYS = 365;
export const DEFAULT_MINIMUM_NOTICE_HOURS = 2;
/** 30 days: a longer notice is a horizon of its own. */
export const MINIMUM_NOTICE_MAX_HOURS = 720;

export const ORGANIZER_NAME_MAX_LENGTH = 100;

/** The link's own rules for when it may be booked (booking-slots.ts), and who the invite is from. */
const horizonDays = z
  .number({ error: "The booking horizon must be a number of days" })
  .int("The booking horizon must be a whole number of days")
  .min(1, `The booking horizon must be between 1 and ${BOOKING_HORIZON_MAX_DAYS} days`)
  .max(BOOKING_HORIZON_MAX_DAYS, `The booking horizon must be between 1 and ${BOOKING_HORIZON_MAX_DAYS} days`);
const noticeHours = z
  .number({ error: "The minimum notice must be a number of hours" })
  .int("The minimum notice must be a whole number of hours")
  .min(0, `The minimum notice must be between 0 and ${MINIMUM_NOTICE_MAX_HOURS} hours (30 days)`)
  .max(
    MINIMUM_NOTICE_MAX_HOURS,
    `The minimum notice must be between 0 and ${MINIMUM_NOTICE_MAX_HOURS} hours (30 days)`,
  );
/** The owner's own text, but it is the display name of mail and invites: one line, no control characters. */
const organizerName = z
  .string()
  .trim()
  .min(1, "Please enter the organizer's name")
  .max(ORGANIZER_NAME_MAX_LENGTH, `Organizer names are limited to ${ORGANIZER_NAME_MAX_LENGTH} characters`)
  .refine((name) => !/[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u.test(name), {
    message: "Organizer names must be one line without control characters",
  });
/** Which addresses are allowed is the server's check (one the owner has shown they use: see scheduling.service.ts). */
const organizerEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, bookingFormMessages.emailTooLong)
  .email(bookingFormMessages.invalidEmail);
const noticeWithinHorizon = (v: { bookingHorizonDays: number; minimumNoticeHours: number }) =>
  v.minimumNoticeHours < v.bookingHorizonDays * 24;
export const noticeTooLongMessage = "The minimum notice must be shorter than the booking horizon";

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the 24-hour HH:MM format");
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const createLinkSchema = z
  .object({
    title: z.string().trim().min(1, "Please enter a title").max(200, "Titles are limited to 200 characters"),
    description: z.string().trim().max(2000, "Descriptions are limited to 2,000 characters").default(""),
    durationMinutes: z
      .number({ error: "Duration must be a number of minutes" })
      .int("Duration must be a whole number of minutes")
      .min(LINK_DURATION_STEP, "Duration must be at least 15 minutes")
      .max(LINK_DURATION_MAX, "Duration cannot exceed 1,440 minutes")
      .multipleOf(LINK_DURATION_STEP, "Duration must be a multiple of 15 minutes"),
    availableDays: z
      .array(z.enum(weekdays))
      .min(1, "Please select at least one available day")
      .refine((days) => new Set(days).size === days.length, "Each day can be listed once"),
    availableTimeStart: timeOfDay,
    availableTimeEnd: timeOfDay,
    timezone: z.string().refine(isValidTimeZone, "Choose a valid timezone"),
    /** Days ahead a visitor may book: dates up to today + this, in the link's zone. */
    bookingHorizonDays: horizonDays.default(DEFAULT_BOOKING_HORIZON_DAYS),
    /** Hours between now and the earliest start a visitor may book. */
    minimumNoticeHours: noticeHours.default(DEFAULT_MINIMUM_NOTICE_HOURS),
    /** Left out: the owner's first sender account (GET /api/scheduling-links/organizer). */
    organizerName: organizerName.optional(),
    organizerEmail: organizerEmail.optional(),
  })
  .refine(noticeWithinHorizon, { path: ["minimumNoticeHours"], message: noticeTooLongMessage })
  .refine((v) => minutes(v.availableTimeEnd) > minutes(v.availableTimeStart), {
    path: ["availableTimeEnd"],
    message: "End time must be after start time",
  })
  .refine((v) => minutes(v.availableTimeEnd) - minutes(v.availableTimeStart) >= v.durationMinutes, {
    path: ["durationMinutes"],
    message: "The meeting must fit between the start and end times",
  });
export type CreateLinkInput = z.input<typeof createLinkSchema>;
export type CreateLink = z.output<typeof createLinkSchema>;

/**
 * PATCH /api/scheduling-links/{id}: deactivate or reactivate, change the booking rules or the
 * organizer. The notice against the horizon is checked with the stored values (scheduling.service.ts).
 * An empty body changes nothing and answers the link (or 404: another user's id is never a 400).
 */
export const updateLinkSchema = z.object({
  isActive: z.boolean().optional(),
  bookingHorizonDays: horizonDays.optional(),
  minimumNoticeHours: noticeHours.optional(),
  organizerName: organizerName.optional(),
  organizerEmail: organizerEmail.optional(),
});
export type UpdateLink = z.infer<typeof updateLinkSchema>;

/** A link's own fields: what its owner and its visitors both see. */
const linkFields = {
  linkCode: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.number().int(),
  availableDays: z.array(z.enum(weekdays)),
  availableTimeStart: z.string(),
  availableTimeEnd: z.string(),
  timezone: z.string(),
};

export const schedulingLinkSchema = z.object({
  id: z.string(),
  ...linkFields,
  isActive: z.boolean(),
  bookingHorizonDays: z.number().int(),
  minimumNoticeHours: z.number().int(),
  organizerName: z.string(),
  organizerEmail: z.string(),
  /** The public booking page, absolute: PUBLIC_URL + /schedule/{linkCode}. */
  publicUrl: z.string(),
  /** Meetings still scheduled and not yet ended (the manager shows the count). */
  upcomingMeetings: z.number().int(),
  createdAt: z.string(),
});
export type SchedulingLinkDto = z.infer<typeof schedulingLinkSchema>;

export const schedulingLinkListSchema = z.object({ links: z.array(schedulingLinkSchema) });

/** GET /api/scheduling-links/organizer: a new link's organizer, and the addresses one may use. */
export const organizerOptionsSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** The owner's sender accounts' addresses (saved first), then the sign-in address. */
  addresses: z.array(z.string()),
});
export type OrganizerOptions = z.infer<typeof organizerOptionsSchema>;
export type SchedulingLinkList = z.infer<typeof schedulingLinkListSchema>;

// ---- Public booking page (no sign-in) ---------------------------------------

/** What a visitor may see of a link: its own fields, nothing about the owner. */
export const publicLinkSchema = z.object({
  ...linkFields,
  /** Today in the link's zone (YYYY-MM-DD): the first date the picker allows. */
  today: z.string(),
  /** Today + the link's booking horizon: the last date the picker allows. */
  lastDate: z.string(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use the YYYY-MM-DD date format");

export const slotsQuerySchema = z.object({ date: localDate });

export const slotSchema = z.object({
  /** 'HH:MM' on the link's wall clock. */
  time: z.string(),
  /** The instant (ISO, UTC) the slot starts. */
  startsAt: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

/** The free slots of one date: on the grid, not past, not overlapping any of the owner's meetings. */
export const slotListSchema = z.object({ date: z.string(), slots: z.array(slotSchema) });
export type SlotList = z.infer<typeof slotListSchema>;

/**
 * Date, time and email are required ('Please fill in all required fields'); the server checks the rest.
 * The booking page checks its form with checkBookMeetingForm (book-meeting-form.ts): the same rules and
 * messages without zod in a visitor's first download; its test keeps the two agreeing.
 */
const required = { error: bookingFormMessages.requiredFields };
export const bookMeetingSchema = z.object({
  date: z.string(required).trim().min(1, required.error),
  time: z.string(required).trim().min(1, required.error),
  email: z
    .string(required)
    .trim()
    .min(1, required.error)
    .max(EMAIL_MAX_LENGTH, bookingFormMessages.emailTooLong)
    .email(bookingFormMessages.invalidEmail),
  /** Limited by bookerNameProblem (booker-name.ts): one line, no links, at most NAME_MAX_LENGTH characters. */
  name: z
    .string()
    .trim()
    .superRefine((name, ctx) => {
      const problem = bookerNameProblem(name);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  /** The personal link's token (?t= on the page): proves which contact books. Invalid: booked, linked to nobody. */
  token: z.string().max(500, "The booking link's token must be at most 500 characters.").optional(),
});
export type BookMeeting = z.infer<typeof bookMeetingSchema>;

export const bookedMeetingSchema = z.object({
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  timezone: z.string(),
  title: z.string(),
});
export type BookedMeeting = z.infer<typeof bookedMeetingSchema>;

/** The meeting behind a cancel link (/schedule/cancel/{token}). */
export const publicMeetingSchema = bookedMeetingSchema.extend({
  status: z.enum(["scheduled", "cancelled", "completed"]),
});
export type PublicMeeting = z.infer<typeof publicMeetingSchema>;

export { schedulingMessages } from "./scheduling-messages.ts";
