// Queuing notifications in the transaction of what caused them (decision 037):
// a launch, the replies a mailbox sync applied. Each is one INSERT … SELECT
// that checks the user's switch and that there is an address to write to
// (the notification email, else the account's), so nothing is queued for a
// user who does not want it, and nothing here can fail or hold up the work:
// the email itself is sent later by the outbox's sweep, which checks the
// switch again. The opens for the open digest are queued by the open's own
// statement (features/tracking/open-tracking.service.ts).
import { type SQL, sql } from "drizzle-orm";
import { unnotifiedReplyClasses } from "#shared/notifications/notification-rules.ts";
import { anyUuid, type Executor, queryRows } from "../db/sql-helpers.ts";

/** The user has somewhere to be told: their notification email, else their account's. */
const hasAddress = (userId: SQL) =>
  sql`exists (select 1 from "user" u left join user_settings us on us.user_id = u.id
              where u.id = ${userId} and coalesce(nullif(trim(us.notification_email), ''), u.email) <> '')`;

/**
 * The launch notification (the spec's send-campaign-notification: campaign
 * name and id, launch date, email count), queued when Campaign notifications
 * are on. Returns whether it was.
 */
export async function queueLaunchNotification(
  tx: Executor,
  o: { userId: string; campaign: { id: string; name: string }; launchedAt: Date; emailCount: number },
): Promise<boolean> {
  const payload = {
    campaignName: o.campaign.name,
    launchDate: o.launchedAt.toISOString(),
    emailCount: o.emailCount,
  };
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into notifications (user_id, kind, campaign_id, payload)
        select s.user_id, 'campaign_launched', ${o.campaign.id}::uuid, ${JSON.stringify(payload)}::jsonb
        from user_settings s
        where s.user_id = ${o.userId} and s.campaign_notifications_enabled and ${hasAddress(sql`s.user_id`)}
        returning id`,
  );
  return rows.length > 0;
}

/**
 * One notification per reply among `replyIds` that a person wrote (kind
 * reply, not an out-of-office, bounce or unsubscribe request), for users with
 * Reply notifications on: one statement for a whole batch. The reply's text
 * and whom it answers are copied, as they were when it came. A reply already
 * notified is not again (notifications_reply_idx).
 */
export async function queueReplyNotifications(tx: Executor, replyIds: readonly string[]): Promise<number> {
  if (replyIds.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into notifications (user_id, kind, campaign_id, reply_id, payload)
        select r.user_id, 'reply', r.campaign_id, r.id,
          jsonb_build_object(
            'fromEmail', r.contact_email,
            'fromName', nullif(trim(concat_ws(' ', ct.first_name, ct.last_name)), ''),
            'subject', r.subject,
            'text', left(btrim(coalesce(r.reply_content, '')), 10000),
            'campaignName', c.name,
            'repliedAt', r.replied_at)
        from replies r
        join user_settings s on s.user_id = r.user_id and s.reply_notifications_enabled
        left join contacts ct on ct.id = r.contact_id
        left join campaigns c on c.id = r.campaign_id
        where r.id = ${anyUuid(replyIds)} and r.kind = 'reply'
          and coalesce(r.reply_class, 'other') <> all(${`{${unnotifiedReplyClasses.join(",")}}`}::text[])
          and ${hasAddress(sql`r.user_id`)}
        on conflict (reply_id) do nothing
        returning id`,
  );
  return rows.length;
}
