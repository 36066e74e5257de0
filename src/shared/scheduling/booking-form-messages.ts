// The booking form's limits and messages, shared by bookMeetingSchema (the API) and
// checkBookMeetingForm (the page). Apart from scheduling-messages.ts: the booking page loads
// these with its form check, after the first paint (docs/decisions/011), not in its first download.
import { schedulingMessages } from "./scheduling-messages.ts";

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
