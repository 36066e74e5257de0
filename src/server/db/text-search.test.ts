// The search expressions and the trigram indexes of migration 0005 belong
// together: an expression that differs from its index's by a character is
// still correct, but silently reads every row again. These tests ask the
// planner, with sequential scans priced out, whether the indexes serve the
// services' expressions, and check the name expression against concat_ws.
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-database.ts";
import type { Database } from "./client.ts";
import { contactFullName, containsPattern } from "./text-search.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function plan(query: SQL): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: { "QUERY PLAN": string }[] };
    return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

describe("text search", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("builds the name exactly as concat_ws(' ', first, last) does", async () => {
    const result = (await database.db.execute(sql`
      select ${contactFullName("n")} as ours, concat_ws(' ', n.first_name, n.last_name) as reference
      from (values ('Ada', 'Lovelace'), ('Ada', null), (null, 'Lovelace'), (null, null), ('', ''), ('', 'X'))
        as n(first_name, last_name)`)) as unknown as { rows: { ours: string; reference: string }[] };
    expect(result.rows.length).toBe(6);
    for (const row of result.rows) expect(row.ours).toBe(row.reference);
  });

  it("is served by the trigram indexes on contacts' email and name", async () => {
    const like = containsPattern("ada");
    expect(await plan(sql`select id from contacts c where c.email ilike ${like}`)).toContain("contacts_email_trgm_idx");
    expect(await plan(sql`select id from contacts c where ${contactFullName("c")} ilike ${like}`)).toContain(
      "contacts_name_trgm_idx",
    );
  });

  it("is served by the trigram index on the Inbox's direct recipients", async () => {
    const like = containsPattern("ada");
    expect(await plan(sql`select address from direct_recipients where address like ${like}`)).toContain(
      "direct_recipients_address_trgm_idx",
    );
  });
});
