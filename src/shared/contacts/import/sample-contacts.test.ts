import { describe, expect, it } from "vitest";
import { parseContactFile } from "./parse-contact-file.ts";
import { SAMPLE_CONTACTS_CSV, SAMPLE_CONTACTS_FILE_NAME } from "./sample-contacts.ts";

describe("sample-contacts.csv", () => {
  it("imports as 3 contacts with the spec's columns", () => {
    const bytes = new TextEncoder().encode(SAMPLE_CONTACTS_CSV);
    const result = parseContactFile({ name: SAMPLE_CONTACTS_FILE_NAME, size: bytes.length }, bytes);
    expect(SAMPLE_CONTACTS_FILE_NAME).toBe("sample-contacts.csv");
    expect(result.fields).toEqual([
      "email",
      "full_name",
      "company",
      "phone",
      "title",
      "department",
      "city",
      "country",
      "industry",
      "website",
      "notes",
    ]);
    expect(result.contacts).toHaveLength(3);
    expect(result.emailColumn).toBe("email");
    for (const contact of result.contacts) expect(Object.keys(contact)).toEqual(result.fields);
    expect(result.contacts[0]?.notes).toBe("Met at SaaS Summit, interested in a demo");
    expect(result.contacts[2]?.notes).toBe('Asked about "enterprise" pricing');
  });
});
