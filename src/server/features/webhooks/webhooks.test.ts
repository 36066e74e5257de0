// /api/webhooks through the app: validation (400 naming the field, nothing
// stored), the secret shown once and sealed at rest, rotate, the delivery log
// filled by the real engine, Send test event and Resend (same webhook-id),
// another user's endpoints invisible and unwritable, the OpenAPI webhooks.
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEventTypes } from "#shared/db-enums.ts";
import type { WebhookDeliveryList, WebhookEndpointWithSecret } from "#shared/webhooks/webhooks.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../../tests/support/webhook-receiver.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { createLogger } from "../../logger.ts";
import { createWebhookDeliveryWorker } from "../../webhooks/delivery-worker.ts";

let ctx: TestContext;
let strict: TestContext;
let hook: WebhookReceiver;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: "on" });
  // The same database, with the address policy on (the default).
  strict = await createTestContext({}, ctx.database);
  alice = await ctx.signUpVerified("alice-webhooks@example.com");
  bob = await ctx.signUpVerified("bob-webhooks@example.com");
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook?.close();
  await strict?.close();
  await ctx?.close();
});

const deliverNow = () =>
  createWebhookDeliveryWorker({
    db: ctx.database.db,
    secrets: createSecretBox(ctx.config.appSecret),
    log: createLogger("silent"),
    timeoutMs: 2_000,
    allowPrivate: true,
  }).round();

async function create(cookie: string, json: unknown, app = ctx) {
  return app.request("/api/webhooks", { method: "POST", cookie, json });
}
const endpointCount = async () =>
  (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from webhook_endpoints`))[0]!.n;

describe("webhook endpoints API", () => {
  it("refuses bad input with a 400 naming the field, storing nothing", async () => {
    const before = await endpointCount();
    const cases: [unknown, string, RegExp][] = [
      [{ url: "not a url", events: ["email.sent"] }, "url", /full URL/],
      [{ url: "http://hooks.example.com/x", events: ["email.sent"] }, "url", /https/],
      [{ url: "https://hooks.example.com/x", events: [] }, "events", /at least one/],
      [{ url: "https://hooks.example.com/x" }, "events", /./],
      [{ url: "https://hooks.example.com/x", events: ["email.exploded"] }, "events.0", /Choose events/],
      [{ url: `https://hooks.example.com/${"x".repeat(2100)}`, events: ["email.sent"] }, "url", /at most 2000/],
    ];
    for (const [json, field, message] of cases) {
      const res = await create(alice.cookie, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; message: string; details?: { fields: Record<string, string> } };
      };
      expect(body.error.details?.fields[field]).toMatch(message);
    }
    expect(await endpointCount()).toBe(before);
  });

  it("refuses private and loopback addresses unless WEBHOOK_ALLOW_PRIVATE allows them", async () => {
    for (const url of [
      "https://127.0.0.1/x",
      "https://10.0.0.5/x",
      "https://169.254.169.254/latest",
      "https://localhost/x",
      "https://[::1]/x",
    ]) {
      const res = await create(alice.cookie, { url, events: ["email.sent"] }, strict);
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/private or local/);
    }
    expect((await create(alice.cookie, { url: "http://127.0.0.1:9/x", events: ["email.sent"] }, strict)).status).toBe(
      400,
    );
    const allowed = await create(alice.cookie, { url: hook.url("/private-ok"), events: ["email.sent"] });
    expect(allowed.status).toBe(201);
  });

  it("shows the secret once, sealed at rest, and rotates it", async () => {
    const res = await create(alice.cookie, {
      url: "https://hooks.example.com/once",
      events: ["reply.received", "reply.received"],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as WebhookEndpointWithSecret;
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);
    expect(created.endpoint.events).toEqual(["reply.received"]);
    const [stored] = await queryRows<{ secret_encrypted: string }>(
      ctx.database.db,
      sql`select secret_encrypted from webhook_endpoints where id = ${created.endpoint.id}::uuid`,
    );
    expect(stored!.secret_encrypted).not.toContain(created.secret.slice(6));
    const list = await (await ctx.request("/api/webhooks", { cookie: alice.cookie })).text();
    expect(list).not.toContain(created.secret);
    expect(list).toContain("https://hooks.example.com/once");

    const rotated = (await (
      await ctx.request(`/api/webhooks/${created.endpoint.id}/rotate-secret`, { method: "POST", cookie: alice.cookie })
    ).json()) as WebhookEndpointWithSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
  });

  it("sends a test event, logs it, and resends the same event with the same webhook-id", async () => {
    const res = await create(alice.cookie, { url: hook.url("/test-event"), events: ["meeting.booked", "email.sent"] });
    const { endpoint, secret } = (await res.json()) as WebhookEndpointWithSecret;
    const test = await ctx.request(`/api/webhooks/${endpoint.id}/test`, { method: "POST", cookie: alice.cookie });
    expect(test.status).toBe(202);
    await deliverNow();
    const [first] = await hook.waitFor("/test-event", 1);
    const body = new Webhook(secret).verify(first!.body, first!.headers as never) as {
      type: string;
      data: { test: boolean };
    };
    expect(body.type).toBe("meeting.booked");
    expect(body.data.test).toBe(true);

    const log = (await (
      await ctx.request(`/api/webhooks/${endpoint.id}/deliveries`, { cookie: alice.cookie })
    ).json()) as WebhookDeliveryList;
    expect(log.deliveries).toHaveLength(1);
    const delivery = log.deliveries[0]!;
    expect(delivery).toMatchObject({
      eventType: "meeting.booked",
      status: "delivered",
      attempts: 1,
      lastStatusCode: 200,
    });
    expect(delivery.eventId).toBe(first!.headers["webhook-id"]);
    expect(delivery.attemptLog).toHaveLength(1);
    expect(delivery.attemptLog[0]).toMatchObject({ attempt: 1, statusCode: 200, outcome: "delivered" });

    const resend = await ctx.request(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(resend.status).toBe(202);
    expect(await resend.json()).toMatchObject({ status: "pending" });
    await deliverNow();
    const both = await hook.waitFor("/test-event", 2);
    expect(both[1]!.headers["webhook-id"]).toBe(both[0]!.headers["webhook-id"]);
    expect(() => new Webhook(secret).verify(both[1]!.body, both[1]!.headers as never)).not.toThrow();
    const after = (await (
      await ctx.request(`/api/webhooks/${endpoint.id}/deliveries`, { cookie: alice.cookie })
    ).json()) as WebhookDeliveryList;
    expect(after.deliveries[0]).toMatchObject({ status: "delivered", attempts: 2 });
    expect(after.deliveries[0]!.attemptLog).toHaveLength(2);
  });

  it("turning an endpoint off cancels its pending deliveries and refuses a test event", async () => {
    const { endpoint } = (await (
      await create(alice.cookie, { url: hook.url("/off"), events: ["email.sent"] })
    ).json()) as WebhookEndpointWithSecret;
    await ctx.request(`/api/webhooks/${endpoint.id}/test`, { method: "POST", cookie: alice.cookie });
    const off = await ctx.request(`/api/webhooks/${endpoint.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      json: { active: false },
    });
    expect(await off.json()).toMatchObject({ active: false, pendingDeliveries: 0 });
    const log = (await (
      await ctx.request(`/api/webhooks/${endpoint.id}/deliveries`, { cookie: alice.cookie })
    ).json()) as WebhookDeliveryList;
    expect(log.deliveries[0]!.status).toBe("cancelled");
    const test = await ctx.request(`/api/webhooks/${endpoint.id}/test`, { method: "POST", cookie: alice.cookie });
    expect(test.status).toBe(409);
    await deliverNow();
    expect(hook.to("/off")).toHaveLength(0);
  });

  it("edits the URL and events, and deletes", async () => {
    const { endpoint } = (await (
      await create(alice.cookie, { url: "https://a.example/x", events: ["email.sent"] })
    ).json()) as WebhookEndpointWithSecret;
    const edited = await ctx.request(`/api/webhooks/${endpoint.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      json: { url: "https://b.example/y", events: ["email.opened", "email.clicked"] },
    });
    expect(await edited.json()).toMatchObject({
      url: "https://b.example/y",
      events: ["email.opened", "email.clicked"],
    });
    const bad = await ctx.request(`/api/webhooks/${endpoint.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      json: { events: [] },
    });
    expect(bad.status).toBe(400);
    const del = await ctx.request(`/api/webhooks/${endpoint.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(del.status).toBe(204);
    const again = await ctx.request(`/api/webhooks/${endpoint.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(again.status).toBe(404);
  });

  it("never shows or changes another user's endpoint or deliveries", async () => {
    const { endpoint } = (await (
      await create(alice.cookie, { url: hook.url("/alice"), events: ["email.sent"] })
    ).json()) as WebhookEndpointWithSecret;
    await ctx.request(`/api/webhooks/${endpoint.id}/test`, { method: "POST", cookie: alice.cookie });
    const [delivery] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from webhook_deliveries where endpoint_id = ${endpoint.id}::uuid`,
    );
    const bobs = (await (await ctx.request("/api/webhooks", { cookie: bob.cookie })).json()) as {
      endpoints: unknown[];
    };
    expect(bobs.endpoints).toHaveLength(0);
    const tries: [string, string, unknown?][] = [
      ["PATCH", `/api/webhooks/${endpoint.id}`, { active: false }],
      ["DELETE", `/api/webhooks/${endpoint.id}`],
      ["POST", `/api/webhooks/${endpoint.id}/rotate-secret`],
      ["POST", `/api/webhooks/${endpoint.id}/test`],
      ["GET", `/api/webhooks/${endpoint.id}/deliveries`],
      ["POST", `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`],
    ];
    for (const [method, path, json] of tries) {
      const res = await ctx.request(path, { method, cookie: bob.cookie, json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [still] = await queryRows<{ active: boolean; n: number }>(
      ctx.database.db,
      sql`select e.active, (select count(*)::int from webhook_deliveries d where d.endpoint_id = e.id) as n
          from webhook_endpoints e where e.id = ${endpoint.id}::uuid`,
    );
    expect(still).toEqual({ active: true, n: 1 });
  });

  it("answers 400 for a malformed id and a limit out of range", async () => {
    expect((await ctx.request("/api/webhooks/not-a-uuid/deliveries", { cookie: alice.cookie })).status).toBe(400);
    const { endpoint } = (await (
      await create(alice.cookie, { url: "https://c.example/x", events: ["email.sent"] })
    ).json()) as WebhookEndpointWithSecret;
    const res = await ctx.request(`/api/webhooks/${endpoint.id}/deliveries?limit=1000`, { cookie: alice.cookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/limit is at most 100/);
  });

  it("documents every event in the OpenAPI document's webhooks section, with a valid example", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as {
      webhooks: Record<
        string,
        { post: { operationId: string; requestBody: { content: Record<string, { example: unknown }> } } }
      >;
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes].sort());
    for (const type of webhookEventTypes) {
      const example = doc.webhooks[type]!.post.requestBody.content["application/json"]!.example as { type: string };
      expect(example.type).toBe(type);
    }
    expect(doc.paths["/api/webhooks"]?.post?.operationId).toBe("createWebhookEndpoint");
  });
});
