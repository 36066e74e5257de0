import { describe, expect, it } from "vitest";
import { parseEditCsv } from "./edit-csv.ts";
import { MAX_EDIT_CSV_BYTES } from "./import-messages.ts";

const utf8 = (s: string) => new TextEncoder().encode(s);

function parse(text: string, name = "contacts.csv") {
  const bytes = utf8(text);
  return parseEditCsv({ name, size: bytes.byteLength }, bytes);
}

describe("parseEditCsv", () => {
  it("needs a .csv name: 'Please upload a CSV file'", () => {
    expect(() => parse("email\na@x.io", "contacts.xlsx")).toThrow("Please upload a CSV file");
    expect(() => parse("email\na@x.io", "contacts.txt")).toThrow("Please upload a CSV file");
    expect(parse("email\na@x.io", "CONTACTS.CSV").contacts).toHaveLength(1);
  });

  it("accepts 10 MB and refuses more: 'File size must be less than 10MB'", () => {
    expect(MAX_EDIT_CSV_BYTES).toBe(10 * 1024 * 1024);
    const bytes = utf8("email\na@x.io");
    expect(parseEditCsv({ name: "a.csv", size: MAX_EDIT_CSV_BYTES }, bytes).contacts).toHaveLength(1);
    expect(() => parseEditCsv({ name: "a.csv", size: MAX_EDIT_CSV_BYTES + 1 }, bytes)).toThrow(
      "File size must be less than 10MB",
    );
  });

  it("needs an email-like column", () => {
    const message = 'No email column found. Please ensure your CSV has a column named "email", "e-mail", or similar.';
    expect(() => parse("name,address\nJane,j@x.io")).toThrow(message);
    expect(parse("Name,E-mail\nJane,j@x.io").emailColumn).toBe("e_mail");
    expect(parse("Name,Work Email\nJane,j@x.io").emailColumn).toBe("work_email");
    expect(parse("Name,Mail\nJane,j@x.io").emailColumn).toBe("mail");
  });

  it("finds first name, last name and company by header and keeps the other columns", () => {
    expect(
      parse('Email,First Name,Last Name,Organization,City\nJane@Acme.IO,Jane,Doe,"Acme, Inc.",Oslo').contacts,
    ).toEqual([
      {
        email: "jane@acme.io",
        firstName: "Jane",
        lastName: "Doe",
        company: "Acme, Inc.",
        customFields: { city: "Oslo" },
      },
    ]);
  });

  it("lower-cases, requires an @ and de-duplicates the addresses", () => {
    const result = parse("email,name\nA@x.io,A\na@X.io,Again\nnobody,N\n,Empty\nb@x.io,B");
    expect(result.contacts.map((c) => c.email)).toEqual(["a@x.io", "b@x.io"]);
    expect(result.skipped).toBe(3);
  });

  it("'No valid emails found in the CSV file' when nothing is left", () => {
    expect(() => parse("email,name\nnobody,N")).toThrow("No valid emails found in the CSV file");
    expect(() => parse("email,name\n")).toThrow("No valid emails found in the CSV file");
  });

  it("reads a byte-order mark and quoted line breaks like the wizard does", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('email,notes\r\nj@x.io,"two\r\nlines"')]);
    expect(parseEditCsv({ name: "a.csv", size: bytes.length }, bytes).contacts[0]?.customFields).toEqual({
      notes: "two\r\nlines",
    });
  });
});
