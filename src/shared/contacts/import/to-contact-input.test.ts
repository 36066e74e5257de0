import { describe, expect, it } from "vitest";
import { toContactInput } from "./to-contact-input.ts";

describe("toContactInput", () => {
  it("maps the well-known columns and keeps the rest as custom fields", () => {
    expect(
      toContactInput({
        email: " Jane@Example.com ",
        first_name: "Jane",
        last_name: "Doe",
        company: "Acme",
        city: "Oslo",
        notes: "",
      }),
    ).toEqual({
      email: "jane@example.com",
      firstName: "Jane",
      lastName: "Doe",
      company: "Acme",
      customFields: { city: "Oslo" },
    });
  });

  it("splits a full name when there are no first/last columns, keeping full_name as a field", () => {
    expect(toContactInput({ email: "a@b.co", full_name: "Jane van Dyke" })).toMatchObject({
      firstName: "Jane",
      lastName: "van Dyke",
      customFields: { full_name: "Jane van Dyke" },
    });
    expect(toContactInput({ email: "a@b.co", full_name: "Cher" })).toMatchObject({ firstName: "Cher", lastName: null });
  });

  it("reads the email from the chosen column and accepts organisation synonyms", () => {
    expect(toContactInput({ work_mail: "x@y.io", organization: "Initech" }, "work_mail")).toEqual({
      email: "x@y.io",
      firstName: null,
      lastName: null,
      company: "Initech",
      customFields: {},
    });
  });
});
