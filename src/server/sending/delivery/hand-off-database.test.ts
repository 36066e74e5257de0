// The delivery thread's hand-off record on PostgreSQL (hand-off-database.ts):
// granted only to the claim that still holds its row, grouped, and carried on
// after the server ends its connections. PostgreSQL only: with PGlite the
// thread journals hand-offs to a file instead (hand-off-journal.ts).
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaign, people } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { createTestDatabase, postgresUrlOf, testDbKind } from "../../../../tests/support/test-database.ts";
import type { Database } from "../../db/client.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { openHandOffDatabase } from "./hand-off-database.ts";
import { handOffKey } from "./hand-off-journal.ts";

const lease = new Date("2030-01-01T00:00:00.000Z");

describe.skipIf(testDbKind !== "postgres")("hand-offs recorded in PostgreSQL", () => {
  let database: Database;
  let ctx: TestContext;
  let url: string;
  let handOffs: ReturnType<typeof openHandOffDatabase>;
  let rows: string[] = [];
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    ctx = await createTestContext({}, database);
    url = postgresUrlOf(database);
    handOffs = openHandOffDatabase(url);
    await handOffs.warm();
  });
  afterAll(async () => {
    await handOffs?.close();
    await ctx?.close();
    await database?.close();
  });

  /** `count` queue rows claimed under `lease` (status sending), of a fresh campaign. */
  async function claimed(count: number): Promise<string[]> {
    n += 1;
    const owner = await ctx.signUpVerified(`hand-offs-${n}@example.com`);
    const campaign = await createCampaign(ctx, owner.cookie, { contacts: people(count, `h${n}`) });
    const inserted = await queryRows<{ id: string }>(
      database.db,
      sql`insert into scheduled_emails (campaign_id, contact_id, sequence_id, scheduled_for, status, lease_expires_at, locked_by)
          select c.campaign_id, c.id, q.id, now(), 'sending', ${lease.toISOString()}::timestamptz, 'test-worker'
          from contacts c join email_sequences q on q.campaign_id = c.campaign_id
          where c.campaign_id = ${campaign.campaign.id}::uuid
          on conflict (contact_id, sequence_id) do update
            set status = 'sending', lease_expires_at = excluded.lease_expires_at, locked_by = 'test-worker', handed_off_at = null
          returning id`,
    );
    rows = inserted.map((r) => r.id);
    return rows;
  }

  async function handedOff(ids: string[]): Promise<(string | null)[]> {
    const found = await queryRows<{ id: string; handed_off_at: Date | null }>(
      database.db,
      sql`select id, handed_off_at from scheduled_emails where id = any(${`{${ids.join(",")}}`}::uuid[])`,
    );
    const byId = new Map(found.map((r) => [r.id, r.handed_off_at]));
    return ids.map((id) => (byId.get(id) ? "recorded" : null));
  }

  it("grants the hand-off of a row the claim holds, and records it before answering", async () => {
    const [id] = await claimed(1);
    await expect(handOffs.record(handOffKey(id!, lease))).resolves.toBeUndefined();
    expect(await handedOff([id!])).toEqual(["recorded"]);
  });

  it("refuses a claim that no longer holds its row (another lease, or not sending), and records nothing", async () => {
    const [a, b] = await claimed(2);
    await database.db.execute(sql`update scheduled_emails set status = 'scheduled' where id = ${b!}::uuid`);
    const otherLease = new Date(lease.getTime() + 1000);
    await expect(handOffs.record(handOffKey(a!, otherLease))).rejects.toThrow(/taken over by another worker/);
    await expect(handOffs.record(handOffKey(b!, lease))).rejects.toThrow(/taken over by another worker/);
    expect(await handedOff([a!, b!])).toEqual([null, null]);
  });

  it("answers each of many hand-offs asked for at once, whichever group they were written in", async () => {
    const ids = await claimed(40);
    const stolen = ids.slice(0, 5);
    await database.db.execute(
      sql`update scheduled_emails set locked_by = 'other', lease_expires_at = now() where id = any(${`{${stolen.join(",")}}`}::uuid[])`,
    );
    const answers = await Promise.allSettled(ids.map((id) => handOffs.record(handOffKey(id, lease))));
    expect(answers.map((a) => a.status)).toEqual(ids.map((id) => (stolen.includes(id) ? "rejected" : "fulfilled")));
    expect(await handedOff(ids)).toEqual(ids.map((id) => (stolen.includes(id) ? null : "recorded")));
  });

  it("opens new connections when the server has ended its own", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'coldreach hand-offs' and datname = current_database()",
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    // The clients learn of it from their sockets.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [id] = await claimed(1);
    await expect(handOffs.record(handOffKey(id!, lease))).resolves.toBeUndefined();
    expect(await handedOff([id!])).toEqual(["recorded"]);
  });

  it("refuses at once, rather than waiting, when the database cannot be reached", async () => {
    const unreachable = openHandOffDatabase("postgres://nobody@127.0.0.1:1/none");
    await unreachable.warm();
    await expect(unreachable.record(handOffKey("00000000-0000-4000-8000-000000000001", lease))).rejects.toThrow(
      /could not be recorded/,
    );
    await unreachable.close();
  });
});
