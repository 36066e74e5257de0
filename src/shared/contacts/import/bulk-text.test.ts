import { describe, expect, it } from "vitest";
import { parseBulkText } from "./bulk-text.ts";

describe("parseBulkText", () => {
  it("needs some text: 'Please enter contact data'", () => {
    expect(() => parseBulkText("")).toThrow("Please enter contact data");
    expect(() => parseBulkText(" \n\t\n")).toThrow("Please enter contact data");
  });

  it("reads 'email, first_name, last_name, company' per line, any line ending", () => {
    expect(
      parseBulkText("Jane@Acme.io, Jane, Doe, Acme\r\nkim@globex.io,Kim\rlee@initech.io,,Lee,Initech, Inc.\n"),
    ).toEqual({
      contacts: [
        { email: "jane@acme.io", firstName: "Jane", lastName: "Doe", company: "Acme", customFields: {} },
        { email: "kim@globex.io", firstName: "Kim", lastName: null, company: null, customFields: {} },
        { email: "lee@initech.io", firstName: null, lastName: "Lee", company: "Initech, Inc.", customFields: {} },
      ],
      skipped: 0,
    });
  });

  it("skips lines without an email, with an invalid one, and repeats", () => {
    const result = parseBulkText("Jane Doe, Acme\n,Kim\nnot@valid\na@x.io\nA@X.IO, Again\n\nb@x.io");
    expect(result.contacts.map((c) => c.email)).toEqual(["a@x.io", "b@x.io"]);
    expect(result.skipped).toBe(4);
  });

  it("'No valid contacts found' when no line has an email", () => {
    expect(() => parseBulkText("Jane, Doe\nKim, Lee")).toThrow("No valid contacts found");
  });
});
