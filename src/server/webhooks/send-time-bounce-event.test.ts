// email.bounced from a refusal at send time: a campaign sent through the real
// engine to an SMTP sink that refuses one recipient (550 5.1.1): that send's
// email.bounced (source send, hard, the classifier's category and reason)
// and the others' email.sent reach the receiver, verified with the library.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { WebhookEventType } from "#shared/db-enums.ts";
import { webhookBodySchema } from "#shared/webhooks/webhook-events.schemas.ts";
import { createCampaign, fakeClock, launch, sinkTransports, step } from "../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../tests/support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { createLogger } from "../logger.ts";
import type { TransportFactory } from "../sending/outgoing.ts";
import { createWebhookDeliveryWorker } from "./delivery-worker.ts";

const clock = fakeClock("2026-12-07T10:00:00.000Z");
let sink: SmtpSink;
let transports: TransportFactory;
let ctx: TestContext;
let hook: WebhookReceiver;

beforeAll(async () => {
  sink = await startSmtpSink();
  transports = sinkTransports(testConfig(), sink.port);
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: "on" }, undefined, { transports, now: clock.now });
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook?.close();
  transports?.closeAll();
  await ctx?.close();
  await sink?.close();
});

it("a hard refusal at send time is email.bounced with source send; the others are email.sent", async () => {
  const owner = await ctx.signUpVerified("send-time-webhook@example.com");
  const res = await ctx.request("/api/webhooks", {
    method: "POST",
    cookie: owner.cookie,
    json: { url: hook.url("/sent"), events: ["email.sent", "email.bounced"] },
  });
  const { secret } = (await res.json()) as { secret: string };
  sink.addFault(smtpFaults.rejectRecipient("nobody@prospects.test"));
  const created = await createCampaign(ctx, owner.cookie, {
    senderAccounts: [{ email: "refused@send-time.test", provider: "custom", dailyLimit: 50 }],
    contacts: [
      { email: "nobody@prospects.test", firstName: "No", lastName: null, company: null, customFields: {} },
      { email: "somebody@prospects.test", firstName: "Some", lastName: null, company: null, customFields: {} },
    ],
    sequence: [step("Hi {{firstName}}", "Hello")],
  });
  expect((await launch(ctx, owner.cookie, created.campaign.id)).status).toBe(200);
  await createWebhookDeliveryWorker({
    db: ctx.database.db,
    secrets: createSecretBox(ctx.config.appSecret),
    log: createLogger("silent"),
    timeoutMs: 5_000,
    allowPrivate: true,
  }).round();
  const bodies = hook.to("/sent").map((r) => {
    const body = new Webhook(secret).verify(r.body, r.headers as never) as { type: WebhookEventType };
    return webhookBodySchema(body.type).parse(body) as { type: string; data: Record<string, unknown> };
  });
  const bounced = bodies.filter((b) => b.type === "email.bounced");
  expect(bounced).toHaveLength(1);
  expect(bounced[0]!.data).toMatchObject({
    email: "nobody@prospects.test",
    campaignId: created.campaign.id,
    bounceType: "hard",
    category: "invalid_address",
    reason: "user_unknown",
    source: "send",
  });
  const sent = bodies.filter((b) => b.type === "email.sent");
  expect(sent.map((b) => b.data.to)).toEqual(["somebody@prospects.test"]);
});
