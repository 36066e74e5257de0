// contact_addresses (migration 0003's triggers) always equals a naive grouping
// of contacts by user and lower(email), and user_send_stats.contact_addresses
// its number of rows per user, whatever writes happen: imports, inserts, edits
// of the address or created_at, deletes of contacts, campaigns and users, and
// concurrent writers of one address (on PostgreSQL).
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDirectoryPage } from "#shared/contact-directory/contact-directory.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { user as users } from "../../db/schema/auth.ts";
import { campaigns, contacts } from "../../db/schema/index.ts";

let ctx: TestContext;
type User = { cookie: string; userId: string };
let alice: User;
let bob: User;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-addresses@example.com");
  bob = await ctx.signUpVerified("bob-addresses@example.com");
});
afterAll(() => ctx?.close());

const at = (day: number, hour = 10) => new Date(Date.UTC(2026, 10, day, hour));

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A timestamptz as UTC ISO text with microseconds, as the cursor and the comparisons need. */
function iso(column: ReturnType<typeof sql>) {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

type Entry = { user_id: string; email_key: string; added_at: string; rows: number };

/** The table and the counters next to what a full grouping of contacts says, for every user. */
async function expectMatchesContacts() {
  const table = await rows<Entry>(sql`
    select user_id, email_key, ${iso(sql`added_at`)} as added_at, rows
    from contact_addresses order by user_id, email_key`);
  const naive = await rows<Entry>(sql`
    select user_id, lower(email) as email_key, ${iso(sql`min(created_at)`)} as added_at, count(*)::int as rows
    from contacts group by user_id, lower(email) order by user_id, lower(email)`);
  expect(table).toEqual(naive);
  const counters = await rows(sql`
    select u.id, coalesce(s.contact_addresses, 0) as counted,
      (select count(distinct lower(c.email))::int from contacts c where c.user_id = u.id) as naive
    from "user" u left join user_send_stats s on s.user_id = u.id
    where coalesce(s.contact_addresses, 0) <> (select count(distinct lower(c.email)) from contacts c where c.user_id = u.id)`);
  expect(counters).toEqual([]);
  return table;
}

/** One user's entries as the table holds them: key → [Added, rows]. */
async function entriesOf(userId: string): Promise<Record<string, [string, number]>> {
  const all = await expectMatchesContacts();
  return Object.fromEntries(
    all.filter((e) => e.user_id === userId).map((e) => [e.email_key, [e.added_at, e.rows] as [string, number]]),
  );
}

const isoOf = (date: Date) => `${date.toISOString().slice(0, -1)}000Z`;

async function campaignOf(userId: string, name: string) {
  const [row] = await ctx.database.db.insert(campaigns).values({ userId, name }).returning();
  return row!.id;
}

async function addContacts(userId: string, campaignId: string, list: { email: string; createdAt: Date }[]) {
  return ctx.database.db
    .insert(contacts)
    .values(list.map((c) => ({ userId, campaignId, ...c })))
    .returning();
}

async function pageOf(user: User, query = ""): Promise<ContactDirectoryPage> {
  const res = await ctx.request(`/api/contacts${query}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as ContactDirectoryPage;
}

describe("contact_addresses", () => {
  it("follows imports, inserts, address and created_at edits and deletes, per user", async () => {
    const db = ctx.database.db;
    const first = await campaignOf(alice.userId, "First");
    const second = await campaignOf(alice.userId, "Second");
    const bobs = await campaignOf(bob.userId, "Bob's");

    // One statement with the same address twice (two campaigns), in different case.
    const [ann1, ben, ann2] = await db
      .insert(contacts)
      .values([
        { userId: alice.userId, campaignId: first, email: "Ann@x.test", createdAt: at(3) },
        { userId: alice.userId, campaignId: first, email: "ben@x.test", createdAt: at(2) },
        { userId: alice.userId, campaignId: second, email: "ANN@x.test", createdAt: at(1) },
      ])
      .returning();
    // Bob has the same address: his own entry.
    const [bobAnn] = await addContacts(bob.userId, bobs, [{ email: "ann@x.test", createdAt: at(9) }]);
    expect(await entriesOf(alice.userId)).toEqual({
      "ann@x.test": [isoOf(at(1)), 2],
      "ben@x.test": [isoOf(at(2)), 1],
    });
    expect(await entriesOf(bob.userId)).toEqual({ "ann@x.test": [isoOf(at(9)), 1] });

    // The import API (created_at now), an address already in another campaign and a new one.
    const imported = await ctx.request(`/api/campaigns/${second}/contacts`, {
      method: "POST",
      cookie: alice.cookie,
      json: { contacts: [{ email: "Ben@X.test" }, { email: "cy@x.test" }, { email: "ann@x.test" }] },
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    const afterImport = await entriesOf(alice.userId);
    expect(Object.keys(afterImport).sort()).toEqual(["ann@x.test", "ben@x.test", "cy@x.test"]);
    expect(afterImport["ben@x.test"]).toEqual([isoOf(at(2)), 2]);
    expect(afterImport["ann@x.test"]).toEqual([isoOf(at(1)), 2]);

    // A case-only change moves nothing; a status change is not an address change.
    await db.update(contacts).set({ email: "ANN@X.TEST" }).where(eq(contacts.id, ann1!.id));
    await db.update(contacts).set({ status: "bounced" }).where(eq(contacts.userId, alice.userId));
    expect((await entriesOf(alice.userId))["ann@x.test"]).toEqual([isoOf(at(1)), 2]);

    // Ann's earliest row (1st) becomes Dee: Ann's Added moves to her remaining row (3rd).
    await db.update(contacts).set({ email: "dee@x.test" }).where(eq(contacts.id, ann2!.id));
    expect(await entriesOf(alice.userId)).toMatchObject({
      "ann@x.test": [isoOf(at(3)), 1],
      "dee@x.test": [isoOf(at(1)), 1],
    });

    // Dee's only row becomes Ann again (Dee's entry goes, Ann's Added moves
    // back to the 1st) while, in the same statement, Ann's other row is dated later.
    await db.execute(sql`
      update contacts set
        email = case when id = ${ann2!.id}::uuid then 'ann@x.test' else email end,
        created_at = case when id = ${ann1!.id}::uuid then ${at(8).toISOString()}::timestamptz else created_at end
      where id in (${ann1!.id}::uuid, ${ann2!.id}::uuid)`);
    const afterMoves = await entriesOf(alice.userId);
    expect(afterMoves["dee@x.test"]).toBeUndefined();
    expect(afterMoves["ann@x.test"]).toEqual([isoOf(at(1)), 2]);
    // Re-dating the earliest row alone: Added is recomputed from both rows.
    await db
      .update(contacts)
      .set({ createdAt: at(6) })
      .where(eq(contacts.id, ann2!.id));
    expect((await entriesOf(alice.userId))["ann@x.test"]).toEqual([isoOf(at(6)), 2]);

    // Two rows (in two campaigns: the address is unique per campaign) swap addresses in one statement.
    const [eve] = await addContacts(alice.userId, first, [{ email: "eve@x.test", createdAt: at(4) }]);
    const [fay] = await addContacts(alice.userId, second, [{ email: "fay@x.test", createdAt: at(5) }]);
    await db.execute(sql`
      update contacts set email = case when id = ${eve!.id}::uuid then 'fay@x.test' else 'eve@x.test' end
      where id in (${eve!.id}::uuid, ${fay!.id}::uuid)`);
    expect(await entriesOf(alice.userId)).toMatchObject({
      "eve@x.test": [isoOf(at(5)), 1],
      "fay@x.test": [isoOf(at(4)), 1],
    });

    // Removing Ben's earliest row (the 2nd) through the API: his Added becomes the import's.
    const removed = await ctx.request(`/api/campaigns/${first}/contacts/${ben!.id}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(removed.status).toBe(204);
    const [imported2] = await rows<{ added: string }>(sql`
      select ${iso(sql`created_at`)} as added from contacts where campaign_id = ${second}::uuid and email = 'ben@x.test'`);
    expect((await entriesOf(alice.userId))["ben@x.test"]).toEqual([imported2!.added, 1]);

    // A contact moved to another user leaves one entry and joins the other's.
    await db.update(contacts).set({ userId: bob.userId, campaignId: bobs }).where(eq(contacts.id, eve!.id));
    expect((await entriesOf(bob.userId))["fay@x.test"]).toEqual([isoOf(at(4)), 1]);
    expect((await entriesOf(alice.userId))["fay@x.test"]).toBeUndefined();

    // Deleting a whole campaign (cascade to its contacts) leaves the other's rows.
    const deleted = await ctx.request(`/api/campaigns/${first}`, { method: "DELETE", cookie: alice.cookie });
    expect(deleted.status).toBe(204);
    const afterCampaign = await entriesOf(alice.userId);
    expect(Object.keys(afterCampaign).sort()).toEqual(["ann@x.test", "ben@x.test", "cy@x.test", "eve@x.test"]);
    expect(afterCampaign["ann@x.test"]).toEqual([isoOf(at(6)), 1]);
    // Bob's Ann never moved.
    expect((await entriesOf(bob.userId))["ann@x.test"]).toEqual([isoOf(at(9)), 1]);

    // The page reads the table: same entries, order and total as the grouping.
    const page = await pageOf(alice);
    const naive = await rows<{ key: string }>(sql`
      select lower(email) as key from contacts where user_id = ${alice.userId}
      group by 1 order by min(created_at) desc, 1 desc`);
    expect(page.contacts.map((c) => c.key)).toEqual(naive.map((r) => r.key));
    expect(page.total).toBe(naive.length);

    // A bulk delete spanning both users, then deleting a user with contacts.
    await db.delete(contacts).where(inArray(contacts.id, [bobAnn!.id, ann2!.id]));
    await expectMatchesContacts();
    await db.delete(users).where(eq(users.id, bob.userId));
    await expectMatchesContacts();
    expect(await rows(sql`select 1 from contact_addresses where user_id = ${bob.userId}`)).toEqual([]);
    expect((await pageOf(alice)).total).toBe(3);
  });

  it("stays exact when two transactions write the same address at once", async () => {
    const db = ctx.database.db;
    const carol = await ctx.signUpVerified("carol-addresses@example.com");
    const one = await campaignOf(carol.userId, "One");
    const two = await campaignOf(carol.userId, "Two");
    const [old] = await addContacts(carol.userId, one, [{ email: "gus@x.test", createdAt: at(1) }]);

    /**
     * Runs `first` in a transaction that stays open until `second`, started
     * meanwhile, waits on a lock (PostgreSQL; on PGlite's single connection it
     * simply runs after), then commits.
     */
    async function race(first: (tx: typeof db) => Promise<unknown>, second: (tx: typeof db) => Promise<unknown>) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started!: () => void;
      const firstDone = new Promise<void>((resolve) => {
        started = resolve;
      });
      const a = db.transaction(async (tx) => {
        await first(tx as unknown as typeof db);
        started();
        await released;
      });
      await firstDone;
      const b = db.transaction(async (tx) => second(tx as unknown as typeof db));
      if (ctx.database.kind === "postgres") {
        const deadline = Date.now() + 10_000;
        while ((await rows(sql`select 1 from pg_locks where not granted`)).length === 0) {
          if (Date.now() > deadline) throw new Error("the second transaction never waited");
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      release();
      await Promise.all([a, b]);
    }

    // A new row of the address is added while its only older row is deleted.
    await race(
      (tx) =>
        tx.insert(contacts).values({ userId: carol.userId, campaignId: two, email: "gus@x.test", createdAt: at(5) }),
      (tx) => tx.delete(contacts).where(eq(contacts.id, old!.id)),
    );
    expect((await entriesOf(carol.userId))["gus@x.test"]).toEqual([isoOf(at(5)), 1]);

    // The other way round: the last row goes while a new one arrives.
    const [only] = await rows<{ id: string }>(sql`select id from contacts where user_id = ${carol.userId}`);
    await race(
      (tx) => tx.delete(contacts).where(eq(contacts.id, only!.id)),
      (tx) =>
        tx.insert(contacts).values({ userId: carol.userId, campaignId: one, email: "GUS@x.test", createdAt: at(7) }),
    );
    expect(await entriesOf(carol.userId)).toEqual({ "gus@x.test": [isoOf(at(7)), 1] });
  });
});
