import { describe, expect, it } from "vitest";
import { authLimitMessages, waitText } from "./auth-limits.ts";

describe("waitText", () => {
  it("says seconds under a minute and whole minutes, rounded up, above", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(60)).toBe("1 minute");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(900)).toBe("15 minutes");
  });

  it("is part of the messages", () => {
    expect(authLimitMessages.account(30)).toBe(
      "Too many attempts for this account. Please wait 30 seconds and try again.",
    );
  });
});
