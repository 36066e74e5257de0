// The booking page's form check, without zod: zod is about 35 KB gzipped
// (zod/mini still 23 KB, its schema classes do not tree-shake), more than the
// rest of the page, and a visitor would download it before seeing a time.
// The rules, their order and the messages are bookMeetingSchema's (the API
// contract, which the server applies again), email pattern included;
// book-meeting-form.test.ts keeps the two agreeing (docs/decisions/011).
import type { BookMeeting } from "./scheduling.schemas.ts";
import { bookingFormMessages, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "./scheduling-messages.ts";

/**
 * zod's email pattern (zod/v4/core/regexes.js `email`, what `.email()` checks), copied: importing
 * it from zod brings 7 KB gzipped of zod's helpers along. The test compares verdicts with zod's.
 */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What the booking form holds: the chosen date and time ("" while none is), the email and the name typed. */
export type BookMeetingForm = { date: string; time: string; email: string; name?: string | undefined };

export type BookMeetingFormCheck = { success: true; data: BookMeeting } | { success: false; message: string };

/** bookMeetingSchema's verdict on the form: the trimmed values, or the first rule broken (fields in order). */
export function checkBookMeetingForm(form: BookMeetingForm): BookMeetingFormCheck {
  const date = form.date.trim();
  const time = form.time.trim();
  const email = form.email.trim();
  const name = form.name?.trim();
  const problem =
    !date || !time || !email
      ? bookingFormMessages.requiredFields
      : email.length > EMAIL_MAX_LENGTH
        ? bookingFormMessages.emailTooLong
        : !emailPattern.test(email)
          ? bookingFormMessages.invalidEmail
          : name !== undefined && name.length > NAME_MAX_LENGTH
            ? bookingFormMessages.nameTooLong
            : null;
  if (problem) return { success: false, message: problem };
  return { success: true, data: { date, time, email, ...(name === undefined ? {} : { name }) } };
}
