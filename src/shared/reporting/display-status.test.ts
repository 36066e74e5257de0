import { describe, expect, it } from "vitest";
import { contactEmailStatus, contactSendStatus, emailDisplayStatus } from "./display-status.ts";

const send = (status: string, sentAt: string | null = null, openedAt: string | null = null) => ({
  status,
  sentAt,
  openedAt,
});
const T = "2026-11-20T10:00:00.000Z";

describe("email display status", () => {
  it("follows the spec's order: opened, sent, failed, pending", () => {
    expect(emailDisplayStatus(send("sent", T, T))).toBe("opened");
    expect(emailDisplayStatus(send("sent", T))).toBe("sent");
    expect(emailDisplayStatus(send("failed"))).toBe("failed");
    expect(emailDisplayStatus(send("pending"))).toBe("pending");
  });
  it("an open without a recorded send still shows opened", () => {
    expect(emailDisplayStatus(send("pending", null, T))).toBe("opened");
  });
});

describe("contact email status", () => {
  it("is none without sends", () => {
    expect(contactEmailStatus({ repliedAt: null, sendCount: 0, latest: null })).toBe("none");
  });
  it("is replied when the contact replied (not merely when something was sent)", () => {
    expect(contactEmailStatus({ repliedAt: T, sendCount: 1, latest: send("sent", T) })).toBe("replied");
    expect(contactEmailStatus({ repliedAt: null, sendCount: 1, latest: send("sent", T) })).toBe("sent");
  });
  it("otherwise the latest send decides", () => {
    expect(contactEmailStatus({ repliedAt: null, sendCount: 2, latest: send("failed") })).toBe("failed");
    expect(contactEmailStatus({ repliedAt: null, sendCount: 2, latest: send("sent", T, T) })).toBe("opened");
    expect(contactEmailStatus({ repliedAt: null, sendCount: 1, latest: send("pending") })).toBe("pending");
  });
  it("a failed send's label is Failed even if something recorded an open", () => {
    expect(contactSendStatus(send("failed", null, T))).toBe("failed");
  });
});
