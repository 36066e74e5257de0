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
});
