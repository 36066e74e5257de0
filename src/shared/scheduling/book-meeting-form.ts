// The booking page's form check, without zod: zod would be more than the rest
// of the page (zod/mini too, its schema classes do not tree-shake), and a
// visitor would download it before seeing a time (docs/decisions/011-first-load-size-budget.md).
// The rules, their order and the messages are bookMeetingSchema's (the API
// contract, which the server applies again), email pattern included;
// book-meeting-form.test.ts keeps the two agreeing.
import { bookerNameProblem } from "./booker-name.ts";
import { bookingFormMessages, EMAIL_MAX_LENGTH } from "./booking-form-messages.ts";
import type { BookMeeting } from "./scheduling.schemas.ts";

/**
 * zod's email pattern (zod/v4/core/regexes.js `email`, what `.email()` checks), copied: importing
 * it from zod brings zod's shared helpers onto the page too (docs/decisions/022-measurements-behind-the-code.md).
 * The test compares verdicts with zod's.
 * It is the contacts' rule too (contacts.schemas.ts checks addresses with z.email()).
 */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** What the booking form holds: the chosen date and time ("" while none is), the email and the name typed. */
export type BookMeetingForm = { date: string; time: string; email: string; name?: string | undefined };

/** The field a message belongs to: the page shows it under that field (a missing date or time is the form's). */
export type BookMeetingField = "form" | "email" | "name";

export type BookMeetingFormCheck =
  | { success: true; data: BookMeeting }
  | {
      success: false;
      /** The first rule broken, fields in order: bookMeetingSchema's first issue. */
      message: string;
      /** Every field's first problem, so each can be shown under its own field at once. */
      problems: Partial<Record<BookMeetingField, string>>;
    };

/** bookMeetingSchema's verdict on the form: the trimmed values, or the rules broken (fields in order). */
export function checkBookMeetingForm(form: BookMeetingForm): BookMeetingFormCheck {
  const date = form.date.trim();
  const time = form.time.trim();
  const email = form.email.trim();
  const name = form.name?.trim();
  const problems: Partial<Record<BookMeetingField, string>> = {};
  if (!date || !time) problems.form = bookingFormMessages.requiredFields;
  const emailProblem = !email
    ? bookingFormMessages.requiredFields
    : email.length > EMAIL_MAX_LENGTH
      ? bookingFormMessages.emailTooLong
      : !emailPattern.test(email)
        ? bookingFormMessages.invalidEmail
        : null;
  if (emailProblem) problems.email = emailProblem;
  const nameProblem = name === undefined ? null : bookerNameProblem(name);
  if (nameProblem) problems.name = nameProblem;
  const message = problems.form ?? problems.email ?? problems.name;
  if (message) return { success: false, message, problems };
  return { success: true, data: { date, time, email, ...(name === undefined ? {} : { name }) } };
}
