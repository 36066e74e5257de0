import { describe, expect, it } from "vitest";
import { rowsToContacts } from "./rows-to-contacts.ts";

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
});
