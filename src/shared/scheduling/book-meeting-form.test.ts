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
  "not an email, name too long": { ...valid, email: "ann", name: "n".repeat(101) },
  "no date, name with a link": { ...valid, date: "", name: "see https://evil.example" },
  "not an email": { ...valid, email: "ann@" },
  "email too long": { ...valid, email: `${"a".repeat(250)}@example.com` },
  "name too long": { ...valid, name: "n".repeat(101) },
  "name of 100": { ...valid, name: "n".repeat(100) },
  "name of 100 with spaces around": { ...valid, name: `  ${"n".repeat(100)}  ` },
  ...Object.fromEntries(
    [
      "J.R. Smith",
      "Dr. Ann Lee",
      "Zoë Ó Briain-Núñez",
      "李小龍",
      "محمد‌رضا", // a zero-width non-joiner belongs in Persian names
      "Ann.Lee",
      "Not Victim1 – see http://evil.example/phish",
      "URGENT pay at evil.example/pay",
      "visit www.evil",
      "ann@evil",
      "evil．example",
      "Ann\nLee",
      "Ann\u2028Lee",
      "Ann\u0007Lee",
      "Ann\u202eeeL",
    ].map((name) => [`name ${JSON.stringify(name)}`, { ...valid, name }]),
  ),
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

describe("a booker's name", () => {
  const problemOf = (name: string) => {
    const result = checkBookMeetingForm({ ...valid, name });
    return result.success ? null : result.problems.name;
  };

  it("is a name: one line, at most 100 characters, no controls, no links", () => {
    for (const name of ["Ann Lee", "J.R. Smith", "Dr. Lee", "O'Neil", "Zoë Ó Briain", "李小龍", "n".repeat(100)]) {
      expect(problemOf(name), name).toBeNull();
    }
    expect(problemOf("n".repeat(101))).toBe("Names are limited to 100 characters");
    for (const name of ["Ann\nLee", "Ann\r\nLee", "Ann\u2028Lee", "Ann\u0085Lee"]) {
      expect(problemOf(name), JSON.stringify(name)).toBe("Names must fit on one line");
    }
    for (const name of ["Ann\u0000", "A\u0007nn", "Ann\tLee", "Ann\u202eeeL", "\u2066Ann\u2069 Lee"]) {
      expect(problemOf(name), JSON.stringify(name)).toBe("Names cannot contain control characters");
    }
    for (const name of [
      "Hi Not Victim1 – see http://evil.example/phish",
      "URGENT – your invoice is overdue, pay at evil.example/pay",
      "HXXPS://EVIL",
      "ftp://x",
      "www.evil",
      "WWW。evil",
      "pay@evil",
      "Ann.Lee",
      "evil.co",
      "evil．example",
      "evil。example",
      "bit.ly/x",
      "xn--80ak6aa92e.com",
    ]) {
      expect(problemOf(name), name).toBe("Names cannot contain links or web addresses");
    }
  });

  it("has its problem under its own field, beside the email's", () => {
    const result = checkBookMeetingForm({ ...valid, email: "ann@", name: "see evil.example" });
    expect(result).toEqual({
      success: false,
      message: "Please enter a valid email address",
      problems: {
        email: "Please enter a valid email address",
        name: "Names cannot contain links or web addresses",
      },
    });
  });
});

it("refuses half a surrogate pair in a name (it could not be stored as typed)", () => {
  const result = checkBookMeetingForm({ ...valid, name: "Ann \ud800 Lee" });
  expect(result.success ? null : result.problems.name).toBe("Names cannot contain control characters");
});
