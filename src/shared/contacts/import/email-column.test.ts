import { describe, expect, it } from "vitest";
import { detectEmailColumn } from "./email-column.ts";

const withAt =
  (...columns: string[]) =>
  (h: string) =>
    columns.includes(h);

describe("detectEmailColumn", () => {
  it.each([
    [["name", "email"], "email"],
    [["name", "work_email"], "work_email"],
    [["name", "e_mail_address"], "e_mail_address"],
    [["name", "mail"], "mail"],
    [["name", "address"], "address"],
    [["name", "contact"], "contact"],
    [["name", "person"], "person"],
  ])("finds %j by header name → %s", (headers, expected) => {
    expect(detectEmailColumn(headers, withAt(expected))).toBe(expected);
  });

  it("does not take headers that only contain address, contact or person", () => {
    expect(detectEmailColumn(["home_address", "contact_name", "x"], withAt("x"))).toBe("x");
  });

  it("prefers an exact email header over one that merely contains mail", () => {
    expect(
      detectEmailColumn(["mailing_list", "work_email", "email"], withAt("mailing_list", "work_email", "email")),
    ).toBe("email");
    expect(detectEmailColumn(["mailing_list", "work_email"], withAt("mailing_list", "work_email"))).toBe("work_email");
  });

  it("falls back to the first column whose values contain an @", () => {
    expect(detectEmailColumn(["name", "who", "other"], withAt("who", "other"))).toBe("who");
  });

  it("skips a named column without addresses when another column has them", () => {
    expect(detectEmailColumn(["contact", "addr"], withAt("addr"))).toBe("addr");
  });

  it("keeps the named column when no column has an @, else the first column", () => {
    expect(detectEmailColumn(["name", "email"], withAt())).toBe("email");
    expect(detectEmailColumn(["name", "phone"], withAt())).toBe("name");
  });
});
