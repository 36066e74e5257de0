// applyLeadStatusChanges against the database: the SQL rule agrees with the
// pure rule on every pair, a batch is applied as one (the same lead twice
// included), history rows only for actual changes, only for the user's own
// contacts' addresses, and the contact.status_changed event stored (with
// every campaign's contact id) when an endpoint of that user subscribes.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadStatuses, leadStatusSources } from "#shared/db-enums.ts";
import { type LeadState, nextLeadStatus } from "#shared/lead-status/lead-status-rules.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import {
  campaigns,
  contacts,
  leadStatusChanges,
  leadStatusesTable,
  webhookEndpoints,
  webhookEvents,
} from "../db/schema/index.ts";
import { queryRows } from "../db/sql-helpers.ts";
import { applyLeadStatusChanges, leadChangeAllowedSql } from "./lead-status.ts";

let ctx: TestContext;
let alice: string;
let bob: string;
const contactIds: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  alice = (await ctx.signUpVerified("alice-leads@example.com")).userId;
  bob = (await ctx.signUpVerified("bob-leads@example.com")).userId;
  const db = ctx.database.db;
  const [one, two] = await db
    .insert(campaigns)
    .values([
      { userId: alice, name: "One" },
      { userId: alice, name: "Two" },
    ])
    .returning();
  const rows = await db
    .insert(contacts)
    .values([
      { userId: alice, campaignId: one!.id, email: "Lee@Example.com" },
      { userId: alice, campaignId: two!.id, email: "lee@example.com" },
      { userId: alice, campaignId: one!.id, email: "sam@example.com" },
      { userId: alice, campaignId: one!.id, email: "kim@example.com" },
    ])
    .returning();
  contactIds.push(...rows.map((r) => r.id));
});
afterAll(() => ctx?.close());

describe("the SQL rule", () => {
  it("allows exactly what nextLeadStatus allows, for every stored status and change", async () => {
    const states: LeadState[] = [];
    for (const status of leadStatuses) {
      for (const suggested of [false, true]) {
        for (const source of leadStatusSources) states.push({ status, suggested, source });
      }
    }
    const rows = await queryRows<{ i: number; j: number; allowed: boolean }>(
      ctx.database.db,
      sql`select cur.i, ch.j, ${leadChangeAllowedSql("cur", "ch")} as allowed
          from jsonb_to_recordset(${JSON.stringify(states.map((s, i) => ({ ...s, i })))}::jsonb)
            as cur(i int, status text, suggested boolean, source text)
          cross join jsonb_to_recordset(${JSON.stringify(states.map((s, j) => ({ ...s, j })))}::jsonb)
            as ch(j int, status text, suggested boolean, source text)`,
    );
    expect(rows).toHaveLength(states.length * states.length);
    const disagreements = rows
      .filter((r) => r.allowed !== (nextLeadStatus(states[r.i]!, states[r.j]!) !== null))
      .map((r) => ({ current: states[r.i], change: states[r.j], sql: r.allowed }));
    expect(disagreements).toEqual([]);
    // Not vacuous: both answers occur.
    expect(rows.some((r) => r.allowed)).toBe(true);
    expect(rows.some((r) => !r.allowed)).toBe(true);
  });
});

describe("applyLeadStatusChanges", () => {
  it("applies a batch in one go, folding the same lead, ignoring addresses that are not the user's contacts", async () => {
    const db = ctx.database.db;
    const applied = await applyLeadStatusChanges(db, [
      { userId: alice, email: "LEE@example.com", status: "contacted", suggested: false, source: "sending" },
      { userId: alice, email: "lee@example.com", status: "contacted", suggested: false, source: "sending" },
      { userId: alice, email: "sam@example.com", status: "contacted", suggested: false, source: "sending" },
      { userId: alice, email: "stranger@example.com", status: "contacted", suggested: false, source: "sending" },
      // Bob has no contact at Lee's address: nothing of Alice's is touched, nothing of his is created.
      { userId: bob, email: "lee@example.com", status: "interested", suggested: false, source: "user" },
    ]);
    expect(applied.map((a) => [a.email, a.from, a.to]).sort()).toEqual([
      ["lee@example.com", null, "contacted"],
      ["sam@example.com", null, "contacted"],
    ]);
    const lee = applied.find((a) => a.email === "lee@example.com")!;
    expect(lee.contactIds.sort()).toEqual([contactIds[0], contactIds[1]].sort());
    expect(await db.select().from(leadStatusesTable).where(eq(leadStatusesTable.userId, bob))).toEqual([]);

    // Again: nothing changes, no history.
    expect(
      await applyLeadStatusChanges(db, [
        { userId: alice, email: "lee@example.com", status: "contacted", suggested: false, source: "sending" },
      ]),
    ).toEqual([]);
    const history = await db.select().from(leadStatusChanges).where(eq(leadStatusChanges.userId, alice));
    expect(history).toHaveLength(2);
  });

  it("moves forward within a batch and records where each lead came from", async () => {
    const db = ctx.database.db;
    const applied = await applyLeadStatusChanges(db, [
      { userId: alice, email: "lee@example.com", status: "out_of_office", suggested: true, source: "mailbox" },
      { userId: alice, email: "lee@example.com", status: "interested", suggested: true, source: "mailbox" },
      { userId: alice, email: "lee@example.com", status: "replied", suggested: false, source: "mailbox" },
    ]);
    expect(applied).toMatchObject([{ from: "contacted", to: "interested", suggested: true, source: "mailbox" }]);
    const [row] = await db
      .select()
      .from(leadStatusesTable)
      .where(sql`${leadStatusesTable.userId} = ${alice} and ${leadStatusesTable.email} = 'lee@example.com'`);
    expect(row).toMatchObject({ status: "interested", suggested: true, source: "mailbox" });
  });

  it("stores contact.status_changed for a user whose endpoint subscribes, and only then", async () => {
    const db = ctx.database.db;
    await applyLeadStatusChanges(db, [
      { userId: alice, email: "kim@example.com", status: "contacted", suggested: false, source: "sending" },
    ]);
    expect(await db.select().from(webhookEvents)).toEqual([]);
    await db.insert(webhookEndpoints).values([
      { userId: alice, url: "https://hooks.example.com/a", events: ["contact.status_changed"], secretEncrypted: "x" },
      { userId: bob, url: "https://hooks.example.com/b", events: ["contact.status_changed"], secretEncrypted: "x" },
    ]);
    await applyLeadStatusChanges(db, [
      { userId: alice, email: "kim@example.com", status: "wrong_person", suggested: true, source: "mailbox" },
    ]);
    const events = await db.select().from(webhookEvents);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      userId: alice,
      type: "contact.status_changed",
      data: {
        email: "kim@example.com",
        from: "contacted",
        to: "wrong_person",
        suggested: true,
        source: "mailbox",
        contactIds: [contactIds[3]],
      },
    });
  });
});
