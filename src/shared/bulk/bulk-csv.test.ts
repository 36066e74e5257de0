import { describe, expect, it } from "vitest";
import { ContactImportError } from "../contacts/import/import-error.ts";
import { bulkColumns, checkBulkCsvFile, parseBulkCsv, rowsToBulkContacts } from "./bulk-csv.ts";
import { bulkMessages, MAX_BULK_CSV_BYTES } from "./bulk-messages.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const csv = (text: string, name = "list.csv") => parseBulkCsv({ name, size: bytes(text).byteLength }, bytes(text));

function messageOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof ContactImportError) return err.message;
    throw err;
  }
  return undefined;
}

describe("checkBulkCsvFile", () => {
  it("takes only .csv names (any case), under 10 MB", () => {
    expect(messageOf(() => checkBulkCsvFile({ name: "list.xlsx", size: 10 }))).toBe("Please upload a CSV file");
    expect(messageOf(() => checkBulkCsvFile({ name: "list.csv.txt", size: 10 }))).toBe("Please upload a CSV file");
    expect(messageOf(() => checkBulkCsvFile({ name: "LIST.CSV", size: 10 }))).toBeUndefined();
    expect(messageOf(() => checkBulkCsvFile({ name: "list.csv", size: MAX_BULK_CSV_BYTES - 1 }))).toBeUndefined();
    expect(messageOf(() => checkBulkCsvFile({ name: "list.csv", size: MAX_BULK_CSV_BYTES }))).toBe(
      "File size must be less than 10MB",
    );
  });
});

describe("bulkColumns", () => {
  it("finds email, e-mail or mail; first and last name; company, organization or org", () => {
    expect(bulkColumns(["E-mail", "First Name", "Last Name", "Organization", "City"])).toEqual([
      { header: "E-mail", key: "email" },
      { header: "First Name", key: "firstName" },
      { header: "Last Name", key: "lastName" },
      { header: "Organization", key: "company" },
      { header: "City", key: "city" },
    ]);
    expect(bulkColumns(["fname", "lname", "Work Mail", "Org"]).map((c) => c.key)).toEqual([
      "firstName",
      "lastName",
      "email",
      "company",
    ]);
    expect(bulkColumns(["Company", "Email Address"]).map((c) => c.key)).toEqual(["company", "email"]);
  });

  it("prefers a column named exactly email over one that only mentions mail", () => {
    expect(bulkColumns(["mailing list", "email"]).map((c) => c.key)).toEqual(["mailing list", "email"]);
  });

  it("keys other columns by their lowercased header; blank and repeated ones get the position", () => {
    expect(bulkColumns(["email", "Job Title", "", "job title"]).map((c) => c.key)).toEqual([
      "email",
      "job title",
      "column_3",
      "job title_4",
    ]);
  });

  it("says so when no header mentions mail", () => {
    expect(messageOf(() => bulkColumns(["name", "phone"]))).toBe(
      'No email column found. Please ensure your CSV has a column named "email", "e-mail", or similar.',
    );
  });
});

describe("parseBulkCsv", () => {
  it("lowercases emails, keeps name, company and every other column, skips rows without @ and repeats", () => {
    const result = csv(
      [
        "Email,First Name,Last Name,Company,Job Title",
        "Jane@Acme.COM,Jane,Doe,Acme,CEO",
        "no-address,Bob,,,",
        "jane@acme.com,Jane,Again,,",
        "lee@globex.test,Lee,,Globex,",
        "",
      ].join("\n"),
    );
    expect(result.contacts).toEqual([
      { email: "jane@acme.com", firstName: "Jane", lastName: "Doe", company: "Acme", "job title": "CEO" },
      { email: "lee@globex.test", firstName: "Lee", company: "Globex" },
    ]);
    expect(result.skipped).toBe(2);
    expect(result.columns.map((c) => c.header)).toEqual(["Email", "First Name", "Last Name", "Company", "Job Title"]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks (the spec's comma split would not)", () => {
    const result = csv('email,company,notes\r\n"a@x.test","Acme, Inc.","said ""hi""\nthen left"\r\n');
    expect(result.contacts).toEqual([{ email: "a@x.test", company: "Acme, Inc.", notes: 'said "hi"\nthen left' }]);
  });

  it("reads semicolon exports and a byte-order mark", () => {
    const result = csv("\uFEFFEmail;Firstname\nx@y.test;Xavier\n");
    expect(result.contacts).toEqual([{ email: "x@y.test", firstName: "Xavier" }]);
  });

  it("gives the spec's messages for no email column and no valid rows", () => {
    expect(messageOf(() => csv("name,phone\nJane,123\n"))).toBe(bulkMessages.noEmailColumn);
    expect(messageOf(() => csv("email,name\nnot-an-address,Jane\n,Bob\n"))).toBe(
      "No valid emails found in the CSV file",
    );
    expect(messageOf(() => csv("email\n"))).toBe("No valid emails found in the CSV file");
    expect(messageOf(() => csv("email\nx@y.test", "list.txt"))).toBe("Please upload a CSV file");
  });

  it("refuses bytes that are not text", () => {
    const binary = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0, 0]);
    expect(messageOf(() => parseBulkCsv({ name: "x.csv", size: binary.byteLength }, binary))).toBe(
      "Failed to read file",
    );
  });

  it("skips blank lines without counting them", () => {
    expect(rowsToBulkContacts([["email"], ["", ""], ["a@b.test"]])).toMatchObject({
      contacts: [{ email: "a@b.test" }],
      skipped: 0,
    });
  });
});
