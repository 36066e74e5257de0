import { describe, expect, it } from "vitest";
import { defaultSettings } from "./settings.constants.ts";
import { settingsSchema } from "./settings.schemas.ts";

const valid = { ...defaultSettings };
const messageFor = (input: unknown) => {
  const result = settingsSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("settingsSchema", () => {
  it("accepts the spec's defaults", () => {
    expect(settingsSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [0, "Daily limit must be at least 1"],
    [-5, "Daily limit must be at least 1"],
    [10_001, "Daily limit cannot exceed 10,000"],
    [Number.NaN, "Daily limit must be a number"],
    [12.5, "Daily limit must be a whole number"],
  ])("rejects daily limit %s with %j", (dailySendLimit, message) => {
    expect(messageFor({ ...valid, dailySendLimit })).toBe(message);
  });

  it("accepts the daily limit bounds 1 and 10,000", () => {
    expect(settingsSchema.safeParse({ ...valid, dailySendLimit: 1 }).success).toBe(true);
    expect(settingsSchema.safeParse({ ...valid, dailySendLimit: 10_000 }).success).toBe(true);
  });

  it("accepts an empty notification email and rejects a malformed one", () => {
    expect(settingsSchema.safeParse({ ...valid, notificationEmail: "" }).success).toBe(true);
    expect(settingsSchema.safeParse({ ...valid, notificationEmail: "me@example.com" }).success).toBe(true);
    expect(messageFor({ ...valid, notificationEmail: "not-an-email" })).toBe("Invalid email address");
  });

  it("takes Reply notifications as a boolean, off when a client leaves it out", () => {
    const { replyNotificationsEnabled: _left, ...older } = valid;
    expect(settingsSchema.parse(older).replyNotificationsEnabled).toBe(false);
    expect(settingsSchema.parse({ ...valid, replyNotificationsEnabled: true }).replyNotificationsEnabled).toBe(true);
    expect(messageFor({ ...valid, replyNotificationsEnabled: "yes" })).toBe(
      "Reply notifications must be true or false",
    );
  });

  it("only knows light, dark and auto themes and the two from-name formats", () => {
    expect(messageFor({ ...valid, themeMode: "sepia" })).toBe("Theme must be light, dark or auto");
    expect(messageFor({ ...valid, fromNameFormat: "nickname" })).toBe(
      "From name format must be first_last or company_team",
    );
  });

  it("validates timezone, window and days", () => {
    expect(settingsSchema.safeParse({ ...valid, timezone: "Europe/Berlin" }).success).toBe(true);
    expect(messageFor({ ...valid, timezone: "Mars/Olympus" })).toBe("Choose a valid timezone");
    expect(messageFor({ ...valid, sendTimeStart: "9am" })).toBe("Use the 24-hour HH:MM format");
    expect(messageFor({ ...valid, sendTimeStart: "17:00", sendTimeEnd: "09:00" })).toBe(
      "The sending window must end after it starts",
    );
    expect(messageFor({ ...valid, sendingDays: [] })).toBe("Select at least one sending day");
    expect(messageFor({ ...valid, sendingDays: ["monday", "monday"] })).toBe("Each sending day can be listed once");
    expect(settingsSchema.safeParse({ ...valid, sendingDays: ["funday"] }).success).toBe(false);
  });

  it("requires merge tag names made of letters, digits and underscores", () => {
    expect(settingsSchema.safeParse({ ...valid, fallbackMergeTags: { first_name: "friend", city: "" } }).success).toBe(
      true,
    );
    expect(messageFor({ ...valid, fallbackMergeTags: { "first name": "x" } })).toBe(
      "Merge tag names may contain only letters, numbers and underscores",
    );
  });
});
