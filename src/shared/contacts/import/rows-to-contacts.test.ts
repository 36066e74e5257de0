import { beforeAll, describe, expect, it } from "vitest";
import { installFieldMessages } from "../../api/field-messages.ts";
import { rowsToContacts } from "./rows-to-contacts.ts";
import { toContactInput } from "./to-contact-input.ts";

// As in the import worker: messages name the field and the limit.
beforeAll(() => installFieldMessages());

describe("rowsToContacts", () => {
  it("keys records by normalised header and keeps only non-empty, trimmed cells", () => {
    const result = rowsToContacts(
      ["Email", "First Name", "Company"],
      [
        [" jane@acme.io ", "Jane", ""],
        ["kim@acme.io", "  ", "Acme"],
      ],
    );
    expect(result.fields).toEqual(["email", "first_name", "company"]);
    expect(result.emailColumn).toBe("email");
    expect(result.contacts).toEqual([
      { email: "jane@acme.io", first_name: "Jane" },
      { email: "kim@acme.io", company: "Acme" },
    ]);
    expect(result.truncated).toBe(0);
  });

  it("drops blank rows, reads short rows as padded and drops cells beyond the last header", () => {
    const result = rowsToContacts(
      ["email", "name", "city"],
      [["a@x.io"], ["", " ", ""], ["b@x.io", "Bo", "Oslo", "extra", "more"]],
    );
    expect(result.contacts).toEqual([{ email: "a@x.io" }, { email: "b@x.io", name: "Bo", city: "Oslo" }]);
    expect(result.totalRows).toBe(2);
  });

  it("finds the address column by its values when no header names it", () => {
    const result = rowsToContacts(["name", "who"], [["Jane", "jane@x.io"]]);
    expect(result.emailColumn).toBe("who");
    expect(result.contacts).toEqual([{ name: "Jane", who: "jane@x.io" }]);
  });

  it("leaves out and counts rows without an address, with an invalid one, or repeating one", () => {
    const result = rowsToContacts(
      ["email", "name"],
      [
        ["a@x.io", "A"],
        ["", "No address"],
        ["not an email", "Bad"],
        ["A@X.IO", "Again"],
        ["b@x.io", "B"],
      ],
    );
    expect(result.contacts.map((c) => c.email)).toEqual(["a@x.io", "b@x.io"]);
    expect(result.skipped).toEqual({ missingEmail: 1, invalid: 1, duplicate: 1 });
    expect(result.totalRows).toBe(5);
  });

  it("leaves out a row the API would refuse for another value (a 300-character first name)", () => {
    const result = rowsToContacts(
      ["email", "first_name"],
      [
        ["a@x.io", "x".repeat(300)],
        ["b@x.io", "B"],
      ],
    );
    expect(result.contacts).toEqual([{ email: "b@x.io", first_name: "B" }]);
    expect(result.skipped.invalid).toBe(1);
  });

  it("tells each skipped row's file row number, column (as the file spells it) and reason", () => {
    const result = rowsToContacts(
      ["E-mail", "First Name", "Company", "LinkedIn"],
      [
        ["a@x.io", "A"],
        ["", "No address"],
        [" ", " ", " ", " "],
        ["not an email", "Bad"],
        ["b@x.io", "x".repeat(300)],
        ["c@x.io", "C", "y".repeat(301)],
        ["d@x.io", "D", "", "z".repeat(5001)],
        ["A@X.IO", "Again"],
      ],
    );
    expect(result.contacts.map((c) => c.e_mail)).toEqual(["a@x.io"]);
    expect(result.skippedRows).toEqual([
      { row: 3, column: "E-mail", reason: "No email address", value: "" },
      { row: 5, column: "E-mail", reason: "Enter a valid email address", value: "not an email" },
      { row: 6, column: "First Name", reason: "First Name must be at most 200 characters.", value: "x".repeat(200) },
      { row: 7, column: "Company", reason: "Company must be at most 300 characters.", value: "y".repeat(200) },
      { row: 8, column: "LinkedIn", reason: "Linkedin must be at most 5,000 characters.", value: "z".repeat(200) },
      { row: 9, column: "E-mail", reason: "Duplicate of row 2", value: "A@X.IO" },
    ]);
    expect(result.skipped).toEqual({ missingEmail: 1, invalid: 4, duplicate: 1 });
  });

  it("names the full-name column when the first name taken from it is too long", () => {
    const result = rowsToContacts(
      ["email", "Name"],
      [
        ["a@x.io", `${"n".repeat(250)} Smith`],
        ["b@x.io", "Bo"],
      ],
    );
    expect(result.skippedRows).toEqual([
      { row: 2, column: "Name", reason: "First Name must be at most 200 characters.", value: "n".repeat(200) },
    ]);
  });

  it("counts rows from the number given for the first data row", () => {
    const result = rowsToContacts(["email"], [["a@x.io"], [""], ["bad"]], 5);
    expect(result.skippedRows.map((r) => r.row)).toEqual([7]);
  });

  it("fails when no row has a usable address", () => {
    expect(() => rowsToContacts(["name", "phone"], [["Jane", "555"]])).toThrow(
      "No valid email addresses found in the file",
    );
  });

  it("keeps the first 10,000 contacts and counts the rest", () => {
    const rows = Array.from({ length: 10_005 }, (_, i) => [`u${i}@x.io`]);
    const result = rowsToContacts(["email"], rows);
    expect(result.contacts).toHaveLength(10_000);
    expect(result.contacts.at(-1)).toEqual({ email: "u9999@x.io" });
    expect(result.truncated).toBe(5);
    expect(result.totalRows).toBe(10_005);
  });

  it("fills the contact's time zone from a Time Zone column, and leaves out a row whose zone is not one, naming row, column and value", () => {
    const result = rowsToContacts(
      ["Email", "Time Zone", "City"],
      [
        ["ny@x.io", "America/New_York", "NYC"],
        ["in@x.io", "+05:30", "Pune"],
        ["br@x.io", "UTC-3", "Recife"],
        ["none@x.io", "", "Oslo"],
        ["bad@x.io", "garbage", "Nowhere"],
      ],
    );
    expect(result.contacts.map((c) => c.email)).toEqual(["ny@x.io", "in@x.io", "br@x.io", "none@x.io"]);
    expect(result.skipped).toEqual({ missingEmail: 0, invalid: 1, duplicate: 0 });
    expect(result.skippedRows).toEqual([
      {
        row: 6,
        column: "Time Zone",
        value: "garbage",
        reason: 'Time zone "garbage" is not a time zone name or UTC offset (e.g. America/New_York, UTC+05:30).',
      },
    ]);
    const inputs = result.contacts.map((c) => toContactInput(c, result.emailColumn));
    expect(inputs.map((c) => c.timezone)).toEqual(["America/New_York", "+05:30", "UTC-3", undefined]);
    // The zone is the contact's, not a custom field (so not a merge tag); other columns still are.
    expect(inputs[0]!.customFields).toEqual({ city: "NYC" });
  });

  it("reads tz and timezone headers as the time zone too", () => {
    for (const header of ["tz", "timezone", "time_zone", "TIME-ZONE"]) {
      const result = rowsToContacts(["email", header], [["a@x.io", "Europe/Berlin"]]);
      const input = toContactInput(result.contacts[0]!, result.emailColumn);
      expect(input.timezone, header).toBe("Europe/Berlin");
      expect(input.customFields, header).toEqual({});
    }
  });
});
