import { describe, expect, it } from "vitest";
import type { DirectoryContact } from "../contact-directory/contact-directory.schemas.ts";
import {
  CSV_BOM,
  contactCsvHeader,
  contactCsvRecord,
  contactName,
  contactsCsv,
  contactsCsvFileName,
  csvCell,
  csvRecord,
} from "./contacts-csv.ts";

/** A strict RFC 4180 reader, to check that what is written reads back as the same fields. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else {
          if (i >= text.length) throw new Error("unterminated quote");
          field += text[i++];
        }
      }
    } else if (text[i] === ",") {
      record.push(field);
      field = "";
      i++;
    } else if (text[i] === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      field = "";
      record = [];
      i += 2;
    } else {
      if (text[i] === '"' || text[i] === "\n" || text[i] === "\r") throw new Error(`bare ${JSON.stringify(text[i])}`);
      field += text[i++];
    }
  }
  if (field || record.length) throw new Error("last record not terminated by CRLF");
  return records;
}

const contact = (overrides: Partial<DirectoryContact> = {}): DirectoryContact => ({
  key: "jane@example.com",
  email: "Jane@Example.com",
  firstName: "Jane",
  lastName: "Doe",
  company: "Initech",
  campaigns: [
    { id: "c2", name: "Q4 Outreach" },
    { id: "c1", name: "Founders" },
  ],
  emailStatus: "opened",
  sends: 4,
  sent: 3,
  opened: 1,
  failed: 1,
  repliedAt: null,
  addedAt: "2026-11-20T10:00:00.000Z",
  leadStatus: { status: "contacted", suggested: false },
  ...overrides,
});

describe("csvCell", () => {
  it("leaves plain text and numbers alone, and writes nothing for null", () => {
    expect(csvCell("Jane Doe")).toBe("Jane Doe");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(0)).toBe("0");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes fields with a comma, a quote or a line break, doubling quotes (RFC 4180)", () => {
    expect(csvCell("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
  });

  it("prefixes text that starts like a formula with a single quote", () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
  });

  it("does not escape those characters elsewhere in the text, nor numbers", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("jane+tag@example.com")).toBe("jane+tag@example.com");
    expect(csvCell(" =1")).toBe(" =1");
    expect(csvCell(-3)).toBe("-3");
  });
});

describe("csvRecord", () => {
  it("joins cells with commas and ends with CRLF", () => {
    expect(csvRecord(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});

describe("contacts CSV", () => {
  it("has a header and one record per merged contact, campaigns joined", () => {
    const text = contactsCsv([
      contact(),
      contact({ key: "raj@x.test", email: "raj@x.test", firstName: "Raj", lastName: null }),
    ]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const records = parseCsv(text.slice(CSV_BOM.length));
    expect(records[0]).toEqual([...contactCsvHeader]);
    expect(records[1]).toEqual([
      "Jane Doe",
      "Jane@Example.com",
      "Initech",
      "Q4 Outreach; Founders",
      "Opened",
      "Contacted",
      "3",
      "1",
      "1",
      "",
      "2026-11-20T10:00:00.000Z",
    ]);
    expect(records[2]?.[0]).toBe("Raj");
    expect(records).toHaveLength(3);
  });

  it("writes the status label and the reply time", () => {
    const records = parseCsv(
      contactCsvRecord(contact({ emailStatus: "replied", repliedAt: "2026-11-21T08:00:00.000Z" })) +
        contactCsvRecord(contact({ emailStatus: "none", sends: 0, sent: 0, opened: 0, failed: 0 })),
    );
    expect(records[0]?.[4]).toBe("Replied");
    expect(records[0]?.[9]).toBe("2026-11-21T08:00:00.000Z");
    expect(records[1]?.[4]).toBe("No emails sent");
  });

  it("writes the lead status, saying when it is only the app's suggestion", () => {
    const records = parseCsv(
      contactCsvRecord(contact({ leadStatus: { status: "meeting_booked", suggested: false } })) +
        contactCsvRecord(contact({ leadStatus: { status: "not_interested", suggested: true } })),
    );
    expect(contactCsvHeader[5]).toBe("Lead Status");
    expect(records[0]?.[5]).toBe("Meeting booked");
    expect(records[1]?.[5]).toBe("Not interested (suggested)");
  });

  it("neutralises formulas in every text field and still reads back field for field", () => {
    const hostile = contact({
      email: "=cmd|' /C calc'!A0@evil.test",
      firstName: "@SUM(1+1)",
      lastName: "Doe",
      company: '-2+3,"quoted"\r\nnext line',
      campaigns: [{ id: "c", name: "+Launch" }],
    });
    const [record] = parseCsv(contactCsvRecord(hostile));
    expect(record).toEqual([
      "'@SUM(1+1) Doe",
      "'=cmd|' /C calc'!A0@evil.test",
      '\'-2+3,"quoted"\r\nnext line',
      "'+Launch",
      "Opened",
      "Contacted",
      "3",
      "1",
      "1",
      "",
      "2026-11-20T10:00:00.000Z",
    ]);
  });

  it("names a contact by its first and last name, skipping blanks", () => {
    expect(contactName({ firstName: "Jane", lastName: "Doe" })).toBe("Jane Doe");
    expect(contactName({ firstName: null, lastName: "Doe" })).toBe("Doe");
    expect(contactName({ firstName: " ", lastName: null })).toBe("");
  });

  it("names the file by the UTC date", () => {
    expect(contactsCsvFileName(new Date("2026-11-23T23:59:00.000Z"))).toBe("contacts-2026-11-23.csv");
  });
});
