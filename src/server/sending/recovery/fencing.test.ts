// Being slow may cost time, never a duplicate (issue 26 §2). A worker whose
// heartbeat stopped (a starved event loop, a paused process) has its claims
// taken by another; it must then be unable to hand any of them off. And a
// live process never loses its claims by heartbeat; only when a lease ends,
// with what its delivery thread journaled applied first.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createCampaign,
  fakeClock,
  MINUTE,
  people,
  sinkTransports,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { scheduledEmails } from "../../db/schema/index.ts";
import { handOffKey, openJournal, readOwnJournal } from "../delivery/hand-off-journal.ts";
import type { TransportFactory } from "../outgoing.ts";
import { newWorkerId, THIS_PROCESS } from "../worker-heartbeat.ts";
import { recoverClaims } from "./recover-claims.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z");
let sink: SmtpSink;
let transports: TransportFactory;
let ctx: TestContext;
let owner: { cookie: string; userId: string };

beforeAll(async () => {
  sink = await startSmtpSink();
  transports = sinkTransports(testConfig(), sink.port);
  ctx = await createTestContext({}, undefined, { transports, now: clock.now, sendWorker: false });
  owner = await ctx.signUpVerified("fencing@example.com");
});
afterAll(async () => {
  transports?.closeAll();
  await ctx?.close();
  await sink?.close();
});
afterEach(() => {
  sink.reset();
  clock.set("2026-12-07T09:00:00.000Z");
});

const db = () => ctx.database.db;

async function launched(prefix: string, n: number) {
  const campaign = await createCampaign(ctx, owner.cookie, { contacts: people(n, prefix) });
  const res = await ctx.request(`/api/campaigns/${campaign.campaign.id}/launch`, {
    method: "POST",
    cookie: owner.cookie,
  });
  expect(res.status).toBe(200);
  return campaign.campaign.id;
}

const stale = (workerId: string) =>
  db().execute(sql`update send_workers set heartbeat_at = heartbeat_at - interval '1 hour' where id = ${workerId}`);

function receivedOnce() {
  const byRecipient = new Map<string, number>();
  for (const m of sink.messages) for (const to of m.envelope.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
  return [...byRecipient.values()].every((n) => n === 1) ? byRecipient.size : -1;
}

describe("fencing: a claim taken over is never handed off by its former holder", () => {
  it("the starved worker's late delivery of its claims is refused; each contact gets one message", async () => {
    const campaignId = await launched("fenced", 6);
    // Workers of other processes (ids without this process's prefix).
    const slow = testWorker({ db: db(), config: ctx.config, transports, clock }, { workerId: "other-host:1:slow" });
    const rescuer = testWorker(
      { db: db(), config: ctx.config, transports, clock },
      { workerId: "other-host:2:rescue" },
    );
    const batch = await db().transaction((tx) => slow.claim(tx, { userId: owner.userId, campaignId }));
    expect(batch.sends).toHaveLength(6);
    // Its heartbeat stops (a starved event loop); another worker takes the claims over and sends them.
    await stale("other-host:1:slow");
    const round = await rescuer.runOnce();
    expect(round.recovered).toBe(6);
    expect(round.sent).toBe(6);
    // The starved worker wakes up and delivers what it claimed: every hand-off is refused.
    const late = await slow.deliver(batch);
    expect(late).toMatchObject({ sent: 0, released: 6 });
    expect(sink.messages).toHaveLength(6);
    expect(receivedOnce()).toBe(6);
    const rows = await db().select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, campaignId));
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill("sent"));
  });
});

describe("liveness: claims are not taken from a live process by heartbeat", () => {
  it("a worker of this process keeps its claims however old its heartbeat", async () => {
    const campaignId = await launched("alive", 3);
    const busy = testWorker({ db: db(), config: ctx.config, transports, clock }, { workerId: newWorkerId() });
    const other = testWorker({ db: db(), config: ctx.config, transports, clock }, { workerId: newWorkerId() });
    expect(busy.workerId.startsWith(`${THIS_PROCESS}:`)).toBe(true);
    const batch = await db().transaction((tx) => busy.claim(tx, { userId: owner.userId, campaignId }));
    await stale(busy.workerId);
    expect((await other.runOnce()).recovered).toBe(0);
    // Its delivery goes ahead: one message each.
    expect(await busy.deliver(batch)).toMatchObject({ sent: 3 });
    expect(receivedOnce()).toBe(3);
  });

  it("when a lease expires, a hand-off the journal shows is unknown, never sent again", async () => {
    const campaignId = await launched("journaled", 2);
    const dir = mkdtempSync(join(tmpdir(), "coldreach-fencing-"));
    try {
      const worker = testWorker({ db: db(), config: ctx.config, transports, clock }, { workerId: newWorkerId() });
      const batch = await db().transaction((tx) => worker.claim(tx, { userId: owner.userId, campaignId }));
      const [first, second] = batch.sends;
      // The delivery thread journaled the first one's hand-off, then nothing came back.
      const journal = openJournal(dir, "this-process");
      journal.append(handOffKey(first!.scheduledId, first!.leaseExpiresAt));
      journal.close();
      clock.advance(11 * MINUTE); // past the 10-minute lease
      const recovered = await recoverClaims(db(), {
        now: clock.now(),
        deadAfterMs: 30_000,
        self: worker.workerId,
        ownJournal: () => readOwnJournal(dir, "this-process"),
      });
      expect(recovered).toBe(2);
      const status = async (id: string) =>
        (await db().select().from(scheduledEmails).where(eq(scheduledEmails.id, id)))[0]?.status;
      expect(await status(first!.scheduledId)).toBe("unknown");
      expect(await status(second!.scheduledId)).toBe("scheduled");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
