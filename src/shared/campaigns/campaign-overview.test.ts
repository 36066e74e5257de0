import { describe, expect, it } from "vitest";
import { type CampaignCounters, campaignEndedAt, campaignOverviewFigures, totalEmails } from "./campaign-overview.ts";

const base: CampaignCounters = {
  status: "active",
  displayStatus: "active",
  updatedAt: "2026-11-20T10:00:00.000Z",
  scheduledCount: 0,
  sentCount: 0,
  failedCount: 0,
  pendingCount: 0,
  openedCount: 0,
  opensTracked: true,
};

describe("totalEmails", () => {
  it("counts every send: sent, failed and pending", () => {
    expect(totalEmails({ sentCount: 7, failedCount: 2, pendingCount: 1 })).toBe(10);
    expect(totalEmails({ sentCount: 0, failedCount: 0, pendingCount: 0 })).toBe(0);
  });
});

describe("campaignEndedAt", () => {
  it("is the update time when the stored status is completed", () => {
    expect(campaignEndedAt({ status: "completed", updatedAt: base.updatedAt })).toBe(base.updatedAt);
  });

  it.each(["active", "paused", "draft", "archived"])("is none for %s", (status) => {
    expect(campaignEndedAt({ status, updatedAt: base.updatedAt })).toBeNull();
  });

  it("is none for an active campaign only shown as completed", () => {
    const figures = campaignOverviewFigures({ ...base, displayStatus: "completed", sentCount: 3 });
    expect(figures.status).toBe("completed");
    expect(figures.endedAt).toBeNull();
  });
});

describe("campaignOverviewFigures", () => {
  it("computes total, open rate and bar from the counters", () => {
    // 8 sent, 1 failed, 1 pending, 3 opened: 10 emails, 3/8 = 37.5% → 38.
    expect(
      campaignOverviewFigures({
        ...base,
        scheduledCount: 2,
        sentCount: 8,
        failedCount: 1,
        pendingCount: 1,
        openedCount: 3,
      }),
    ).toEqual({ status: "active", totalEmails: 10, sent: 8, opened: 3, openRate: 38, openBar: 38, endedAt: null });
  });

  it("has a zero open rate and bar before anything was sent", () => {
    expect(campaignOverviewFigures(base)).toMatchObject({ totalEmails: 0, openRate: 0, openBar: 0, status: "active" });
  });

  it("caps the bar at 100 when more opens than sends were counted", () => {
    const figures = campaignOverviewFigures({ ...base, scheduledCount: 1, sentCount: 2, openedCount: 3 });
    expect(figures.openRate).toBe(150);
    expect(figures.openBar).toBe(100);
  });

  it("shows the status the server derived (the same as the dashboard's and the Edit page's)", () => {
    for (const displayStatus of ["draft", "active", "paused", "completed"]) {
      expect(campaignOverviewFigures({ ...base, displayStatus }).status).toBe(displayStatus);
    }
    expect(campaignOverviewFigures({ ...base, status: "completed", displayStatus: "completed" })).toMatchObject({
      status: "completed",
      endedAt: base.updatedAt,
    });
  });
});

describe("a campaign whose opens are not tracked", () => {
  it("has no open figures (null, shown as '—'), not 0%, whatever was counted", () => {
    const figures = campaignOverviewFigures({ ...base, sentCount: 8, openedCount: 3, opensTracked: false });
    expect(figures).toMatchObject({ sent: 8, opened: null, openRate: null, openBar: 0 });
  });
});
