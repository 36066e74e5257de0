// Several workers on one PostgreSQL, claiming at the same time: every
// contact gets each step exactly once. PGlite is a single connection (SKIP
// LOCKED and the advisory lock are no-ops there), so this runs on PostgreSQL
// only (TEST_DATABASE_URL).
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  people,
  setSendingSettings,
  sinkTransports,
  step,
  testWorker,
} from "../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../tests/support/test-app.ts";
import { testDbKind } from "../../../tests/support/test-database.ts";
import { campaignStats, emailSends, senderDailyCounts } from "../db/schema/index.ts";
import type { TransportFactory } from "./outgoing.ts";

describe.skipIf(testDbKind !== "postgres")("four workers on one PostgreSQL", () => {
  const clock = fakeClock("2026-12-07T09:00:00.000Z");
  let sink: SmtpSink;
  let transports: TransportFactory[];
  let ctx: TestContext;

  beforeAll(async () => {
    sink = await startSmtpSink();
    // One transport factory (one pool) per worker, as separate processes would have.
    transports = Array.from({ length: 4 }, () => sinkTransports(testConfig(), sink.port));
    ctx = await createTestContext({}, undefined, { transports: transports[0], now: clock.now });
  });
  afterAll(async () => {
    for (const t of transports ?? []) t.closeAll();
    await ctx?.close();
    await sink?.close();
  });

  it("never sends a step twice, and counts every send once", async () => {
    const owner = await ctx.signUpVerified("race@example.com");
    await setSendingSettings(ctx.database.db, owner.userId, { dailySendLimit: 10_000 });
    const campaign = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [
        { email: "r1@acme.test", provider: "custom", dailyLimit: 500 },
        { email: "r2@acme.test", provider: "custom", dailyLimit: 500 },
        { email: "r3@acme.test", provider: "custom", dailyLimit: 500 },
      ],
      contacts: people(120, "race"),
      sequence: [step("One", "1"), step("Two", "2", { amount: 1 })],
    });
    const id = campaign.campaign.id;
    // Queue without the launch's own first batch: Activate on the draft.
    const res = await ctx.request(`/api/campaigns/${id}/status`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: { status: "active" },
    });
    expect(res.status).toBe(200);

    const workers = transports.map((t, i) =>
      testWorker(
        { db: ctx.database.db, config: ctx.config, transports: t, clock },
        { workerId: `w${i}`, batchSize: 7 },
      ),
    );
    const rounds = await Promise.all(workers.map((w) => drain(w)));
    expect(rounds.reduce((sum, r) => sum + r.sent, 0)).toBe(120);
    // More than one worker took part.
    expect(rounds.filter((r) => r.sent > 0).length).toBeGreaterThan(1);

    clock.advance(DAY);
    const followUps = await Promise.all(workers.map((w) => drain(w)));
    expect(followUps.reduce((sum, r) => sum + r.sent, 0)).toBe(120);

    const recipients = sink.messages.map((m) => `${m.envelope.to[0]} ${m.parsed.subject}`);
    expect(recipients).toHaveLength(240);
    expect(new Set(recipients).size).toBe(240);
    const sends = await ctx.database.db.select().from(emailSends).where(eq(emailSends.campaignId, id));
    expect(sends.filter((s) => s.status === "sent")).toHaveLength(240);
    const [stats] = await ctx.database.db.select().from(campaignStats).where(eq(campaignStats.campaignId, id));
    expect(stats).toMatchObject({ sent: 240, pending: 0, scheduled: 0, failed: 0 });
    const [counted] = await ctx.database.db
      .select({ total: sql<number>`sum(${senderDailyCounts.sent})::int` })
      .from(senderDailyCounts);
    expect(counted?.total).toBe(240);
  });

  it("keeps a sender within its daily limit when workers race for its last slots", async () => {
    const owner = await ctx.signUpVerified("race-limit@example.com");
    await setSendingSettings(ctx.database.db, owner.userId, { dailySendLimit: 10_000 });
    const campaign = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [{ email: "tight@acme.test", provider: "custom", dailyLimit: 25 }],
      contacts: people(60, "tight"),
    });
    await ctx.request(`/api/campaigns/${campaign.campaign.id}/status`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: { status: "active" },
    });
    const workers = transports.map((t, i) =>
      testWorker(
        { db: ctx.database.db, config: ctx.config, transports: t, clock },
        { workerId: `l${i}`, batchSize: 4 },
      ),
    );
    await Promise.all(workers.map((w) => drain(w)));
    expect(sink.messages.filter((m) => m.envelope.from === "tight@acme.test")).toHaveLength(25);
  });
});
