import { describe, expect, it } from "vitest";
import { contactEmail, detectionCounts, groupDuplicates } from "./duplicates.ts";

const send = (email: string, campaignId: string, sentAt: string) => ({
  email,
  firstName: null,
  lastName: null,
  campaignId,
  campaignName: `Campaign ${campaignId}`,
  sentAt,
});

describe("groupDuplicates", () => {
  it("groups by lower-cased address, newest campaign first, each campaign once", () => {
    const groups = groupDuplicates([
      send("Jane@x.io", "b", "2026-09-01T00:00:00Z"),
      send("kim@x.io", "a", "2026-05-01T00:00:00Z"),
      send("jane@x.io", "a", "2026-03-01T00:00:00Z"),
      send("jane@x.io", "a", "2026-02-01T00:00:00Z"),
    ]);
    expect(groups).toEqual([
      {
        email: "jane@x.io",
        campaigns: [
          { campaignId: "b", campaignName: "Campaign b", sentAt: "2026-09-01T00:00:00Z" },
          { campaignId: "a", campaignName: "Campaign a", sentAt: "2026-03-01T00:00:00Z" },
        ],
      },
      {
        email: "kim@x.io",
        campaigns: [{ campaignId: "a", campaignName: "Campaign a", sentAt: "2026-05-01T00:00:00Z" }],
      },
    ]);
  });

  it("is empty for no sends", () => {
    expect(groupDuplicates([])).toEqual([]);
  });
});

describe("detectionCounts", () => {
  const emails = ["a@x.io", "b@x.io", "c@x.io"];

  it("counts totals, duplicates and who proceeds", () => {
    expect(detectionCounts(emails, new Set(["a@x.io", "b@x.io"]), new Set())).toEqual({
      total: 3,
      duplicates: 2,
      blocked: 0,
      willProceed: 3,
    });
    expect(detectionCounts(emails, new Set(["a@x.io", "b@x.io"]), new Set(["a@x.io"]))).toEqual({
      total: 3,
      duplicates: 2,
      blocked: 0,
      willProceed: 2,
    });
  });

  it("counts blocked contacts and never lets them proceed, a removed duplicate counted once", () => {
    expect(detectionCounts(emails, new Set(["a@x.io"]), new Set(["a@x.io"]), new Set(["a@x.io", "c@x.io"]))).toEqual({
      total: 3,
      duplicates: 1,
      blocked: 2,
      willProceed: 1,
    });
  });

  it("ignores a removal mark on an address that is not a duplicate", () => {
    expect(detectionCounts(emails, new Set(), new Set(["c@x.io"])).willProceed).toBe(3);
  });
});

describe("contactEmail", () => {
  it("reads the email column, trimmed and lower-cased", () => {
    expect(contactEmail({ work_email: " Jane@X.io " }, "work_email")).toBe("jane@x.io");
    expect(contactEmail({}, "email")).toBe("");
  });
});
