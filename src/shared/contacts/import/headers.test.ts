import { describe, expect, it } from "vitest";
import { normaliseHeader, uniqueHeaders } from "./headers.ts";

describe("normaliseHeader", () => {
  it.each([
    ["First Name", "first_name"],
    ["E-mail Address", "e_mail_address"],
    ["  Email  ", "email"],
    ["COMPANY", "company"],
    ["Phone #", "phone"],
    ["Job Title / Role", "job_title_role"],
    ["first__name", "first_name"],
    ["(Notes)", "notes"],
    ["Prénom", "prénom"],
    ["Zip Code 2", "zip_code_2"],
    ["", ""],
    ["---", ""],
  ])("%j → %j", (raw, expected) => {
    expect(normaliseHeader(raw)).toBe(expected);
  });
});

describe("uniqueHeaders", () => {
  it("makes repeated headers unique with _2, _3", () => {
    expect(uniqueHeaders(["Email", "email", "E-mail", "EMAIL"])).toEqual(["email", "email_2", "e_mail", "email_3"]);
  });

  it("names blank headers by position", () => {
    expect(uniqueHeaders(["email", "", "  ", "name"])).toEqual(["email", "column_2", "column_3", "name"]);
  });

  it("never produces a name the file already uses", () => {
    expect(uniqueHeaders(["email", "email", "email_2"])).toEqual(["email", "email_3", "email_2"]);
  });
});
