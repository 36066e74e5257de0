// Recording a click on a tracked link: the first click of a send on a link
// (its URL) is kept with its time; later ones, from the same person or a
// mail scanner that followed it first, add nothing. One statement, so two
// clicks at once record one (the unique (send, url) index decides). A first
// click is also the email.clicked webhook event, in the same statement.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/sql-helpers.ts";
import { webhookEventCtes } from "../../webhooks/emit-events.ts";
import { ownedBy } from "./send-owners.ts";

/**
 * "recorded" for a first click, "repeat" for a later one, null when the send
 * no longer exists or is of none of `owners` (a tracking host's).
 */
export async function recordClick(
  db: Db,
  o: { sendId: string; url: string; owners?: readonly string[] },
): Promise<"recorded" | "repeat" | null> {
  const result = await db.execute(sql`
    with send as (
      select id, user_id, campaign_id, contact_id, to_email from email_sends
      where id = ${o.sendId}::uuid and ${ownedBy(o.owners)}
    ), clicked as (
      insert into link_clicks (user_id, campaign_id, email_send_id, url)
      select user_id, campaign_id, id, ${o.url} from send
      on conflict (email_send_id, url) do nothing
      returning user_id, url, first_clicked_at
    ), ${webhookEventCtes(sql`select c.user_id, 'email.clicked' as type, jsonb_build_object('sendId', s.id,
          'campaignId', s.campaign_id, 'contactId', s.contact_id, 'email', s.to_email, 'url', c.url,
          'clickedAt', c.first_clicked_at) as data, c.first_clicked_at as occurred_at from clicked c cross join send s`)}
    select (select count(*) from send)::int as sends, (select count(*) from clicked)::int as clicked`);
  const row = rowsOf<{ sends: number; clicked: number }>(result)[0];
  if (!row || row.sends === 0) return null;
  return row.clicked > 0 ? "recorded" : "repeat";
}

/** Whether the send exists and is of one of `owners` (any owner when undefined): a HEAD, which records nothing. */
export async function clickAllowed(db: Db, sendId: string, owners?: readonly string[]): Promise<boolean> {
  const result = await db.execute(sql`select 1 from email_sends where id = ${sendId}::uuid and ${ownedBy(owners)}`);
  return rowsOf(result).length > 0;
}
