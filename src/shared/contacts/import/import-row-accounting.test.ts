// Property (issue 28): through the real upload path (bytes → decode → CSV →
// records → contact rules), every data row of a hostile file is either kept or
// reported with its row number and a column of the header. fast-check prints
// the seed and the shrunk file on failure.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { installFieldMessages } from "../../api/field-messages.ts";
import { controlCharacterShare } from "./decode-text.ts";
import { uniqueHeaders } from "./headers.ts";
import { ContactImportError } from "./import-error.ts";
import { importMessages } from "./import-messages.ts";
import { parseContactFile } from "./parse-contact-file.ts";
import { SKIPPED_VALUE_MAX } from "./rows-to-contacts.ts";

beforeAll(() => installFieldMessages());

const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

const hostileCell = fc.oneof(
  fc.constant(""),
  fc.constant("   "),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.stringMatching(/^[a-z]{1,8}@[a-z]{1,8}\.(io|com)$/),
  fc.constantFrom("a@x.io", "A@X.IO", "b@x.io", "not an email", "@", "a@", "a@b", '"q"@x.io', "=1+1", "-2"),
  fc.constantFrom("\u0001", "\u0007x", "\u001b[31m", "\u007f", "\r", "\n", '"', '""', ",", "\r\n"),
  fc.nat({ max: 12_000 }).map((n) => "x".repeat(n)),
  fc.nat({ max: 6_000 }).map((n) => 'y,"\n'.repeat(n)),
);

const headerCell = fc.oneof(
  fc.constantFrom("Email", "E-mail", "First Name", "last_name", "Company", "Full Name", "LinkedIn", "", " "),
  fc.string({ maxLength: 12 }),
);

describe("import row accounting", () => {
  it("keeps or reports every data row, with a row number in range and a column from the header", () => {
    fc.assert(
      fc.property(
        fc.array(headerCell, { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(hostileCell, { maxLength: 6 }), { minLength: 1, maxLength: 25 }),
        fc.constantFrom("\n", "\r\n"),
        (extraHeaders, rows, eol) => {
          // An "Email" header and one good row make the file importable unless it is not text.
          const header = ["Email", ...extraHeaders];
          const data = [...rows, ["zz-kept@example.org"]];
          const text = [header, ...data].map((r) => r.map(quoted).join(",")).join(eol);
          const bytes = new TextEncoder().encode(text);
          const decoded = new TextDecoder().decode(bytes);
          let result: ReturnType<typeof parseContactFile>;
          try {
            result = parseContactFile({ name: "hostile.csv", size: bytes.byteLength }, bytes);
          } catch (err) {
            // The one refusal of a whole file these can cause: too many control characters to be text.
            expect(err).toBeInstanceOf(ContactImportError);
            expect((err as Error).message).toBe(importMessages.readFailed);
            expect(decoded.includes("\u0000") || controlCharacterShare(decoded) > 0.01).toBe(true);
            return;
          }
          const dataRowNumbers = data.flatMap((r, i) => (r.some((c) => c.trim() !== "") ? [i + 2] : []));
          const columns = new Set([...header.map((h) => h.trim()), ...uniqueHeaders(header)]);
          const reported = result.skippedRows.map((s) => s.row);
          expect(new Set(reported).size).toBe(reported.length);
          for (const skip of result.skippedRows) {
            expect(dataRowNumbers).toContain(skip.row);
            expect(columns).toContain(skip.column);
            expect(skip.reason.length).toBeGreaterThan(0);
            expect(skip.value.length).toBeLessThanOrEqual(SKIPPED_VALUE_MAX);
          }
          expect(result.contacts.length + result.truncated + result.skippedRows.length).toBe(dataRowNumbers.length);
          expect(result.totalRows).toBe(dataRowNumbers.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
