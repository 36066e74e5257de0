// Launch must answer, every time (issue 26 §1), reproduced as reported: live
// mode, a saved sender whose SMTP server is on 127.0.0.1 without
// SMTP_ALLOW_PRIVATE. The launch used to queue its mail, deliver the first
// batch inside the request and never answer (the SMTP pool kept the slots of
// the connections the address policy refused, so the third message waited for
// good); the rows stayed 'sending' under a live worker.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { createCampaign, drain, fakeClock, people, testWorker } from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { campaigns, emailSends, scheduledEmails, senderAccounts } from "../../db/schema/index.ts";
import { createLogger } from "../../logger.ts";
import { ADDRESS_NOT_ALLOWED_SUGGESTION } from "../../sending/delivery/smtp-transport.ts";
import { createTransportFactory } from "../../sending/delivery/transports.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z"); // a Monday, inside the default sending window
const live = { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" };

let sink: SmtpSink;
const opened: { ctx: TestContext; transports: TransportFactory }[] = [];

async function context(env: Record<string, string>, options: { launchReportWaitMs?: number } = {}) {
  const config = testConfig(env);
  const transports = createTransportFactory({
    config,
    secrets: createSecretBox(config.appSecret),
    log: createLogger("silent"),
  });
  const ctx = await createTestContext(env, undefined, { transports, now: clock.now, ...options });
  opened.push({ ctx, transports });
  return { ctx, transports, owner: await ctx.signUpVerified(`owner-${opened.length}@example.com`) };
}

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  for (const o of opened) {
    await o.ctx.close();
    o.transports.closeAll();
  }
  await sink?.close();
});

async function savedSender(ctx: TestContext, cookie: string, email: string, host = "127.0.0.1") {
  const res = await ctx.request("/api/senders", {
    method: "POST",
    cookie,
    json: {
      email,
      provider: "custom",
      dailyLimit: 50,
      smtp: { host, port: sink.port, security: "none", username: "u", password: "p" },
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function queueOf(ctx: TestContext, campaignId: string) {
  const db = ctx.database.db;
  const [queued] = await db
    .select({ n: count() })
    .from(scheduledEmails)
    .where(eq(scheduledEmails.campaignId, campaignId));
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  return { queued: queued?.n ?? 0, status: row?.status };
}

describe("launch with a sender the address policy refuses (SMTP_ALLOW_PRIVATE off)", () => {
  it("is refused at once, naming the sender and why, with nothing queued", async () => {
    const { ctx, owner } = await context({ ...live, SMTP_ALLOW_PRIVATE: "off" });
    const savedSenderId = await savedSender(ctx, owner.cookie, "me@acme.test");
    const ok = await savedSender(ctx, owner.cookie, "fine@acme.test", "smtp.acme.test");
    const campaign = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [
        { email: "fine@acme.test", provider: "custom", dailyLimit: 50, savedSenderId: ok },
        { email: "me@acme.test", provider: "custom", dailyLimit: 50, savedSenderId },
      ],
      contacts: people(3, "refused"),
    });
    const res = await ctx.request(`/api/campaigns/${campaign.campaign.id}/launch`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("bad_request");
    expect(body.error.message).toBe(
      `Sender account me@acme.test cannot send: its SMTP host 127.0.0.1 is not allowed: it points to a private or local network. ${ADDRESS_NOT_ALLOWED_SUGGESTION.replace(/\.$/, "")}. Then launch again.`,
    );
    expect(await queueOf(ctx, campaign.campaign.id)).toEqual({ queued: 0, status: "draft" });
    expect(sink.messages).toHaveLength(0);
  });

  it("a send whose host became refused after launch fails at once, permanently, and releases its rows", async () => {
    // Launched while the host was allowed (another address), then edited to
    // one the policy refuses: the worker meets the refusal at send time.
    const { ctx, owner, transports } = await context({ ...live, SMTP_ALLOW_PRIVATE: "off" }, { launchReportWaitMs: 0 });
    const savedSenderId = await savedSender(ctx, owner.cookie, "later@acme.test", "smtp.acme.test");
    const campaign = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [{ email: "later@acme.test", provider: "custom", dailyLimit: 50, savedSenderId }],
      contacts: people(5, "later"),
    });
    const db = ctx.database.db;
    // The lookup of smtp.acme.test fails (no such name here): not a refusal, the launch goes ahead.
    await ctx.workerLoop?.stop();
    const res = await ctx.request(`/api/campaigns/${campaign.campaign.id}/launch`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    await db.update(senderAccounts).set({ smtpHost: "127.0.0.1" }).where(eq(senderAccounts.id, savedSenderId));

    const worker = testWorker({ db, config: ctx.config, transports, clock });
    const rounds = await drain(worker);
    expect(rounds.failed).toBe(5);
    const rows = await db
      .select({ status: scheduledEmails.status })
      .from(scheduledEmails)
      .where(eq(scheduledEmails.campaignId, campaign.campaign.id));
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill("failed"));
    const sends = await db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.campaignId, campaign.campaign.id), eq(emailSends.status, "failed")));
    expect(sends).toHaveLength(5);
    const details = parseSendErrorMessage(sends[0]?.errorMessage);
    expect(sends[0]?.failureCategory).toBe("network");
    expect(details?.error).toBe("The SMTP host 127.0.0.1 is not allowed: it points to a private or local network.");
    expect(details?.troubleshooting.suggestion).toBe(ADDRESS_NOT_ALLOWED_SUGGESTION);
    expect(sink.messages).toHaveLength(0);
  });
});

describe("the launch answer never waits on SMTP", () => {
  it("answers within its bound while the server is slow; the worker sends the rest", async () => {
    const { ctx, owner } = await context(live, { launchReportWaitMs: 300 });
    const savedSenderId = await savedSender(ctx, owner.cookie, "slow@acme.test");
    // Every message waits 2 s for the server's answer to its data.
    sink.addFault(smtpFaults.delay(2_000, { stage: "data", times: 10 }));
    const campaign = await createCampaign(ctx, owner.cookie, {
      senderAccounts: [{ email: "slow@acme.test", provider: "custom", dailyLimit: 50, savedSenderId }],
      contacts: people(4, "slow"),
    });
    const res = await ctx.request(`/api/campaigns/${campaign.campaign.id}/launch`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { emailsSent: number; emailsQueued: number; scheduled: number };
    expect(body.scheduled).toBe(4);
    expect(body.emailsSent).toBe(0);
    expect(body.emailsQueued).toBe(4);
    // The worker goes on after the answer.
    const db = ctx.database.db;
    for (let i = 0; i < 200; i++) {
      const sent = await db
        .select({ n: count() })
        .from(emailSends)
        .where(and(eq(emailSends.campaignId, campaign.campaign.id), eq(emailSends.status, "sent")));
      if (sent[0]?.n === 4) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sink.messages).toHaveLength(4);
    sink.reset();
  });
});
