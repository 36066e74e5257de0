// Every rule of docs/product.md §9.4 (the wizard's contact file), end to end
// through the same function the upload worker runs, plus malformed files.
import { utils, write } from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { installFieldMessages } from "../../api/field-messages.ts";
import { ContactImportError, type ImportFailure } from "./import-error.ts";
import { MAX_WIZARD_FILE_BYTES } from "./import-messages.ts";
import { parseContactFile } from "./parse-contact-file.ts";

// As in the import worker: messages name the field and the limit.
beforeAll(() => installFieldMessages());

const utf8 = (s: string) => new TextEncoder().encode(s);

function csv(text: string, name = "contacts.csv") {
  const bytes = utf8(text);
  return parseContactFile({ name, size: bytes.byteLength }, bytes);
}

function workbook(rows: unknown[][], bookType: "xlsx" | "biff8" = "xlsx", extraSheet?: unknown[][]): Uint8Array {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), "Contacts");
  if (extraSheet) utils.book_append_sheet(book, utils.aoa_to_sheet(extraSheet), "Other");
  return new Uint8Array(write(book, { type: "array", bookType }) as ArrayBuffer);
}

function excel(bytes: Uint8Array, name = "contacts.xlsx") {
  return parseContactFile({ name, size: bytes.byteLength }, bytes);
}

function failureOf(run: () => unknown): ImportFailure {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ContactImportError);
    return (err as ContactImportError).toFailure();
  }
  throw new Error("expected the import to fail");
}

describe("file type and size", () => {
  it("refuses other types with 'Please select a CSV or Excel file' under 'Invalid file type'", () => {
    expect(failureOf(() => csv("email\na@b.co", "contacts.txt"))).toEqual({
      title: "Invalid file type",
      message: "Please select a CSV or Excel file",
    });
  });

  it("accepts exactly 5 MB and refuses 5 MB + 1 byte, by the bytes read", () => {
    const row = "someone@example.com,Some One\n";
    const header = "email,name\n";
    const exact = header + row.repeat(Math.floor((MAX_WIZARD_FILE_BYTES - header.length) / row.length));
    const padded = exact + " ".repeat(MAX_WIZARD_FILE_BYTES - exact.length);
    expect(padded.length).toBe(MAX_WIZARD_FILE_BYTES);
    expect(csv(padded).contacts).toHaveLength(1);
    expect(failureOf(() => csv(`${padded} `)).message).toBe("File too large. Maximum size is 5MB");
    // A File whose reported size is over the limit is refused before reading.
    expect(
      failureOf(() => parseContactFile({ name: "a.csv", size: MAX_WIZARD_FILE_BYTES + 1 }, utf8("email\na@b.co")))
        .message,
    ).toBe("File too large. Maximum size is 5MB");
  });
});

describe("CSV", () => {
  it("'CSV file is empty' for no lines, or only blank ones", () => {
    expect(failureOf(() => csv("")).message).toBe("CSV file is empty");
    expect(failureOf(() => csv("\r\n\n  \n,,\n")).message).toBe("CSV file is empty");
  });

  it("'CSV file must contain at least one row of data besides headers' for a header alone", () => {
    expect(failureOf(() => csv("email,name\r\n\r\n")).message).toBe(
      "CSV file must contain at least one row of data besides headers",
    );
  });

  it("strips a leading byte-order mark, so the first header is still 'email'", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("Email,Name\nj@x.io,Jane")]);
    const result = parseContactFile({ name: "bom.csv", size: bytes.byteLength }, bytes);
    expect(result.fields).toEqual(["email", "name"]);
    expect(result.emailColumn).toBe("email");
  });

  it("reads quoted fields, doubled quotes, CRLF, LF and CR, and drops blank rows", () => {
    const result = csv(
      'Email,Full Name,Notes\r\nj@x.io,"Doe, Jane","said ""hi"""\r\n\r\nk@x.io,Kim,"two\nlines"\rl@x.io,Lee,\n',
    );
    expect(result.contacts).toEqual([
      { email: "j@x.io", full_name: "Doe, Jane", notes: 'said "hi"' },
      { email: "k@x.io", full_name: "Kim", notes: "two\nlines" },
      { email: "l@x.io", full_name: "Lee" },
    ]);
    expect(result.totalRows).toBe(3);
  });

  it("pads short rows and drops cells beyond the header", () => {
    expect(csv("email,name,city\na@x.io\nb@x.io,B,C,D,E").contacts).toEqual([
      { email: "a@x.io" },
      { email: "b@x.io", name: "B", city: "C" },
    ]);
  });

  it("normalises headers and makes repeated ones unique", () => {
    const result = csv("First Name,E-mail Address,Email, email \nJane,j@x.io,j2@x.io,j3@x.io");
    expect(result.fields).toEqual(["first_name", "e_mail_address", "email", "email_2"]);
    // The exact 'email' header wins over one that merely contains 'mail'.
    expect(result.emailColumn).toBe("email");
  });

  it("finds the email column by header, else by an @ in the values, else takes the first column", () => {
    expect(csv("name,contact\nJane,j@x.io").emailColumn).toBe("contact");
    expect(csv("name,who\nJane,j@x.io").emailColumn).toBe("who");
    expect(failureOf(() => csv("name,phone\nJane,555")).message).toBe("No valid email addresses found in the file");
  });

  it("keeps only non-empty cells in each record", () => {
    expect(csv("email,name,company\nj@x.io,,  \n").contacts).toEqual([{ email: "j@x.io" }]);
  });

  it("keeps 10,000 rows of 10,001 and reports the one left out", () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `user${i}@example.com,User ${i}`);
    const result = csv(`email,name\n${rows.join("\n")}`);
    expect(result.contacts).toHaveLength(10_000);
    expect(result.contacts[9_999]).toEqual({ email: "user9999@example.com", name: "User 9999" });
    expect(result.truncated).toBe(1);
    expect(result.totalRows).toBe(10_001);
  });

  it("fails with 'Failed to read file' on an unterminated quote instead of swallowing the file", () => {
    expect(failureOf(() => csv('email,name\na@x.io,"Ann\nb@x.io,Bob\n'))).toEqual({
      title: "Upload failed",
      message: "Failed to read file",
      detail: "A quoted value that starts on line 2 is never closed.",
    });
  });

  it("fails with 'Failed to read file' on binary content named .csv (including a workbook)", () => {
    const junk = new Uint8Array(2048).map((_, i) => (i * 7919 + 13) % 256);
    expect(failureOf(() => parseContactFile({ name: "junk.csv", size: junk.length }, junk)).message).toBe(
      "Failed to read file",
    );
    const book = workbook([["email"], ["a@x.io"]]);
    expect(failureOf(() => parseContactFile({ name: "book.csv", size: book.length }, book)).message).toBe(
      "Failed to read file",
    );
  });

  it("reads a semicolon-separated export", () => {
    expect(csv("Email;Name\nj@x.io;Jane").contacts).toEqual([{ email: "j@x.io", name: "Jane" }]);
  });
});

describe("Excel", () => {
  it("reads the first sheet of an .xlsx with the same rules as CSV", () => {
    const bytes = workbook(
      [
        ["Email", "First Name", "Company", "Employees"],
        ["jane@acme.io", "Jane", "Acme", 120],
        [],
        ["kim@acme.io", "", "Globex"],
      ],
      "xlsx",
      [["other"], ["ignored@x.io"]],
    );
    const result = excel(bytes);
    expect(result.fields).toEqual(["email", "first_name", "company", "employees"]);
    expect(result.contacts).toEqual([
      { email: "jane@acme.io", first_name: "Jane", company: "Acme", employees: "120" },
      { email: "kim@acme.io", company: "Globex" },
    ]);
  });

  it("reads an .xls (BIFF8) workbook, extension case-insensitive", () => {
    const result = excel(workbook([["E-mail"], ["a@x.io"]], "biff8"), "OLD.XLS");
    expect(result.emailColumn).toBe("e_mail");
    expect(result.contacts).toEqual([{ e_mail: "a@x.io" }]);
  });

  it("'Excel file is empty' for a sheet without cells", () => {
    expect(failureOf(() => excel(workbook([]))).message).toBe("Excel file is empty");
  });

  it("'Excel file must contain at least one row of data besides headers' for a header alone", () => {
    expect(failureOf(() => excel(workbook([["email", "name"]]))).message).toBe(
      "Excel file must contain at least one row of data besides headers",
    );
  });

  it("'No valid headers found in Excel file' when the first row is blank", () => {
    const sheet = utils.aoa_to_sheet([[""], ["a@x.io"]]);
    sheet["!ref"] = "A1:A2";
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, "S");
    const bytes = new Uint8Array(write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
    expect(failureOf(() => excel(bytes)).message).toBe("No valid headers found in Excel file");
  });

  it("'No valid data rows found' when every row under the header is blank", () => {
    const sheet = utils.aoa_to_sheet([["email"], [""], [" "]]);
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, "S");
    const bytes = new Uint8Array(write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
    expect(failureOf(() => excel(bytes)).message).toBe("No valid data rows found");
  });

  it("'Failed to read Excel file' for text named .xlsx, junk named .xls and a broken zip", () => {
    expect(failureOf(() => excel(utf8("email\na@x.io"))).message).toBe("Failed to read Excel file");
    const junk = new Uint8Array(4096).map((_, i) => (i * 31 + 7) % 256);
    expect(failureOf(() => excel(junk, "junk.xls")).message).toBe("Failed to read Excel file");
    const truncated = workbook([["email"], ["a@x.io"]]).slice(0, 200);
    expect(failureOf(() => excel(truncated)).message).toBe("Failed to read Excel file");
  });

  it("keeps 10,000 rows of 10,001 from a workbook too", () => {
    const rows = [["email"], ...Array.from({ length: 10_001 }, (_, i) => [`u${i}@x.io`])];
    const result = excel(workbook(rows));
    expect(result.contacts).toHaveLength(10_000);
    expect(result.truncated).toBe(1);
  });

  it("numbers skipped CSV rows as a spreadsheet does: blank rows count, a quoted line break does not", () => {
    const result = csv('\nEmail,Notes\r\na@x.io,"two\nlines"\r\n\r\nnot-an-email,x\r\n,no address\r\na@x.io,again\r\n');
    expect(result.skippedRows.map((r) => [r.row, r.column, r.reason])).toEqual([
      [5, "Email", "Enter a valid email address"],
      [6, "Email", "No email address"],
      [7, "Email", "Duplicate of row 3"],
    ]);
  });

  it("numbers skipped Excel rows by their sheet row", () => {
    const result = excel(workbook([["Email", "First Name"], ["a@x.io", "A"], [], ["b@x.io", "n".repeat(201)]]));
    expect(result.skippedRows).toEqual([
      { row: 4, column: "First Name", reason: "First Name must be at most 200 characters.", value: "n".repeat(200) },
    ]);
  });

  it("numbers skipped Excel rows by their sheet row when the table starts below row 1", () => {
    const book = utils.book_new();
    const sheet = utils.aoa_to_sheet([[], [], ["", "Email"], ["", "a@x.io"], ["", "bad"]]);
    // As a sheet whose used range starts at B3 (as spreadsheet programs save one).
    sheet["!ref"] = "B3:B5";
    utils.book_append_sheet(book, sheet, "Contacts");
    const result = excel(new Uint8Array(write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
    expect(result.skippedRows.map((r) => r.row)).toEqual([5]);
  });
});
