import { describe, expect, it } from "vitest";
import { recipientLabel } from "./recipient-label.ts";

describe("recipientLabel", () => {
  const to = "jane@example.com";

  it("is the full name when both names exist", () => {
    expect(recipientLabel({ firstName: "Jane", lastName: "Doe", toEmail: to })).toBe("Jane Doe");
  });

  it("trims the names", () => {
    expect(recipientLabel({ firstName: " Jane ", lastName: "Doe  ", toEmail: to })).toBe("Jane Doe");
  });

  it.each([
    ["only a first name", "Jane", null],
    ["only a last name", null, "Doe"],
    ["no names (a direct email)", null, null],
    ["a blank last name", "Jane", "   "],
    ["an empty first name", "", "Doe"],
  ])("is the address with %s", (_case, firstName, lastName) => {
    expect(recipientLabel({ firstName, lastName, toEmail: to })).toBe(to);
  });
});
