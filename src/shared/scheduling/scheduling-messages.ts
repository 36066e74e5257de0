// The scheduling pages' messages, apart from the schemas: the public booking
// and cancel pages show them without loading zod (scheduling.schemas.ts builds
// its schemas with zod's full API when imported). Spec wording where it gives one.
export const schedulingMessages = {
  linkCreated: "Scheduling link created successfully",
  linkCreateFailed: "Failed to create scheduling link",
  linkDeleted: "Scheduling link deleted",
  linkDeleteFailed: "Failed to delete scheduling link",
  linksLoadFailed: "Failed to load scheduling links",
  linkCopied: "Link copied to clipboard",
  linkNotFound: "Scheduling link not found",
  linkLoadFailed: "Failed to load scheduling link",
  meetingScheduled: "Meeting scheduled successfully!",
  meetingFailed: "Failed to schedule meeting",
  requiredFields: "Please fill in all required fields",
  slotTaken: "That time was just booked. Please choose another time.",
  slotUnavailable: "That time is not available. Please choose another time.",
  meetingNotFound: "Meeting not found",
  meetingCancelled: "Your meeting has been cancelled",
  meetingStarted: "This meeting has already started and can no longer be cancelled",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
} as const;

/** The booking form's limits and messages, shared by bookMeetingSchema and checkBookMeetingForm. */
export const EMAIL_MAX_LENGTH = 254;
/** A person's name fits in 100 characters; more is room for a message, which a name must not carry. */
export const NAME_MAX_LENGTH = 100;
export const bookingFormMessages = {
  requiredFields: schedulingMessages.requiredFields,
  invalidEmail: "Please enter a valid email address",
  emailTooLong: "Email addresses are limited to 254 characters",
  nameTooLong: "Names are limited to 100 characters",
  nameOneLine: "Names must fit on one line",
  nameControl: "Names cannot contain control characters",
  nameLink: "Names cannot contain links or web addresses",
} as const;

/** A scheduling link's booking horizon (days ahead) and minimum notice (hours before a slot). */
export const DEFAULT_BOOKING_HORIZON_DAYS = 60;
export const BOOKING_HORIZON_MAX_DAYS = 365;
export const DEFAULT_MINIMUM_NOTICE_HOURS = 2;
/** 30 days: a longer notice is a horizon of its own. */
export const MINIMUM_NOTICE_MAX_HOURS = 720;
