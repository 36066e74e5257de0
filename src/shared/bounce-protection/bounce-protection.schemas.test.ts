import { describe, expect, it } from "vitest";
import { defaultSettings } from "../settings/settings.constants.ts";
import { settingsSchema } from "../settings/settings.schemas.ts";
import { senderProtectionInputSchema } from "./bounce-protection.schemas.ts";

const messageOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));

describe("Settings › Bounce protection", () => {
  it("is on by default with 3% of 50 sends over 7 days, 3 spam marks at 0.3%, 5% unsubscribes", () => {
    expect(defaultSettings).toMatchObject({
      bounceProtectionEnabled: true,
      bounceRatePercent: 3,
      bounceMinSends: 50,
      bounceWindowDays: 7,
      spamComplaintsMin: 3,
      spamRatePercent: 0.3,
      unsubscribeRatePercent: 5,
    });
    expect(settingsSchema.safeParse(defaultSettings).success).toBe(true);
  });

  it.each([
    [{ bounceRatePercent: 0 }, "bounceRatePercent", "Hard-bounce rate must be at least 0.01%"],
    [{ bounceRatePercent: 101 }, "bounceRatePercent", "Hard-bounce rate must be at most 100%"],
    [{ bounceRatePercent: 2.555 }, "bounceRatePercent", "Hard-bounce rate may have at most two decimals"],
    [{ bounceMinSends: 0 }, "bounceMinSends", "Minimum sends must be between 1 and 100,000"],
    [{ bounceMinSends: 2.5 }, "bounceMinSends", "Minimum sends must be a whole number"],
    [{ bounceWindowDays: 91 }, "bounceWindowDays", "Window must be between 1 and 90 days"],
    [{ spamComplaintsMin: 0 }, "spamComplaintsMin", "Spam complaints must be between 1 and 1,000"],
    [{ spamRatePercent: -1 }, "spamRatePercent", "Spam rate must be at least 0.01%"],
    // The fuzzer's smallest double: above 0, and "two decimals" within rounding, but no rate.
    [{ spamRatePercent: 5e-324 }, "spamRatePercent", "Spam rate must be at least 0.01%"],
    [{ unsubscribeRatePercent: "5" }, "unsubscribeRatePercent", "Unsubscribe rate must be a number"],
  ])("refuses %j with the field's limit", (change, field, message) => {
    expect(messageOf(settingsSchema.safeParse({ ...defaultSettings, ...change }))).toEqual({ [field]: message });
  });

  it("takes two decimals", () => {
    expect(
      settingsSchema.safeParse({ ...defaultSettings, spamRatePercent: 0.15, bounceRatePercent: 2.5 }).success,
    ).toBe(true);
  });
});

describe("a sender's own thresholds", () => {
  it("takes a rate and a minimum, or nulls for the user's settings", () => {
    expect(senderProtectionInputSchema.parse({ email: "Jane@Acme.com", bounceRatePercent: 2, minSends: 20 })).toEqual({
      email: "Jane@Acme.com",
      bounceRatePercent: 2,
      minSends: 20,
    });
    expect(
      senderProtectionInputSchema.safeParse({ email: "jane@acme.com", bounceRatePercent: null, minSends: null })
        .success,
    ).toBe(true);
  });
  it("refuses a bad address and out-of-range figures", () => {
    expect(
      messageOf(senderProtectionInputSchema.safeParse({ email: "nope", bounceRatePercent: 0, minSends: 100_001 })),
    ).toEqual({
      email: "Enter a valid email address",
      bounceRatePercent: "Hard-bounce rate must be at least 0.01%",
      minSends: "Minimum sends must be between 1 and 100,000",
    });
  });
});
