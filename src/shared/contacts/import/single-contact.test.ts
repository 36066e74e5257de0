import { describe, expect, it } from "vitest";
import { parseSingleContact } from "./single-contact.ts";

const blank = { email: "", firstName: "", lastName: "", company: "" };

describe("parseSingleContact", () => {
  it("requires the email: 'Email is required'", () => {
    expect(parseSingleContact(blank)).toEqual({ ok: false, errors: { email: "Email is required" } });
    expect(parseSingleContact({ ...blank, email: "   ", firstName: "Jane" })).toEqual({
      ok: false,
      errors: { email: "Email is required" },
    });
  });

  it("rejects an address that is not one", () => {
    expect(parseSingleContact({ ...blank, email: "jane" })).toEqual({
      ok: false,
      errors: { email: "Enter a valid email address" },
    });
  });

  it("keeps the optional fields, trimmed, and lower-cases the email", () => {
    expect(parseSingleContact({ email: " Jane@Acme.IO ", firstName: " Jane ", lastName: "", company: "Acme" })).toEqual(
      {
        ok: true,
        contact: { email: "jane@acme.io", firstName: "Jane", lastName: null, company: "Acme", customFields: {} },
      },
    );
  });

  it("keeps a time zone and refuses one that is not a zone under its field", () => {
    const ok = parseSingleContact({ ...blank, email: "a@x.io", timezone: "+05:30" });
    expect(ok).toMatchObject({ ok: true, contact: { timezone: "+05:30" } });
    expect(parseSingleContact({ ...blank, email: "a@x.io", timezone: "Nowhere" })).toEqual({
      ok: false,
      errors: {
        timezone: 'Time zone "Nowhere" is not a time zone name or UTC offset (e.g. America/New_York, UTC+05:30).',
      },
    });
  });
});
