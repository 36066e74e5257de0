import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { campaigns, contacts } from "../db/schema/index.ts";
import { addSuppression, isSuppressed, notSuppressed, suppressedAmong } from "./suppressions.ts";

let ctx: TestContext;
let alice: string;
let bob: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = (await ctx.signUpVerified("alice-suppressions@example.com")).userId;
  bob = (await ctx.signUpVerified("bob-suppressions@example.com")).userId;
});
afterAll(() => ctx?.close());

describe("suppressions", () => {
  it("adds an address once per user, case-insensitively", async () => {
    const db = ctx.database.db;
    expect(await addSuppression(db, alice, " Gone@Example.com ", "unsubscribed")).toBe(true);
    expect(await addSuppression(db, alice, "gone@example.COM", "bounced")).toBe(false);
    expect(await addSuppression(db, bob, "gone@example.com", "manual")).toBe(true);
  });

  it("answers for one address and for many, per user", async () => {
    const db = ctx.database.db;
    await addSuppression(db, alice, "also-gone@example.com", "bounced");
    expect(await isSuppressed(db, alice, "GONE@example.com")).toBe(true);
    expect(await isSuppressed(db, alice, "here@example.com")).toBe(false);
    expect(await isSuppressed(db, bob, "also-gone@example.com")).toBe(false);

    const found = await suppressedAmong(db, alice, ["Gone@Example.com", "here@example.com", "ALSO-GONE@example.com"]);
    expect([...found].sort()).toEqual(["also-gone@example.com", "gone@example.com"]);
    expect(await suppressedAmong(db, alice, [])).toEqual(new Set());
    expect(await suppressedAmong(db, bob, ["also-gone@example.com"])).toEqual(new Set());
  });

  it("filters set-based SQL with notSuppressed", async () => {
    const db = ctx.database.db;
    const [campaign] = await db.insert(campaigns).values({ userId: alice, name: "Filter" }).returning();
    await db
      .insert(contacts)
      .values(
        ["GONE@example.com", "here@example.com"].map((email) => ({ userId: alice, campaignId: campaign!.id, email })),
      );
    const result = await db.execute(sql`
      select email from ${contacts}
      where campaign_id = ${campaign!.id} and ${notSuppressed(contacts.userId, contacts.email)}`);
    expect((result as unknown as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual(["here@example.com"]);
  });
});
