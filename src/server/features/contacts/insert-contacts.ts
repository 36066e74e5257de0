// Adding contacts to a campaign, shared by campaign creation (inside its
// transaction) and the edit screen's Add Contacts.
import { sql } from "drizzle-orm";
import type { ContactInput } from "#shared/contacts/contacts.schemas.ts";
import { storedTimeZone } from "#shared/contacts/time-zone.ts";
import type { Db } from "../../db/client.ts";
import { contacts } from "../../db/schema/index.ts";

type Executor = Pick<Db, "execute">;

/** The rows a jsonb_to_recordset reads: one bind parameter for the whole batch. */
function recordsetJson(list: ContactInput[]): string {
  return JSON.stringify(
    list.map((c) => ({
      email: c.email.trim().toLowerCase(),
      first_name: c.firstName || null,
      last_name: c.lastName || null,
      company: c.company || null,
      timezone: storedTimeZone(c.timezone),
      custom_fields: c.customFields ?? {},
    })),
  );
}

/**
 * Contacts per statement. With the embedded database every statement runs on
 * the main thread and holds the event loop: 10,000 contacts in one statement
 * stalled every request for seconds (issue 26; bench/RESULTS.md, responsiveness);
 * a chunk of 1,000 holds it about a tenth as long.
 */
const CHUNK = 1_000;

/**
 * Inserts the contacts, a chunk per statement (one JSON parameter each, clear
 * of PostgreSQL's 65,535 bind-parameter limit), letting the event loop run
 * between chunks; all in the caller's transaction. An address already in the
 * campaign, or repeated in the list, is stored once. Returns how many were added.
 */
export async function insertContacts(db: Executor, userId: string, campaignId: string, list: ContactInput[]) {
  let added = 0;
  for (let start = 0; start < list.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    added += await insertChunk(db, userId, campaignId, list.slice(start, start + CHUNK));
  }
  return added;
}

async function insertChunk(db: Executor, userId: string, campaignId: string, list: ContactInput[]) {
  const result = await db.execute(sql`
    with inserted as (
      insert into ${contacts} (user_id, campaign_id, email, first_name, last_name, company, timezone, custom_fields)
      select ${userId}, ${campaignId}::uuid, x.email, x.first_name, x.last_name, x.company, x.timezone,
             coalesce(x.custom_fields, '{}'::jsonb)
      from jsonb_to_recordset(${recordsetJson(list)}::jsonb)
        as x(email text, first_name text, last_name text, company text, timezone text, custom_fields jsonb)
      on conflict (campaign_id, lower(email)) do nothing
      returning 1
    )
    select count(*)::int as added from inserted`);
  return Number((result as unknown as { rows: { added: number }[] }).rows[0]?.added ?? 0);
}
