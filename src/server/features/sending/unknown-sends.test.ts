// Sends whose delivery is unknown wait for the user's decision: listed per
// user (and per campaign), Send anyway queues the step again (it then goes
// out once, with its Message-ID, and the sequence continues), Skip queues the
// next step instead. Another user can neither see nor decide them.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignOverviewFigures } from "#shared/campaigns/campaign-overview.ts";
import { displayCampaignStatus } from "#shared/campaigns/campaign-status.ts";
import type { CampaignList } from "#shared/campaigns/campaigns.schemas.ts";
import type { UnknownSendBatchResult, UnknownSendList } from "#shared/sending/unknown-sends.schemas.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { smtpFaults } from "../../../../tests/support/smtp-sink.ts";
import { campaignStats, contacts, emailSends, scheduledEmails } from "../../db/schema/index.ts";
import { recoverClaims } from "../../sending/recovery/recover-claims.ts";

const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
let n = 0;

const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });

/** A fresh user's campaign of `contacts` people (`u<n>-<i>@prospects.test`), not launched. */
async function newCampaign(contacts: number, sequence: Parameters<typeof createCampaign>[2]["sequence"]) {
  n += 1;
  const owner = await h.ctx.signUpVerified(`unknown-${n}@example.com`);
  const prefix = `u${n}`;
  const created = await createCampaign(h.ctx, owner.cookie, { contacts: people(contacts, prefix), sequence });
  const address = (i: number) => `${prefix}-${i}@prospects.test`;
  return { owner, id: created.campaign.id, address };
}

const twoSteps = () => [step("Hi {{firstName}}", "Hello"), step("Again", "Hello again", { amount: 1, unit: "days" })];

/** A launched 2-step campaign whose first contact's step 1 was lost mid-DATA (unknown). */
async function campaignWithUnknownSend() {
  const { owner, id, address } = await newCampaign(2, twoSteps());
  h.sink.addFault(smtpFaults.dropMidData({ recipient: address(1) }));
  const launched = await launch(h.ctx, owner.cookie, id);
  expect(launched.body).toMatchObject({ emailsSent: 1, emailsFailed: 1 });
  const list = await listUnknown(owner.cookie);
  expect(list.sends).toHaveLength(1);
  return { owner, id, address, sendId: list.sends[0]!.id };
}

async function listUnknown(cookie: string, campaignId?: string): Promise<UnknownSendList> {
  const res = await h.ctx.request(`/api/unknown-sends${campaignId ? `?campaignId=${campaignId}` : ""}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as UnknownSendList;
}

const decide = (cookie: string, id: string, decision: "send-anyway" | "skip") =>
  h.ctx.request(`/api/unknown-sends/${id}/${decision}`, { method: "POST", cookie });

async function rowsOf(campaignId: string, email: string) {
  const [contact] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)));
  const rows = await db().select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contact!.id));
  const sends = await db().select().from(emailSends).where(eq(emailSends.contactId, contact!.id));
  return { rows, sends };
}

async function stats(campaignId: string) {
  const [row] = await db().select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
  return row!;
}

describe("unknown sends", () => {
  it("are listed with what was sent, to whom, and why the outcome is unknown", async () => {
    const { owner, id, address } = await campaignWithUnknownSend();
    const { sends } = await listUnknown(owner.cookie, id);
    expect(sends[0]).toMatchObject({
      campaignId: id,
      campaignName: "Sending test",
      contactEmail: address(1),
      contactName: "First1 Last1",
      stepNumber: 1,
      subject: "Hi First1",
      senderEmail: "one@sender.test",
    });
    expect(sends[0]!.reason).toContain("Delivery state unknown");
  });

  it("Send anyway sends the step again once, with its Message-ID, and the sequence continues", async () => {
    const { owner, id, address, sendId } = await campaignWithUnknownSend();
    const [lost] = (await rowsOf(id, address(1))).sends;
    const res = await decide(owner.cookie, sendId, "send-anyway");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: sendId, decision: "send" });
    expect((await listUnknown(owner.cookie)).sends).toEqual([]);
    expect(await stats(id)).toMatchObject({ failed: 0, pending: 1 });

    await drain(worker());
    const delivered = h.sink.messagesTo(address(1));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.parsed.messageId).toBe(lost!.messageId);
    const after = await rowsOf(id, address(1));
    expect(after.sends.map((s) => s.status)).toEqual(["sent"]);
    expect(after.rows.map((r) => r.status).sort()).toEqual(["scheduled", "sent"]);

    // Deciding again is refused: it no longer waits.
    expect((await decide(owner.cookie, sendId, "send-anyway")).status).toBe(404);
    clock.advance(2 * DAY);
    await drain(worker());
    expect(h.sink.messagesTo(address(1))).toHaveLength(2); // step 1 once, step 2 once
    expect(await stats(id)).toMatchObject({ sent: 4, failed: 0, pending: 0, scheduled: 0 });
  });

  it("Skip never sends the step again and queues the contact's next step", async () => {
    const { owner, id, address, sendId } = await campaignWithUnknownSend();
    const res = await decide(owner.cookie, sendId, "skip");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { dueAt: string };
    // Step 2 is due a day after the attempt.
    expect(body.dueAt).toBe("2026-12-08T09:00:00.000Z");
    const after = await rowsOf(id, address(1));
    expect(after.sends.map((s) => s.status)).toEqual(["failed"]);
    expect(after.rows.map((r) => r.status).sort()).toEqual(["cancelled", "scheduled"]);

    clock.advance(2 * DAY);
    await drain(worker());
    const received = h.sink.messagesTo(address(1));
    expect(received.map((m) => m.parsed.subject)).toEqual(["Again"]);
    // The follow-up answers step 1's Message-ID: the thread is kept.
    expect(received[0]!.parsed.inReplyTo).toBe(
      (await rowsOf(id, address(1))).sends.find((s) => s.status === "failed")!.messageId,
    );
  });

  it("keep their campaign from showing as completed until the user decides", async () => {
    const { owner, id, address } = await newCampaign(2, [step("Hi {{firstName}}", "Hello")]);
    h.sink.addFault(smtpFaults.dropMidData({ recipient: address(1) }));
    expect((await launch(h.ctx, owner.cookie, id)).body).toMatchObject({ emailsSent: 1, emailsFailed: 1 });
    const summary = async () => {
      const res = await h.ctx.request("/api/campaigns", { cookie: owner.cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as CampaignList).campaigns.find((c) => c.id === id)!;
    };
    const waiting = await summary();
    expect(waiting).toMatchObject({ status: "active", scheduledCount: 0, sentCount: 1, unknownCount: 1 });
    expect(displayCampaignStatus(waiting)).toBe("active");
    expect(campaignOverviewFigures(waiting).status).toBe("active");

    const [unknown] = (await listUnknown(owner.cookie, id)).sends;
    expect((await decide(owner.cookie, unknown!.id, "skip")).status).toBe(200);
    const decided = await summary();
    expect(decided.unknownCount).toBe(0);
    expect(displayCampaignStatus(decided)).toBe("completed");
  });

  it("Send all anyway and Skip all decide the sends given, and leave out any not the user's or no longer waiting", async () => {
    const { owner, id, address } = await newCampaign(4, twoSteps());
    const other = await h.ctx.signUpVerified(`unknown-other-batch-${n}@example.com`);
    for (const i of [1, 2, 3]) h.sink.addFault(smtpFaults.dropMidData({ recipient: address(i) }));
    expect((await launch(h.ctx, owner.cookie, id)).body).toMatchObject({ emailsSent: 1, emailsFailed: 3 });
    const waiting = (await listUnknown(owner.cookie, id)).sends;
    expect(waiting).toHaveLength(3);
    const byAddress = (i: number) => waiting.find((s) => s.contactEmail === address(i))!.id;
    const batch = (cookie: string, decision: "send-anyway" | "skip", ids: unknown) =>
      h.ctx.request(`/api/unknown-sends/${decision}`, { method: "POST", cookie, json: { ids } });

    // Another user's batch decides nothing of the owner's.
    const foreign = await batch(other.cookie, "skip", [byAddress(1), byAddress(2)]);
    expect(foreign.status).toBe(200);
    expect(await foreign.json()).toEqual({ decided: [] });
    expect((await listUnknown(owner.cookie, id)).sends).toHaveLength(3);

    const sendTwo = await batch(owner.cookie, "send-anyway", [
      byAddress(1),
      byAddress(2),
      byAddress(1),
      crypto.randomUUID(),
    ]);
    expect(sendTwo.status).toBe(200);
    const sent = (await sendTwo.json()) as UnknownSendBatchResult;
    expect(sent.decided.map((d) => [d.id, d.decision]).sort()).toEqual(
      [
        [byAddress(1), "send"],
        [byAddress(2), "send"],
      ].sort(),
    );
    const skipRest = await batch(owner.cookie, "skip", [byAddress(1), byAddress(3)]);
    expect(((await skipRest.json()) as UnknownSendBatchResult).decided).toEqual([
      expect.objectContaining({ id: byAddress(3), decision: "skip" }),
    ]);
    expect((await listUnknown(owner.cookie, id)).sends).toEqual([]);

    await drain(worker());
    expect(h.sink.messagesTo(address(1)).map((m) => m.parsed.subject)).toEqual([`Hi First1`]);
    expect(h.sink.messagesTo(address(3))).toEqual([]);
    expect((await rowsOf(id, address(3))).rows.map((r) => r.status).sort()).toEqual(["cancelled", "scheduled"]);

    for (const bad of [[], ["not-a-uuid"], "x", Array.from({ length: 501 }, () => crypto.randomUUID())]) {
      const res = await batch(owner.cookie, "skip", bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { message: expect.any(String) } });
    }
  });

  it("show the subject as it was sent when recovery found the send (its rendered text died with the worker)", async () => {
    const { owner, id, address } = await newCampaign(1, [step("Hi {{firstName}} at {{company}}", "Hello")]);
    // Handed off by a worker that then died (no heartbeat): recovery makes it unknown.
    await db().execute(sql`
      insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for, status,
        attempts, locked_by, lease_expires_at, handed_off_at, send_id, message_id)
      select c.campaign_id, c.id, q.id, sa.id, ${clock.now().toISOString()}::timestamptz, 'sending', 1, 'a-dead-worker',
        ${new Date(clock.now().getTime() + 600_000).toISOString()}::timestamptz, ${clock.now().toISOString()}::timestamptz,
        gen_random_uuid(), '<lost@acme.test>'
      from contacts c join email_sequences q on q.campaign_id = c.campaign_id
      join sender_accounts sa on sa.campaign_id = c.campaign_id
      where c.campaign_id = ${id}::uuid
      on conflict (contact_id, sequence_id) do update set status = 'sending', locked_by = 'a-dead-worker',
        attempts = 1, lease_expires_at = excluded.lease_expires_at, handed_off_at = excluded.handed_off_at,
        send_id = excluded.send_id, message_id = excluded.message_id`);
    expect(await recoverClaims(db(), { now: clock.now(), deadAfterMs: 30_000 })).toBe(1);
    const [send] = (await listUnknown(owner.cookie, id)).sends;
    expect(send).toMatchObject({ contactEmail: address(1), subject: "Hi First1 at Company 1" });
  });

  it("show a variant's subject as rendered for the contact, not variant A's text, when recovery found the send", async () => {
    const variants = [{ subject: "{Hey|Hey} {{firstName}}, variant B", body: null }];
    const { owner, id, address } = await newCampaign(1, [{ ...step("Hi {{firstName}} (A)", "Hello"), variants }]);
    await db().execute(sql`
      insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for, status,
        attempts, locked_by, lease_expires_at, handed_off_at, send_id, message_id, contact_rank, variant_index)
      select c.campaign_id, c.id, q.id, sa.id, ${clock.now().toISOString()}::timestamptz, 'sending', 1, 'a-dead-worker',
        ${new Date(clock.now().getTime() + 600_000).toISOString()}::timestamptz, ${clock.now().toISOString()}::timestamptz,
        gen_random_uuid(), '<lost-b@acme.test>', 1, 1
      from contacts c join email_sequences q on q.campaign_id = c.campaign_id
      join sender_accounts sa on sa.campaign_id = c.campaign_id
      where c.campaign_id = ${id}::uuid`);
    expect(await recoverClaims(db(), { now: clock.now(), deadAfterMs: 30_000 })).toBe(1);
    const [send] = (await listUnknown(owner.cookie, id)).sends;
    expect(send).toMatchObject({ contactEmail: address(1), subject: "Hey First1, variant B" });
    // The record recovery wrote holds the variant's text, not A's.
    const [record] = (await rowsOf(id, address(1))).sends;
    expect(record).toMatchObject({ subject: variants[0]!.subject, body: "Hello", variantIndex: 1 });
  });

  it("are neither visible to nor decidable by another user", async () => {
    const { owner, id, sendId } = await campaignWithUnknownSend();
    const other = await h.ctx.signUpVerified(`unknown-other-${n}@example.com`);
    expect((await listUnknown(other.cookie)).sends).toEqual([]);
    expect((await listUnknown(other.cookie, id)).sends).toEqual([]);
    expect((await decide(other.cookie, sendId, "send-anyway")).status).toBe(404);
    expect((await decide(other.cookie, sendId, "skip")).status).toBe(404);
    expect((await listUnknown(owner.cookie)).sends.map((s) => s.id)).toEqual([sendId]);
  });

  it("answers a malformed id or campaign filter with a 4xx and the error shape", async () => {
    const { owner } = await campaignWithUnknownSend();
    const bad = await decide(owner.cookie, "not-a-uuid", "skip");
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: { code: "not_found" } });
    const filter = await h.ctx.request("/api/unknown-sends?campaignId=nope", { cookie: owner.cookie });
    expect(filter.status).toBe(400);
    expect(await filter.json()).toMatchObject({ error: { code: "validation_error" } });
  });
});
