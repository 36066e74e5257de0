import { describe, expect, it } from "vitest";
import { importNotices } from "./import-notices.ts";

const none = { missingEmail: 0, invalid: 0, duplicate: 0 };
const contacts = (n: number) => Array.from({ length: n }, () => ({ email: "a@x.io" }));

describe("importNotices", () => {
  it("says nothing when every row was imported", () => {
    expect(importNotices({ contacts: contacts(3), truncated: 0, skipped: none })).toEqual([]);
  });

  it("says how many of how many were imported when the file was cut at 10,000", () => {
    expect(importNotices({ contacts: contacts(10_000), truncated: 2_345, skipped: none })).toEqual([
      "10,000 of 12,345 contacts imported: a file can hold at most 10,000. Split the file to import the other 2,345.",
    ]);
  });

  it("lists the rows left out and why", () => {
    expect(
      importNotices({ contacts: contacts(2), truncated: 0, skipped: { missingEmail: 1, invalid: 0, duplicate: 3 } }),
    ).toEqual(["Left out: 1 row without an email address, 3 rows repeating an earlier address."]);
  });
});
