// The delivery engine against real HTTP receivers: every request signed as
// the Standard Webhooks library verifies it, the retry rule for each kind of
// answer (and no answer), 410 disabling, leases that run out, the log.
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BASE_DELAY_MS } from "#shared/webhooks/delivery-outcome.ts";
import { freePort } from "../../../tests/support/free-port.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { queryRows } from "../db/sql-helpers.ts";
import { createLogger } from "../logger.ts";
import { createWebhookDeliveryWorker, RESPONSE_EXCERPT_BYTES } from "./delivery-worker.ts";
import { emitWebhookEvent } from "./emit-events.ts";

let ctx: TestContext;
let hook: WebhookReceiver;
let user: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: "on" });
  user = await ctx.signUpVerified("webhook-engine@example.com");
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook?.close();
  await ctx?.close();
});
beforeEach(async () => {
  hook.reset();
  await ctx.database.db.execute(sql`delete from webhook_endpoints`);
});

const worker = (o: { timeoutMs?: number } = {}) =>
  createWebhookDeliveryWorker({
    db: ctx.database.db,
    secrets: createSecretBox(ctx.config.appSecret),
    log: createLogger("silent"),
    timeoutMs: o.timeoutMs ?? 2_000,
    allowPrivate: true,
    random: () => 1,
  });

async function addEndpoint(url: string, events = ["email.sent"]) {
  const res = await ctx.request("/api/webhooks", { method: "POST", cookie: user.cookie, json: { url, events } });
  expect(res.status).toBe(201);
  return (await res.json()) as { endpoint: { id: string }; secret: string };
}

const emit = (n = 1) =>
  emitWebhookEvent(ctx.database.db, { userId: user.userId, type: "email.sent", data: { sendId: `s-${n}`, n } });

type Row = {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  last_response_excerpt: string | null;
};
const deliveries = () =>
  queryRows<Row>(
    ctx.database.db,
    sql`select id, status, attempts, next_attempt_at, last_status_code, last_error, last_response_excerpt
        from webhook_deliveries order by created_at`,
  );
const attemptsLog = () =>
  queryRows<{ attempt: number; status_code: number | null; outcome: string; duration_ms: number }>(
    ctx.database.db,
    sql`select attempt, status_code, outcome, duration_ms from webhook_delivery_attempts order by attempted_at, attempt`,
  );
/** Time passing: every pending delivery due now. */
const makeDue = () =>
  ctx.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);

describe("webhook delivery", () => {
  it("posts { type, timestamp, data } signed so that Webhook.verify accepts it, and logs the attempt", async () => {
    const { secret } = await addEndpoint(hook.url("/ok"));
    await emit(1);
    await worker().round();
    const [request] = await hook.waitFor("/ok", 1);
    const headers = request!.headers as Record<string, string>;
    const body = new Webhook(secret).verify(request!.body, headers) as {
      type: string;
      timestamp: string;
      data: unknown;
    };
    expect(body.type).toBe("email.sent");
    expect(body.data).toEqual({ sendId: "s-1", n: 1 });
    expect(new Date(body.timestamp).toString()).not.toBe("Invalid Date");
    expect(headers["content-type"]).toBe("application/json");
    const [event] = await queryRows<{ id: string }>(ctx.database.db, sql`select id from webhook_events`);
    expect(headers["webhook-id"]).toBe(event!.id);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 1, last_status_code: 200 });
    expect(row!.last_response_excerpt).toBe('{"ok":true}');
    expect(await attemptsLog()).toMatchObject([{ attempt: 1, status_code: 200, outcome: "delivered" }]);
    // A wrong secret does not verify: the signature is real.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(request!.body, headers),
    ).toThrow();
  });

  it("never posts to an address the policy refuses at delivery time, and logs why", async () => {
    // Saved while private addresses were allowed; the worker of a process that does not allow them refuses it.
    await addEndpoint(hook.url("/private"));
    await emit(1);
    const strict = createWebhookDeliveryWorker({
      db: ctx.database.db,
      secrets: createSecretBox(ctx.config.appSecret),
      log: createLogger("silent"),
      timeoutMs: 2_000,
      allowPrivate: false,
      random: () => 1,
    });
    await strict.round();
    expect(hook.requests.filter((r) => r.path === "/private")).toEqual([]);
    const [row] = await deliveries();
    expect(row!.status).not.toBe("delivered");
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toBeTruthy();
  });

  it("retries a 500 with backoff, keeping the webhook-id, and delivers when it recovers", async () => {
    hook.reply("/flaky", (n) => (n <= 2 ? { status: 500, body: "x".repeat(5_000) } : { status: 204, body: "" }));
    const { secret } = await addEndpoint(hook.url("/flaky"));
    await emit(1);
    const w = worker();
    const before = Date.now();
    await w.round();
    let [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", attempts: 1, last_status_code: 500 });
    // random 1: the full first backoff.
    const wait = new Date(row!.next_attempt_at).getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(BASE_DELAY_MS - 1_000);
    expect(wait).toBeLessThan(BASE_DELAY_MS + 5_000);
    // The log keeps at most 1 KB of the answer.
    expect(row!.last_response_excerpt!.length).toBe(RESPONSE_EXCERPT_BYTES);
    // Not due yet: a round sends nothing.
    await w.round();
    expect(hook.to("/flaky")).toHaveLength(1);
    await makeDue();
    await w.round();
    [row] = await deliveries();
    const second = new Date(row!.next_attempt_at).getTime() - Date.now();
    expect(second).toBeGreaterThan(BASE_DELAY_MS); // doubled
    await makeDue();
    await w.round();
    const requests = await hook.waitFor("/flaky", 3);
    expect(new Set(requests.map((r) => r.headers["webhook-id"])).size).toBe(1);
    for (const r of requests) expect(() => new Webhook(secret).verify(r.body, r.headers as never)).not.toThrow();
    [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 3, last_status_code: 204 });
    expect((await attemptsLog()).map((a) => a.outcome)).toEqual(["retry", "retry", "delivered"]);
  });

  it("fails a 400 at once, without a retry", async () => {
    hook.reply("/bad", { status: 400, body: '{"error":"unknown field"}' });
    await addEndpoint(hook.url("/bad"));
    await emit(1);
    await worker().round();
    await makeDue();
    await worker().round();
    expect(hook.to("/bad")).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ status: "failed", attempts: 1, last_status_code: 400 });
  });

  it("retries 408 and 429, honouring Retry-After", async () => {
    hook.reply("/timeout-status", { status: 408 });
    hook.reply("/busy", { status: 429, headers: { "retry-after": "120" } });
    await addEndpoint(hook.url("/timeout-status"));
    await emit(1);
    await worker().round();
    expect((await deliveries())[0]).toMatchObject({ status: "pending", last_status_code: 408 });
    await ctx.database.db.execute(sql`delete from webhook_endpoints`);
    await addEndpoint(hook.url("/busy"));
    await emit(2);
    const before = Date.now();
    await worker().round();
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", last_status_code: 429 });
    const wait = new Date(row!.next_attempt_at).getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(119_000);
    expect(wait).toBeLessThan(125_000);
  });

  it("retries a timeout and a refused connection, and fails after the 24-hour window", async () => {
    hook.reply("/slow", { delayMs: 2_000 });
    await addEndpoint(hook.url("/slow"));
    await emit(1);
    await worker({ timeoutMs: 300 }).round();
    let [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", last_status_code: null });
    expect(row!.last_error).toMatch(/did not answer within 300 ms/);

    await ctx.database.db.execute(sql`delete from webhook_endpoints`);
    const closed = await freePort();
    await addEndpoint(`http://127.0.0.1:${closed}/nobody`);
    await emit(2);
    await worker().round();
    [row] = await deliveries();
    expect(row).toMatchObject({ status: "pending", last_status_code: null });
    expect(row!.last_error).toMatch(/ECONNREFUSED/);
    // The window is over: the next failure is the last.
    await ctx.database.db.execute(sql`update webhook_deliveries set retry_until = now(), next_attempt_at = now()`);
    await worker().round();
    [row] = await deliveries();
    expect(row).toMatchObject({ status: "failed", attempts: 2 });
  });

  it("disables the endpoint on 410 Gone and cancels its other pending deliveries", async () => {
    hook.reply("/gone", { status: 410 });
    const { endpoint } = await addEndpoint(hook.url("/gone"));
    await emit(1);
    await emit(2);
    // One at a time, so that the 410 of the first finds the second still pending.
    await ctx.database.db.execute(
      sql`update webhook_deliveries set next_attempt_at = now() + interval '1 hour'
          where id = (select id from webhook_deliveries order by created_at desc limit 1)`,
    );
    await worker().round();
    const rows = await deliveries();
    expect(rows.map((r) => r.status).sort()).toEqual(["cancelled", "failed"]);
    const list = (await (await ctx.request("/api/webhooks", { cookie: user.cookie })).json()) as {
      endpoints: { id: string; active: boolean; disabledReason: string | null }[];
    };
    const shown = list.endpoints.find((e) => e.id === endpoint.id)!;
    expect(shown.active).toBe(false);
    expect(shown.disabledReason).toMatch(/410 Gone/);
    // Nothing more is emitted for it while it is off.
    await emit(3);
    expect(await deliveries()).toHaveLength(2);
    // Turned on again: the reason goes, new events are delivered.
    hook.reply("/gone", { status: 200 });
    const on = await ctx.request(`/api/webhooks/${endpoint.id}`, {
      method: "PATCH",
      cookie: user.cookie,
      json: { active: true },
    });
    expect(await on.json()).toMatchObject({ active: true, disabledReason: null });
    await emit(4);
    await worker().round();
    expect((await deliveries()).filter((r) => r.status === "delivered")).toHaveLength(1);
  });

  it("posts again a delivery whose lease ran out (a worker died mid-post), and a stale claim records nothing", async () => {
    await addEndpoint(hook.url("/ok"));
    await emit(1);
    // As a claim of a dead worker leaves it: leased, attempt counted, lease now over.
    await ctx.database.db.execute(
      sql`update webhook_deliveries set attempts = 1, lease_token = gen_random_uuid(),
            leased_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second'`,
    );
    await worker().round();
    await hook.waitFor("/ok", 1);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("keeps going when one endpoint hangs: the others are delivered in the same round", async () => {
    hook.reply("/hang", { delayMs: 3_000 });
    await addEndpoint(hook.url("/hang"));
    await addEndpoint(hook.url("/ok"));
    for (let i = 0; i < 6; i++) await emit(i);
    const round = worker({ timeoutMs: 1_000 }).round();
    // All of the healthy endpoint's deliveries go while the hung one's first posts wait for their timeout.
    await hook.waitFor("/ok", 6, 900);
    await round;
    const rows = await queryRows<{ url: string; status: string }>(
      ctx.database.db,
      sql`select e.url, d.status from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id`,
    );
    expect(rows.filter((r) => r.url.endsWith("/ok")).map((r) => r.status)).toEqual(Array(6).fill("delivered"));
    // The hung endpoint's timed out: retried later.
    expect(rows.filter((r) => r.url.endsWith("/hang")).map((r) => r.status)).toEqual(Array(6).fill("pending"));
  });
});
