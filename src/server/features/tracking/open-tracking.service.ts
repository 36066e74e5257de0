// Recording an open from the tracking pixel. The first open wins: opened_at is
// set only while it is null, so repeated opens (mail clients reload images,
// people reread) neither move it nor count twice. With open notifications on,
// the same statement queues the open for its owner's next open digest
// (features/notifications/notification-outbox.ts): the pixel never waits on mail.
// The first open is also the email.opened webhook event, in the same statement.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { webhookEventCtes } from "../../webhooks/emit-events.ts";
import { ownedBy } from "./send-owners.ts";

/** A first open: which send, whose, to whom, what and in which campaign. */
export type FirstOpen = {
  sendId: string;
  userId: string;
  toEmail: string;
  subject: string;
  campaignName: string | null;
};

type Row = {
  id: string;
  user_id: string;
  to_email: string;
  subject: string;
  campaign_name: string | null;
};

/**
 * Marks the send opened if it was not yet, and bumps its campaign's `opened`
 * counter when (and only when) it did. One statement, hence one transaction:
 * the UPDATE … WHERE opened_at IS NULL is also what makes two simultaneous
 * first opens count once (the second waits on the row lock, then finds
 * opened_at set). Returns null for a repeated open or an unknown id, and
 * for a send of none of `owners` (a tracking host's: send-owners.ts).
 */
export async function recordOpen(db: Db, sendId: string, owners?: readonly string[]): Promise<FirstOpen | null> {
  const result = await db.execute(sql`
    with opened as (
      update email_sends set opened_at = now()
      where id = ${sendId}::uuid and opened_at is null and ${ownedBy(owners)}
      returning id, user_id, campaign_id, contact_id, to_email, subject, opened_at
    ), bumped as (
      -- An upsert, not an UPDATE: a campaign without its stats row still counts.
      insert into campaign_stats (campaign_id, user_id, opened)
      select campaign_id, user_id, 1 from opened where campaign_id is not null
      on conflict (campaign_id) do update
        set opened = campaign_stats.opened + 1, updated_at = now()
      returning 1
    ), waiting as (
      -- For the open digest, while its owner has open notifications on and an address.
      insert into notification_opens (user_id, email_send_id, opened_at)
      select o.user_id, o.id, now() from opened o
      join "user" u on u.id = o.user_id
      join user_settings s on s.user_id = o.user_id and s.open_notifications_enabled
      where coalesce(nullif(trim(s.notification_email), ''), u.email) <> ''
      on conflict (email_send_id) do nothing
    ), ${webhookEventCtes(sql`select user_id, 'email.opened' as type, jsonb_build_object('sendId', id,
          'campaignId', campaign_id, 'contactId', contact_id, 'email', to_email, 'subject', subject,
          'openedAt', opened_at) as data, opened_at as occurred_at from opened`)}
    select o.id, o.user_id, o.to_email, o.subject, c.name as campaign_name
    from opened o
    left join campaigns c on c.id = o.campaign_id`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    sendId: row.id,
    userId: row.user_id,
    toEmail: row.to_email,
    subject: row.subject,
    campaignName: row.campaign_name,
  };
}
