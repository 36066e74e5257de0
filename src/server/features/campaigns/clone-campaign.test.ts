// POST /api/campaigns/{id}/clone: a complete and independent copy, contacts
// only when asked, another user's campaign never found.
import { and, asc, eq, getTableColumns } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CampaignDetail } from "#shared/campaigns/campaigns.schemas.ts";
import {
  createCampaign,
  fakeClock,
  launch,
  people,
  sinkTransports,
  step,
} from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import {
  campaignStats,
  campaigns,
  contacts,
  emailSends,
  emailSequences,
  scheduledEmails,
  senderAccounts,
} from "../../db/schema/index.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";
import { cloneSkips } from "./clone-campaign.service.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z");
let sink: SmtpSink;
let transports: TransportFactory;
let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  transports = sinkTransports(testConfig(), sink.port);
  ctx = await createTestContext({}, undefined, { transports, now: clock.now });
  alice = await ctx.signUpVerified("alice-clone@example.com");
  bob = await ctx.signUpVerified("bob-clone@example.com");
});
afterAll(async () => {
  transports?.closeAll();
  await ctx?.close();
  await sink?.close();
});
afterEach(() => sink.reset());

const db = () => ctx.database.db;

const clone = (cookie: string, id: string, json: unknown) =>
  ctx.request(`/api/campaigns/${id}/clone`, { method: "POST", cookie, json });

/** A saved sender with a password, and a launched campaign using it and a second sender, with sends and a reply. */
async function launchedOriginal() {
  const saved = await ctx.request("/api/senders", {
    method: "POST",
    cookie: alice.cookie,
    json: {
      email: `saved-${crypto.randomUUID().slice(0, 8)}@acme.test`,
      provider: "custom",
      dailyLimit: 30,
      smtp: { host: "smtp.acme.test", port: 587, security: "starttls", username: "mailer", password: "s3cret!" },
    },
  });
  expect(saved.status).toBe(201);
  const savedSender = (await saved.json()) as { id: string; email: string };
  const original = await createCampaign(ctx, alice.cookie, {
    name: "Founders Q4",
    description: "Berlin founders",
    senderAccounts: [
      { email: savedSender.email, provider: "custom", dailyLimit: 30, savedSenderId: savedSender.id },
      { email: "second@acme.test", provider: "custom", dailyLimit: 20 },
    ],
    contacts: people(3, "orig"),
    sequence: [
      step("Hi {{firstName}}", "Hello {{firstName}}"),
      {
        ...step("Following up", "Any thoughts?", { amount: 2, unit: "days" }),
        sendAs: "plain_text" as const,
        trackClicks: false,
      },
      step("Last one", "Closing the loop", { date: "2026-12-20", time: "10:30" }),
    ],
    trackOpens: false,
    trackClicks: true,
    sendAs: "html",
  });
  const id = original.campaign.id;
  expect((await launch(ctx, alice.cookie, id)).status).toBe(200);
  // A secret on a campaign sender itself is copied as it is stored (ciphertext), never decrypted.
  await db()
    .update(senderAccounts)
    .set({ smtpPasswordEncrypted: "v1.ciphertext-as-stored", imapHost: "imap.acme.test", lastSyncError: "old" })
    .where(and(eq(senderAccounts.campaignId, id), eq(senderAccounts.email, "second@acme.test")));
  // One contact replied, one bounced: state the clone must not take along.
  const rows = await db().select().from(contacts).where(eq(contacts.campaignId, id)).orderBy(asc(contacts.email));
  await db().update(contacts).set({ repliedAt: clock.now() }).where(eq(contacts.id, rows[0]!.id));
  await db().update(contacts).set({ status: "bounced" }).where(eq(contacts.id, rows[1]!.id));
  return { original, id, savedSender };
}

/** Every row of a campaign, as the copy is compared with it (ids and campaign links left out). */
async function snapshot(campaignId: string) {
  const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
  const steps = await db()
    .select()
    .from(emailSequences)
    .where(eq(emailSequences.campaignId, campaignId))
    .orderBy(asc(emailSequences.stepNumber));
  const senders = await db()
    .select()
    .from(senderAccounts)
    .where(eq(senderAccounts.campaignId, campaignId))
    .orderBy(asc(senderAccounts.createdAt));
  const people = await db()
    .select()
    .from(contacts)
    .where(eq(contacts.campaignId, campaignId))
    .orderBy(asc(contacts.email));
  return { campaign: campaign!, steps, senders, people };
}

/** The row without the columns the clone does not copy (by their database names). */
function copied<T extends Record<string, unknown>>(row: T, table: Parameters<typeof dbNames>[0], skip: string[]) {
  const names = dbNames(table);
  return Object.fromEntries(Object.entries(row).filter(([key]) => !skip.includes(names[key] ?? key)));
}
function dbNames(table: typeof campaigns | typeof emailSequences | typeof senderAccounts | typeof contacts) {
  return Object.fromEntries(Object.entries(getTableColumns(table)).map(([key, col]) => [key, col.name]));
}

describe("POST /api/campaigns/{id}/clone", () => {
  it("makes a draft with the steps, senders and settings, and the contacts' details only when asked", async () => {
    const { id, savedSender } = await launchedOriginal();
    const res = await clone(alice.cookie, id, { includeContacts: true });
    expect(res.status).toBe(201);
    const detail = (await res.json()) as CampaignDetail;
    expect(detail.campaign).toMatchObject({
      name: "Founders Q4 (copy)",
      description: "Berlin founders",
      status: "draft",
      displayStatus: "draft",
      launchedAt: null,
      trackOpens: false,
      trackClicks: true,
      sendAs: "html",
    });
    expect(detail.sequence.map((s) => s.trackClicks)).toEqual([null, false, null]);
    expect(detail.campaign.id).not.toBe(id);
    expect(detail.contactCount).toBe(3);
    expect(detail.senders.map((s) => [s.email, s.dailyLimit, s.savedSenderId])).toEqual([
      [savedSender.email, 30, savedSender.id],
      ["second@acme.test", 20, null],
    ]);

    const from = await snapshot(id);
    const to = await snapshot(detail.campaign.id);
    // Every column but identity and state, whatever columns the tables have.
    expect(copied(to.campaign, campaigns, cloneSkips.campaignState)).toEqual(
      copied(from.campaign, campaigns, cloneSkips.campaignState),
    );
    expect(to.steps.map((s) => copied(s, emailSequences, cloneSkips.stepState))).toEqual(
      from.steps.map((s) => copied(s, emailSequences, cloneSkips.stepState)),
    );
    expect(to.steps.map((s) => [s.stepNumber, s.sendAs, s.delayAmount, s.scheduledDate, s.scheduledTime])).toEqual([
      [1, null, 0, null, null],
      [2, "plain_text", 2, null, null],
      [3, null, 0, "2026-12-20", "10:30"],
    ]);
    expect(to.senders.map((s) => [s.smtpPasswordEncrypted, s.lastSyncError])).toEqual([
      [null, null],
      ["v1.ciphertext-as-stored", null],
    ]);
    expect(to.senders.map((s) => copied(s, senderAccounts, cloneSkips.senderState))).toEqual(
      from.senders.map((s) => copied(s, senderAccounts, cloneSkips.senderState)),
    );
    expect(to.people.map((c) => copied(c, contacts, cloneSkips.contactState))).toEqual(
      from.people.map((c) => copied(c, contacts, cloneSkips.contactState)),
    );
    // State stays behind: every contact starts afresh, nothing queued or sent, zero counters.
    expect(to.people.map((c) => [c.status, c.repliedAt])).toEqual([
      ["active", null],
      ["active", null],
      ["active", null],
    ]);
    expect(await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, detail.campaign.id))).toEqual(
      [],
    );
    expect(await db().select().from(emailSends).where(eq(emailSends.campaignId, detail.campaign.id))).toEqual([]);
    const [stats] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, detail.campaign.id));
    expect(stats).toMatchObject({ sent: 0, failed: 0, pending: 0, scheduled: 0, replied: 0, opened: 0 });
  });

  it("copies no contacts without includeContacts, and takes the name given", async () => {
    const { id } = await launchedOriginal();
    const res = await clone(alice.cookie, id, { includeContacts: false, name: "  Founders Q1  " });
    expect(res.status).toBe(201);
    const detail = (await res.json()) as CampaignDetail;
    expect(detail.campaign.name).toBe("Founders Q1");
    expect(detail.contactCount).toBe(0);
    expect(detail.sequence).toHaveLength(3);
  });

  it("cuts a long name to the limit with ' (copy)'", async () => {
    const long = await createCampaign(ctx, alice.cookie, { name: "n".repeat(200) });
    const detail = (await (
      await clone(alice.cookie, long.campaign.id, { includeContacts: false })
    ).json()) as CampaignDetail;
    expect(detail.campaign.name).toBe(`${"n".repeat(193)} (copy)`);
  });

  it("is independent: editing and launching the copy leaves the original as it was", async () => {
    const { id } = await launchedOriginal();
    const before = await snapshot(id);
    const detail = (await (await clone(alice.cookie, id, { includeContacts: true })).json()) as CampaignDetail;
    const saved = await ctx.request(`/api/campaigns/${detail.campaign.id}`, {
      method: "PUT",
      cookie: alice.cookie,
      json: {
        name: "Changed copy",
        description: "other",
        sequence: [step("New subject", "New body")],
        senderAccounts: [{ ...detail.senders[0]!, dailyLimit: 5 }],
        trackOpens: true,
      },
    });
    expect(saved.status).toBe(200);
    const launched = await launch(ctx, alice.cookie, detail.campaign.id);
    expect(launched.status).toBe(200);
    // Every contact of the copy got step 1 (the original's reply and bounce stayed with the original).
    expect(launched.body.scheduled).toBe(3);
    const after = await snapshot(id);
    expect(after).toEqual(before);
  });

  it("answers 404 for another user's campaign or an unknown id, and stores nothing", async () => {
    const { id } = await launchedOriginal();
    const count = async () => (await db().select().from(campaigns)).length;
    const n = await count();
    expect((await clone(bob.cookie, id, { includeContacts: true })).status).toBe(404);
    expect((await clone(bob.cookie, "not-a-uuid", { includeContacts: true })).status).toBe(404);
    expect((await clone(alice.cookie, crypto.randomUUID(), { includeContacts: true })).status).toBe(404);
    expect(
      (await ctx.request(`/api/campaigns/${id}/clone`, { method: "POST", json: { includeContacts: true } })).status,
    ).toBe(401);
    expect(await count()).toBe(n);
  });

  it("refuses bad input with the field and the limit, storing nothing", async () => {
    const { id } = await launchedOriginal();
    const n = (await db().select().from(campaigns)).length;
    const tooLong = await clone(alice.cookie, id, { includeContacts: false, name: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toMatch(/name[\s\S]*200/);
    const missing = await clone(alice.cookie, id, { name: "No flag" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("includeContacts");
    expect((await db().select().from(campaigns)).length).toBe(n);
  });
});
