import { describe, expect, it } from "vitest";
import { openNotificationEmail } from "./open-notification-email.ts";
import type { FirstOpen } from "./open-tracking.service.ts";

const open: FirstOpen = {
  sendId: "s",
  userId: "u",
  toEmail: "jane@example.com",
  subject: "Quick <question>",
  campaignName: "Q4",
  notifyEmail: "me@example.com",
  timezone: "Europe/Berlin",
};
const at = new Date("2026-11-22T14:04:00Z");

describe("openNotificationEmail", () => {
  it("says who opened what and when, in the owner's timezone", () => {
    const message = openNotificationEmail("me@example.com", open, at);
    expect(message.to).toBe("me@example.com");
    expect(message.subject).toBe("Opened: Quick <question>");
    expect(message.text).toContain(
      'jane@example.com opened your email "Quick <question>" (campaign "Q4") on Nov 22, 2026, 3:04',
    );
    expect(message.html).toContain("Quick &lt;question&gt;");
  });

  it("falls back to UTC for a timezone Intl does not know", () => {
    const message = openNotificationEmail(
      "me@example.com",
      { ...open, timezone: "Mars/Olympus", campaignName: null },
      at,
    );
    expect(message.text).toContain('"Quick <question>" on Nov 22, 2026, 2:04');
    expect(message.text).toContain("UTC");
  });
});
