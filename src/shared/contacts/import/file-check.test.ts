import { describe, expect, it } from "vitest";
import { checkContactFile, contactFileKind } from "./file-check.ts";
import { ContactImportError } from "./import-error.ts";
import { MAX_WIZARD_FILE_BYTES } from "./import-messages.ts";

function failure(file: { name: string; size: number }) {
  try {
    checkContactFile(file);
  } catch (err) {
    if (err instanceof ContactImportError) return err.toFailure();
    throw err;
  }
  throw new Error("expected a rejection");
}

describe("checkContactFile", () => {
  it.each([
    ["contacts.csv", "csv"],
    ["CONTACTS.CSV", "csv"],
    ["list.Xlsx", "xlsx"],
    ["old.XLS", "xls"],
    ["my.list.final.csv", "csv"],
  ])("accepts %s as %s, case-insensitively", (name, kind) => {
    expect(checkContactFile({ name, size: 10 })).toBe(kind);
  });

  it.each(["contacts.txt", "contacts.csv.exe", "contacts", "csv", "photo.png", "contacts.xlsm", "contacts.tsv"])(
    "rejects %s with the spec's message and toast title",
    (name) => {
      expect(failure({ name, size: 10 })).toEqual({
        title: "Invalid file type",
        message: "Please select a CSV or Excel file",
      });
      expect(contactFileKind(name)).toBeNull();
    },
  );

  it("accepts exactly 5 MB (5 × 1024 × 1024 bytes) and rejects one byte more", () => {
    expect(MAX_WIZARD_FILE_BYTES).toBe(5_242_880);
    expect(checkContactFile({ name: "a.csv", size: MAX_WIZARD_FILE_BYTES })).toBe("csv");
    expect(failure({ name: "a.csv", size: MAX_WIZARD_FILE_BYTES + 1 })).toEqual({
      title: "Upload failed",
      message: "File too large. Maximum size is 5MB",
    });
  });

  it("checks the type before the size", () => {
    expect(failure({ name: "huge.pdf", size: MAX_WIZARD_FILE_BYTES * 10 }).message).toBe(
      "Please select a CSV or Excel file",
    );
  });
});
