import { describe, expect, it } from "vitest";
import { composeError } from "./compose.schemas.ts";

const ok = { from: "me@acme.io", to: "you@example.com", subject: "Hi", message: "Hello" };

describe("composeError", () => {
  it("accepts a complete email", () => {
    expect(composeError(ok)).toBeNull();
  });

  it("checks From, To, Subject, Message in that order with the spec's messages", () => {
    expect(composeError({ from: "", to: "", subject: "", message: "" })).toBe("Please enter a sender email address");
    expect(composeError({ ...ok, from: "me at acme" })).toBe("Please enter a valid sender email address");
    expect(composeError({ ...ok, to: " " })).toBe("Please enter a recipient email");
    expect(composeError({ ...ok, to: "you@example" })).toBe("Please enter a valid recipient email");
    expect(composeError({ ...ok, subject: "  " })).toBe("Please enter a subject");
    expect(composeError({ ...ok, message: "\n" })).toBe("Please enter email content");
  });

  it("rejects spaces inside addresses and accepts any From domain", () => {
    expect(composeError({ ...ok, from: "me@ac me.io" })).toBe("Please enter a valid sender email address");
    expect(composeError({ ...ok, from: "anyone@anywhere.example" })).toBeNull();
  });
});
