import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { campaignStatuses } from "../db-enums.ts";
import {
  type CampaignStatusFacts,
  campaignStatusLabel,
  displayCampaignStatus,
  statusToggle,
} from "./campaign-status.ts";

const active: CampaignStatusFacts = {
  status: "active",
  scheduledCount: 0,
  sentCount: 0,
  failedCount: 0,
  pendingCount: 0,
  unknownCount: 0,
};

describe("campaign status labels", () => {
  it("labels the four statuses and shows unknown ones raw", () => {
    expect(["draft", "active", "completed", "paused"].map(campaignStatusLabel)).toEqual([
      "Draft",
      "Active",
      "Completed",
      "Paused",
    ]);
    expect(campaignStatusLabel("archived")).toBe("archived");
  });
});

describe("the displayed status", () => {
  it("shows an active campaign with nothing queued and something sent as completed", () => {
    expect(displayCampaignStatus({ ...active, sentCount: 3 })).toBe("completed");
    expect(displayCampaignStatus({ ...active, sentCount: 3, scheduledCount: 2 })).toBe("active");
    expect(displayCampaignStatus(active)).toBe("active");
  });

  it("counts failed sends too: a campaign whose every send failed has nothing left to do", () => {
    expect(displayCampaignStatus({ ...active, failedCount: 4 })).toBe("completed");
  });

  it("keeps a campaign with a send awaiting the user's decision (delivery unknown) active", () => {
    const waiting = { ...active, sentCount: 3, failedCount: 1, unknownCount: 1 };
    expect(displayCampaignStatus(waiting)).toBe("active");
    expect(displayCampaignStatus({ ...waiting, unknownCount: 0 })).toBe("completed");
  });

  it("shows paused, draft and a stored completed as stored", () => {
    expect(displayCampaignStatus({ ...active, status: "paused", sentCount: 3 })).toBe("paused");
    expect(displayCampaignStatus({ ...active, status: "draft" })).toBe("draft");
    expect(displayCampaignStatus({ ...active, status: "completed", scheduledCount: 5 })).toBe("completed");
  });

  it("never offers a toggle beside Completed, and one beside every other status (property)", () => {
    const count = fc.nat({ max: 5 });
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom(...campaignStatuses),
          scheduledCount: count,
          sentCount: count,
          failedCount: count,
          pendingCount: count,
          unknownCount: count,
        }),
        (facts) => {
          const shown = displayCampaignStatus(facts);
          expect(statusToggle(shown) === null).toBe(shown === "completed");
          // Only an active campaign is ever shown as something else.
          if (facts.status !== "active") expect(shown).toBe(facts.status);
        },
      ),
    );
  });
});

describe("the toggle", () => {
  it("offers Pause for active, Activate for paused or draft, nothing for completed or unknown", () => {
    expect(statusToggle("active")).toBe("pause");
    expect(statusToggle("paused")).toBe("activate");
    expect(statusToggle("draft")).toBe("activate");
    expect(statusToggle("completed")).toBeNull();
    expect(statusToggle("archived")).toBeNull();
  });
});
