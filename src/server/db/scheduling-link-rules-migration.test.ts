// The scheduling_link_rules migration (0019 when written, 0021 on main) on links that existed before it: each gets the booking
// rules' defaults (60 days, 2 hours) and an organizer of its own, the owner's
// first sender account (saved senders before campaign copies, oldest first)
// with the owner's name, and the sign-in address only for an owner without
// any sender account. The test takes a migrated database back to before 0019
// (its columns dropped), writes rows as they were, and runs the file as written.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { migrationsFolder } from "./client.ts";
import { campaigns, schedulingLinks, senderAccounts, user } from "./schema/index.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it("fills existing links' organizer from the owner's first sender account, else their sign-in address", async () => {
  const db = ctx.database.db;
  await db.insert(user).values([
    { id: "u-senders", name: "olivia", fullName: " Olivia Owner ", email: "olivia@signin.test" },
    { id: "u-copy", name: "Casey", fullName: null, email: "casey@signin.test" },
    { id: "u-none", name: "  ", fullName: "", email: "nobody@signin.test" },
  ]);
  const [theirs, casey] = await db
    .insert(campaigns)
    .values([
      { userId: "u-senders", name: "Q1" },
      { userId: "u-copy", name: "Q1" },
    ])
    .returning();
  await db.insert(senderAccounts).values([
    // A campaign copy older than the saved senders: saved senders still come first.
    {
      userId: "u-senders",
      email: "copy@sales.test",
      campaignId: theirs!.id,
      createdAt: new Date("2026-10-01T00:00:00Z"),
    },
    { userId: "u-senders", email: "first@sales.test", createdAt: new Date("2026-10-02T00:00:00Z") },
    { userId: "u-senders", email: "later@sales.test", createdAt: new Date("2026-10-03T00:00:00Z") },
    { userId: "u-copy", email: "only-copy@sales.test", campaignId: casey!.id },
  ]);

  // Back to before 0019: its columns (and their checks) go, then the rows are written as they were.
  await ctx.database.exec(`alter table scheduling_links
    drop column booking_horizon_days, drop column minimum_notice_hours,
    drop column organizer_name, drop column organizer_email`);
  await db.execute(sql`insert into scheduling_links (user_id, title, link_code) values
    ('u-senders', 'A', 'migrAAAA'), ('u-senders', 'B', 'migrBBBB'),
    ('u-copy', 'C', 'migrCCCC'), ('u-none', 'D', 'migrDDDD')`);

  // Found by name, not number: migrations written in parallel are renumbered when merged.
  const file = readdirSync(migrationsFolder).find((f) => f.endsWith("_scheduling_link_rules.sql"));
  if (!file) throw new Error("no scheduling_link_rules migration");
  const migration = readFileSync(join(migrationsFolder, file), "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) {
    if (statement.trim()) await ctx.database.exec(statement);
  }

  const rows = await db
    .select({
      code: schedulingLinks.linkCode,
      name: schedulingLinks.organizerName,
      email: schedulingLinks.organizerEmail,
      horizon: schedulingLinks.bookingHorizonDays,
      notice: schedulingLinks.minimumNoticeHours,
    })
    .from(schedulingLinks)
    .orderBy(schedulingLinks.linkCode);
  expect(rows).toEqual([
    { code: "migrAAAA", name: "Olivia Owner", email: "first@sales.test", horizon: 60, notice: 2 },
    { code: "migrBBBB", name: "Olivia Owner", email: "first@sales.test", horizon: 60, notice: 2 },
    { code: "migrCCCC", name: "Casey", email: "only-copy@sales.test", horizon: 60, notice: 2 },
    { code: "migrDDDD", name: "nobody", email: "nobody@signin.test", horizon: 60, notice: 2 },
  ]);
  // And the columns are required from now on.
  await expect(
    db.execute(sql`insert into scheduling_links (user_id, title, link_code) values ('u-none', 'E', 'migrEEEE')`),
  ).rejects.toThrow();
});
