import { describe, expect, it } from "vitest";
import { campaignStatusLabel, displayCampaignStatus, statusToggle } from "./campaign-status.ts";

describe("campaign status display", () => {
  it("labels the four statuses and shows unknown ones raw", () => {
    expect(["draft", "active", "completed", "paused"].map(campaignStatusLabel)).toEqual([
      "Draft",
      "Active",
      "Completed",
      "Paused",
    ]);
    expect(campaignStatusLabel("archived")).toBe("archived");
  });

  it("shows an active campaign with nothing scheduled and something sent as completed", () => {
    expect(displayCampaignStatus({ status: "active", scheduledCount: 0, sentCount: 3 }, "dashboard")).toBe("completed");
    expect(displayCampaignStatus({ status: "active", scheduledCount: 2, sentCount: 3 }, "dashboard")).toBe("active");
    expect(displayCampaignStatus({ status: "active", scheduledCount: 0, sentCount: 0 }, "dashboard")).toBe("active");
    expect(displayCampaignStatus({ status: "paused", scheduledCount: 0, sentCount: 3 }, "dashboard")).toBe("paused");
  });

  it("counts any send (failed too) on the overview", () => {
    expect(displayCampaignStatus({ status: "active", scheduledCount: 0, sentCount: 0, sendCount: 1 }, "overview")).toBe(
      "completed",
    );
    expect(
      displayCampaignStatus({ status: "active", scheduledCount: 0, sentCount: 0, sendCount: 1 }, "dashboard"),
    ).toBe("active");
  });

  it("keeps a campaign with a send awaiting the user's decision (delivery unknown) active on both screens", () => {
    const waiting = { status: "active", scheduledCount: 0, sentCount: 3, sendCount: 4, unknownCount: 1 };
    expect(displayCampaignStatus(waiting, "dashboard")).toBe("active");
    expect(displayCampaignStatus(waiting, "overview")).toBe("active");
    expect(displayCampaignStatus({ ...waiting, unknownCount: 0 }, "dashboard")).toBe("completed");
    expect(displayCampaignStatus({ ...waiting, status: "paused" }, "overview")).toBe("paused");
  });

  it("offers Pause for active, Activate for paused or draft, nothing for completed", () => {
    expect(statusToggle("active")).toBe("pause");
    expect(statusToggle("paused")).toBe("activate");
    expect(statusToggle("draft")).toBe("activate");
    expect(statusToggle("completed")).toBeNull();
  });
});
