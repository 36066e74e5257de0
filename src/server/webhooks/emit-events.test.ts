import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../db/schema/index.ts";
import { emitWebhookEvent, emitWebhookEvents } from "./emit-events.ts";

let ctx: TestContext;
let alice: string;
let bob: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = (await ctx.signUpVerified("alice-emit@example.com")).userId;
  bob = (await ctx.signUpVerified("bob-emit@example.com")).userId;
});
afterAll(() => ctx?.close());

const endpoint = (userId: string, events: string[], active = true) =>
  ctx.database.db
    .insert(webhookEndpoints)
    .values({ userId, url: "https://hooks.example.com/x", events: events as never, active, secretEncrypted: "sealed" })
    .returning()
    .then((rows) => rows[0]!);

describe("emitWebhookEvents", () => {
  it("stores nothing for a user without an endpoint that wants the event", async () => {
    const db = ctx.database.db;
    await endpoint(bob, ["email.opened"]);
    await endpoint(bob, ["email.sent"], false);
    await emitWebhookEvent(db, { userId: bob, type: "email.sent", data: { id: 1 } });
    await emitWebhookEvent(db, { userId: alice, type: "email.sent", data: { id: 2 } });
    expect(await db.select().from(webhookEvents)).toEqual([]);
    expect(await db.select().from(webhookDeliveries)).toEqual([]);
  });

  it("writes each wanted event once and one pending delivery per endpoint that wants it, in one call", async () => {
    const db = ctx.database.db;
    const both = await endpoint(alice, ["email.sent", "reply.received"]);
    const sentOnly = await endpoint(alice, ["email.sent"]);
    const at = new Date("2026-12-01T10:00:00Z");
    await emitWebhookEvents(db, [
      { userId: alice, type: "email.sent", data: { n: 1 }, occurredAt: at },
      { userId: alice, type: "reply.received", data: { n: 2 } },
      { userId: alice, type: "email.opened", data: { n: 3 } },
      { userId: bob, type: "email.sent", data: { n: 4 } },
    ]);
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.userId, alice));
    expect(events.map((e) => [e.type, e.data]).sort()).toEqual([
      ["email.sent", { n: 1 }],
      ["reply.received", { n: 2 }],
    ]);
    expect(events.find((e) => e.type === "email.sent")!.occurredAt.toISOString()).toBe(at.toISOString());
    const deliveries = await db.select().from(webhookDeliveries);
    const sent = events.find((e) => e.type === "email.sent")!.id;
    const reply = events.find((e) => e.type === "reply.received")!.id;
    expect(
      deliveries
        .map(
          (d) =>
            `${d.endpointId === both.id ? "both" : "sentOnly"}:${d.eventId === sent ? "sent" : d.eventId === reply ? "reply" : "?"}`,
        )
        .sort(),
    ).toEqual(["both:reply", "both:sent", "sentOnly:sent"]);
    expect(new Set(deliveries.map((d) => d.status))).toEqual(new Set(["pending"]));
    expect(sentOnly.id).not.toBe(both.id);
  });

  it("rolls back with the transaction it was emitted in", async () => {
    const db = ctx.database.db;
    const before = (await db.select().from(webhookEvents)).length;
    await expect(
      db.transaction(async (tx) => {
        await emitWebhookEvent(tx, { userId: alice, type: "email.sent", data: { n: 5 } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await db.select().from(webhookEvents)).length).toBe(before);
  });
});
