// The Campaigns overview reads GET /api/campaigns (one query over campaigns
// joined to campaign_stats): each card's figures on a fixture worked out by
// hand, the derived and stored completed statuses and the end date, and
// another user's campaigns never visible.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignOverviewFigures } from "#shared/campaigns/campaign-overview.ts";
import type { CampaignDetail, CampaignSummary } from "#shared/campaigns/campaigns.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaignStats, campaigns, userSettings } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12, 0, 0));

type Seed = {
  name: string;
  status: "draft" | "active" | "paused" | "completed";
  createdAt: Date;
  updatedAt: Date;
  launchedAt?: Date;
  stats?: { sent?: number; failed?: number; pending?: number; opened?: number; scheduled?: number };
};

async function seed(userId: string, rows: Seed[]) {
  const db = ctx.database.db;
  for (const row of rows) {
    const [campaign] = await db
      .insert(campaigns)
      .values({
        userId,
        name: row.name,
        description: `${row.name} description`,
        status: row.status,
        createdAt: row.createdAt,
        launchedAt: row.launchedAt ?? null,
      })
      .returning();
    if (row.stats) await db.insert(campaignStats).values({ campaignId: campaign!.id, userId, ...row.stats });
    // Set last: campaign_stats and the ORM's $onUpdate leave updated_at alone here.
    await db.update(campaigns).set({ updatedAt: row.updatedAt }).where(eq(campaigns.id, campaign!.id));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
  await seed(alice.userId, [
    // 8 sent + 1 failed + 1 pending = 10 emails; 3 of 8 opened = 37.5% → 38%; 2 still scheduled → Active.
    {
      name: "Running",
      status: "active",
      createdAt: day(1),
      updatedAt: day(2),
      launchedAt: day(2),
      stats: { sent: 8, failed: 1, pending: 1, opened: 3, scheduled: 2 },
    },
    // Active, nothing scheduled, sends all failed: shown as Completed, no end date (stored status is active).
    {
      name: "All Failed",
      status: "active",
      createdAt: day(3),
      updatedAt: day(4),
      launchedAt: day(3),
      stats: { failed: 4 },
    },
    // Stored completed: the end date is its update time. 2 sent, 3 opened counted → 150%, bar 100%.
    {
      name: "Finished",
      status: "completed",
      createdAt: day(5),
      updatedAt: day(9),
      launchedAt: day(6),
      stats: { sent: 2, opened: 3 },
    },
    // A draft without a campaign_stats row: zeros everywhere.
    { name: "Draft", status: "draft", createdAt: day(7), updatedAt: day(7) },
  ]);
  await seed(bob.userId, [
    { name: "Bob's", status: "active", createdAt: day(8), updatedAt: day(8), stats: { sent: 50, opened: 50 } },
  ]);
});
afterAll(() => ctx?.close());

async function list(cookie: string): Promise<CampaignSummary[]> {
  const res = await ctx.request("/api/campaigns", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { campaigns: CampaignSummary[] }).campaigns;
}

describe("GET /api/campaigns for the Campaigns overview", () => {
  it("returns each campaign's counters, newest first, from which the card's figures follow", async () => {
    const cards = await list(alice.cookie);
    expect(cards.map((c) => c.name)).toEqual(["Draft", "Finished", "All Failed", "Running"]);
    expect(
      cards.map((c) => [c.name, c.sentCount, c.failedCount, c.pendingCount, c.openedCount, c.scheduledCount]),
    ).toEqual([
      ["Draft", 0, 0, 0, 0, 0],
      ["Finished", 2, 0, 0, 3, 0],
      ["All Failed", 0, 4, 0, 0, 0],
      ["Running", 8, 1, 1, 3, 2],
    ]);
    expect(cards.map((c) => [c.name, campaignOverviewFigures(c)])).toEqual([
      ["Draft", { status: "draft", totalEmails: 0, sent: 0, opened: 0, openRate: 0, openBar: 0, endedAt: null }],
      [
        "Finished",
        {
          status: "completed",
          totalEmails: 2,
          sent: 2,
          opened: 3,
          openRate: 150,
          openBar: 100,
          endedAt: day(9).toISOString(),
        },
      ],
      [
        "All Failed",
        { status: "completed", totalEmails: 4, sent: 0, opened: 0, openRate: 0, openBar: 0, endedAt: null },
      ],
      ["Running", { status: "active", totalEmails: 10, sent: 8, opened: 3, openRate: 38, openBar: 38, endedAt: null }],
    ]);
    const running = cards.find((c) => c.name === "Running");
    expect(running).toMatchObject({
      description: "Running description",
      launchedAt: day(2).toISOString(),
      updatedAt: day(2).toISOString(),
    });
    expect(cards.find((c) => c.name === "Draft")?.launchedAt).toBeNull();
  });

  it("never shows another user's campaigns", async () => {
    expect((await list(alice.cookie)).map((c) => c.name)).not.toContain("Bob's");
    expect((await list(bob.cookie)).map((c) => [c.name, c.sentCount, c.openedCount])).toEqual([["Bob's", 50, 50]]);
  });

  it("answers 401 when signed out", async () => {
    expect((await ctx.request("/api/campaigns")).status).toBe(401);
  });
});

describe("open figures when opens are not tracked", () => {
  it("follow the campaign's choice, else the user's setting, and are not tracked ('—') instead of 0%", async () => {
    const db = ctx.database.db;
    const figures = async () =>
      Object.fromEntries(
        (await list(alice.cookie)).map((c) => [c.name, [c.opensTracked, campaignOverviewFigures(c).openRate]]),
      );
    // Every campaign made before the option follows the setting, on by default.
    expect(await figures()).toEqual({
      Draft: [true, 0],
      Finished: [true, 150],
      "All Failed": [true, 0],
      Running: [true, 38],
    });
    await db.update(campaigns).set({ trackOpens: false }).where(eq(campaigns.name, "Running"));
    await db.update(campaigns).set({ trackOpens: true }).where(eq(campaigns.name, "Finished"));
    await db
      .insert(userSettings)
      .values({ userId: alice.userId, trackOpens: false })
      .onConflictDoUpdate({ target: userSettings.userId, set: { trackOpens: false } });
    expect(await figures()).toEqual({
      Draft: [false, null],
      Finished: [true, 150],
      "All Failed": [false, null],
      Running: [false, null],
    });
    // Bob's setting is his own.
    expect((await list(bob.cookie)).map((c) => c.opensTracked)).toEqual([true]);
  });
});

describe("one status for every screen", () => {
  it("is derived by the server, the same in the list (dashboard row, overview card) and on the Edit page", async () => {
    const cards = await list(alice.cookie);
    expect(cards.map((c) => [c.name, c.status, c.displayStatus])).toEqual([
      ["Draft", "draft", "draft"],
      ["Finished", "completed", "completed"],
      // Every send failed and nothing is left: completed on the dashboard too, not Active with Pause.
      ["All Failed", "active", "completed"],
      ["Running", "active", "active"],
    ]);
    for (const card of cards) {
      const res = await ctx.request(`/api/campaigns/${card.id}`, { cookie: alice.cookie });
      expect(res.status).toBe(200);
      expect(((await res.json()) as CampaignDetail).campaign.displayStatus, card.name).toBe(card.displayStatus);
    }
  });

  it("refuses Pause and Activate for a campaign shown as completed, and changes nothing", async () => {
    const allFailed = (await list(alice.cookie)).find((c) => c.name === "All Failed")!;
    for (const status of ["paused", "active"]) {
      const res = await ctx.request(`/api/campaigns/${allFailed.id}/status`, {
        method: "PATCH",
        cookie: alice.cookie,
        json: { status },
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: { code: "conflict", message: "Completed campaigns cannot be paused or activated" },
      });
    }
    const [stored] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, allFailed.id));
    expect(stored!.status).toBe("active");
    // A running one still pauses, and answers with the status it now shows.
    const running = (await list(alice.cookie)).find((c) => c.name === "Running")!;
    const paused = await ctx.request(`/api/campaigns/${running.id}/status`, {
      method: "PATCH",
      cookie: alice.cookie,
      json: { status: "paused" },
    });
    expect(paused.status).toBe(200);
    expect(await paused.json()).toMatchObject({ status: "paused", displayStatus: "paused" });
    await ctx.request(`/api/campaigns/${running.id}/status`, {
      method: "PATCH",
      cookie: alice.cookie,
      json: { status: "active" },
    });
  });
});
