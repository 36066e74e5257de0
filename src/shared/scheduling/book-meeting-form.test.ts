import { describe, expect, it } from "vitest";
import { type BookMeetingForm, checkBookMeetingForm } from "./book-meeting-form.ts";
import { bookMeetingSchema } from "./scheduling.schemas.ts";

const valid = { date: "2027-03-01", time: "09:30", email: "ann@example.com" };

// What a visitor can type or leave out; each must get the same verdict, the
// same first message and the same cleaned value from both schemas.
const inputs: Record<string, BookMeetingForm> = {
  valid,
  "valid with name": { ...valid, name: "  Ann Lee " },
  "email with spaces around": { ...valid, email: "  ann@example.com  " },
  "nothing chosen": { date: "", time: "", email: "" },
  "no time": { ...valid, time: "" },
  "blank date": { ...valid, date: "   " },
  "no email": { ...valid, email: "" },
  "blank email": { ...valid, email: "   " },
  "blank name": { ...valid, name: "  " },
  ...Object.fromEntries(
    [
      "ann.lee+tag@mail.example.co.uk",
      "o'neil@example.com",
      "_x@example.io",
      "ann..lee@example.com",
      ".ann@example.com",
      "ann.@example.com",
      "ann@example",
      "ann@-example.com",
      "ann@example.c",
      "ann lee@example.com",
      "ann@exa_mple.com",
      "ann@xn--bcher-kva.example",
      "Ann@Example.COM",
    ].map((email) => [`email ${email}`, { ...valid, email }]),
  ),
  "too long and not an email": { ...valid, email: "x".repeat(300) },
  "not an email, name too long": { ...valid, email: "ann", name: "n".repeat(201) },
  "not an email": { ...valid, email: "ann@" },
  "email too long": { ...valid, email: `${"a".repeat(250)}@example.com` },
  "name too long": { ...valid, name: "n".repeat(201) },
  "name of 200": { ...valid, name: "n".repeat(200) },
};

type ZodResult = { success: true; data: unknown } | { success: false; error: { issues: { message: string }[] } };
const schemaVerdict = (input: BookMeetingForm) => {
  const result = bookMeetingSchema.safeParse(input) as ZodResult;
  return result.success ? { ok: true, data: result.data } : { ok: false, message: result.error.issues[0]?.message };
};
const formVerdict = (input: BookMeetingForm) => {
  const result = checkBookMeetingForm(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, message: result.message };
};

describe("checkBookMeetingForm", () => {
  it.each(Object.entries(inputs))("agrees with bookMeetingSchema: %s", (_name, input) => {
    expect(formVerdict(input)).toEqual(schemaVerdict(input));
  });

  it("says which rule failed", () => {
    expect(formVerdict({ ...valid, email: "" })).toEqual({
      ok: false,
      message: "Please fill in all required fields",
    });
    expect(formVerdict({ ...valid, email: "ann@" })).toEqual({
      ok: false,
      message: "Please enter a valid email address",
    });
    expect(formVerdict({ ...valid, name: "  Ann Lee " })).toEqual({
      ok: true,
      data: { ...valid, name: "Ann Lee" },
    });
  });
});
