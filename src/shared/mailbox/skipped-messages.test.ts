import { describe, expect, it } from "vitest";
import { skipReasons } from "../db-enums.ts";
import { skippedMessagesSchema } from "./skipped-messages.schemas.ts";
import { skippedMessagesText } from "./skipped-messages.ts";

describe("skipped messages", () => {
  it("says how many and why, in the singular and the plural", () => {
    expect(skippedMessagesText(1, "unreadable")).toBe("1 message skipped: the message could not be read");
    expect(skippedMessagesText(2, "not_saved")).toBe("2 messages skipped: the messages could not be saved");
    expect(skippedMessagesText(3, "unexpected")).toBe(
      "3 messages skipped: the messages could not be processed (an unexpected error)",
    );
  });

  it("has words for every reason the ledger can hold", () => {
    for (const reason of skipReasons) expect(skippedMessagesText(1, reason)).not.toMatch(/undefined/);
  });

  it("accepts a count of at least one per reason", () => {
    const at = new Date().toISOString();
    expect(skippedMessagesSchema.safeParse([{ reason: "unreadable", count: 2, lastAt: at }]).success).toBe(true);
    expect(skippedMessagesSchema.safeParse([{ reason: "unreadable", count: 0, lastAt: at }]).success).toBe(false);
    expect(skippedMessagesSchema.safeParse([{ reason: "other", count: 1, lastAt: at }]).success).toBe(false);
  });
});
