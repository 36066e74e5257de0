// The notification outbox's sweep (decision 037), on worker processes: the
// launch notifications, open digests, reply notifications and bounce
// protection's pause notices. Each run first makes the open digests that are
// due (one statement for every user), then claims the notifications that may
// go and sends each through the system mailer. A claim is a lease (claimed_at): a sweep that died after
// claiming leaves its rows to the next one once the lease is over, so an email
// can, rarely, arrive twice (a crash between the send and its record), never
// not at all. A failed send waits retryDelaySeconds before its next try, and
// is given up after NOTIFICATION_MAX_ATTEMPTS; whatever goes wrong with one
// notification (the mail server, its payload) is recorded on it and the sweep
// goes on with the others. The user's switch is checked again here: one turned
// off since the notification was queued drops it.
import { sql } from "drizzle-orm";
import type { NotificationKind } from "#shared/db-enums.ts";
import { answerReplyHref } from "#shared/inbox/compose-prefill.ts";
import {
  NOTIFICATION_MAX_ATTEMPTS,
  OPEN_DIGEST_MAX_ROWS,
  OPEN_DIGEST_PERIOD_MINUTES,
  retryDelaySeconds,
} from "#shared/notifications/notification-rules.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { at, queryRows } from "../../db/sql-helpers.ts";
import type { Logger } from "../../logger.ts";
import type { SystemMailer, SystemMessage } from "../../mail/system-mailer.ts";
import { startPeriodicTask } from "../../periodic-task.ts";
import { pauseNoticeEmail } from "../bounce-protection/pause-notice-email.ts";
import { campaignLaunchedEmail, openDigestEmail, replyNotificationEmail } from "./notification-emails.ts";

/** Longer than a send takes, short enough that a crashed sweep's notifications go within a minute or two. */
export const NOTIFICATION_LEASE_SECONDS = 60;
const SWEEP_BATCH = 20;
const ERROR_MAX = 500;

type Claimed = {
  id: string;
  user_id: string;
  kind: NotificationKind;
  campaign_id: string | null;
  reply_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  campaign_name: string | null;
  notify_to: string | null;
  timezone: string;
  switched_on: boolean;
};

type DigestRow = {
  to_email: string;
  name: string | null;
  subject: string;
  campaign_name: string | null;
  opened_at: Date | string;
  total: number;
};

export type NotificationOutbox = ReturnType<typeof createNotificationOutbox>;

export function createNotificationOutbox(deps: {
  db: Db;
  config: Config;
  log: Logger;
  mailer: SystemMailer;
  /** The sweep's clock (tests move it past a lease or a digest period). */
  now?: () => Date;
}) {
  const { db, config, log, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  /** The digest's opens, capped, with how many it holds: one query. */
  async function digestMessage(n: Claimed, to: string): Promise<SystemMessage | null> {
    const rows = await queryRows<DigestRow>(
      db,
      sql`select es.to_email, nullif(trim(concat_ws(' ', ct.first_name, ct.last_name)), '') as name, es.subject,
            c.name as campaign_name, w.opened_at, (count(*) over ())::int as total
          from notification_opens w
          join email_sends es on es.id = w.email_send_id
          left join contacts ct on ct.id = es.contact_id
          left join campaigns c on c.id = es.campaign_id
          where w.digest_id = ${n.id}::uuid
          order by w.opened_at, w.id
          limit ${OPEN_DIGEST_MAX_ROWS}`,
    );
    const total = rows[0]?.total ?? 0;
    if (total === 0) return null;
    const opens = rows.map((r) => ({
      toEmail: r.to_email,
      name: r.name,
      subject: r.subject,
      campaignName: r.campaign_name,
      openedAt: new Date(r.opened_at),
    }));
    return openDigestEmail({ to, opens, total, timezone: n.timezone }, config.publicUrl);
  }

  async function messageOf(n: Claimed, to: string): Promise<SystemMessage | null> {
    const p = n.payload;
    if (n.kind === "campaign_launched") {
      if (!n.campaign_id) return null;
      return campaignLaunchedEmail(
        {
          to,
          campaign: { id: n.campaign_id, name: String(p.campaignName ?? "") },
          launchedAt: new Date(String(p.launchDate)),
          emailCount: Number(p.emailCount ?? 0),
          timezone: n.timezone,
        },
        config.publicUrl,
      );
    }
    if (n.kind === "protection_pause") {
      const senderEmail = typeof p.senderEmail === "string" ? p.senderEmail : null;
      const campaign = n.campaign_id ? { id: n.campaign_id, name: n.campaign_name ?? "" } : null;
      if (!senderEmail && !campaign) return null;
      return pauseNoticeEmail({ to, detail: String(p.detail ?? ""), senderEmail, campaign }, config.publicUrl);
    }
    if (n.kind === "reply") {
      if (!n.reply_id) return null;
      return replyNotificationEmail({
        to,
        fromEmail: String(p.fromEmail ?? ""),
        fromName: typeof p.fromName === "string" ? p.fromName : null,
        subject: typeof p.subject === "string" ? p.subject : null,
        campaignName: typeof p.campaignName === "string" ? p.campaignName : null,
        repliedAt: new Date(String(p.repliedAt)),
        text: String(p.text ?? ""),
        timezone: n.timezone,
        link: `${config.publicUrl}${answerReplyHref({ id: n.reply_id })}`,
      });
    }
    return digestMessage(n, to);
  }

  async function finish(id: string, status: "sent" | "dropped", error: string | null = null): Promise<void> {
    await db.execute(
      sql`update notifications set status = ${status}, claimed_at = null, last_error = ${error},
            sent_at = ${status === "sent" ? now().toISOString() : null}::timestamptz
          where id = ${id}::uuid`,
    );
  }

  async function failed(n: Claimed, err: unknown): Promise<void> {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
    const givenUp = n.attempts >= NOTIFICATION_MAX_ATTEMPTS;
    const retryAt = new Date(now().getTime() + retryDelaySeconds(n.attempts) * 1000);
    await db.execute(
      sql`update notifications set claimed_at = null, last_error = ${reason},
            status = ${givenUp ? "failed" : "pending"}, due_at = ${at(retryAt)}
          where id = ${n.id}::uuid`,
    );
    if (givenUp) log.error({ notificationId: n.id, kind: n.kind, attempts: n.attempts }, "notification given up");
    else log.warn({ notificationId: n.id, kind: n.kind, attempts: n.attempts, err }, "notification failed to send");
  }

  async function deliver(n: Claimed): Promise<void> {
    try {
      const to = n.notify_to?.trim();
      if (!n.switched_on || !to) return await finish(n.id, "dropped");
      const message = await messageOf(n, to);
      if (!message) return await finish(n.id, "dropped", "nothing to tell");
      await mailer.send(message);
    } catch (err) {
      await failed(n, err);
      return;
    }
    await finish(n.id, "sent");
  }

  return {
    /**
     * Makes a digest for every user with open notifications on, opens waiting
     * and no digest in the last OPEN_DIGEST_PERIOD_MINUTES, and hands it those
     * opens; drops the waiting opens of users who turned the switch off. One
     * statement; returns how many digests it made.
     */
    async makeOpenDigests(): Promise<number> {
      const t = now();
      const [row] = await queryRows<{ made: number }>(
        db,
        sql`with dropped as (
              delete from notification_opens w using user_settings s
              where s.user_id = w.user_id and not s.open_notifications_enabled and w.digest_id is null
            ), due as (
              -- The settings row locked: two workers at once make one digest per user.
              select s.user_id from user_settings s
              where s.open_notifications_enabled
                and exists (select 1 from notification_opens w
                  where w.user_id = s.user_id and w.digest_id is null and w.opened_at <= ${at(t)})
                and not exists (
                  select 1 from notifications n where n.user_id = s.user_id and n.kind = 'open_digest'
                    and n.created_at > ${at(t)} - make_interval(mins => ${OPEN_DIGEST_PERIOD_MINUTES}))
              for update of s skip locked
            ), made as (
              insert into notifications (user_id, kind, due_at, created_at)
              select user_id, 'open_digest', ${at(t)}, ${at(t)} from due
              returning id, user_id
            ), taken as (
              update notification_opens w set digest_id = m.id from made m
              where w.user_id = m.user_id and w.digest_id is null and w.opened_at <= ${at(t)}
              returning w.id
            )
            select (select count(*) from made)::int as made`,
      );
      return row?.made ?? 0;
    },

    /** Claims the notifications due (and not claimed within the lease) and sends them; returns how many it took. */
    async sweep(): Promise<number> {
      const t = now();
      const claimed = await queryRows<Claimed>(
        db,
        sql`with due as (
              select id from notifications
              where status = 'pending' and due_at <= ${at(t)}
                and (claimed_at is null or claimed_at < ${at(t)} - make_interval(secs => ${NOTIFICATION_LEASE_SECONDS}))
              order by due_at
              limit ${SWEEP_BATCH}
              for update skip locked
            ), taken as (
              update notifications n set claimed_at = ${at(t)}, attempts = n.attempts + 1
              from due where n.id = due.id
              returning n.id, n.user_id, n.kind, n.campaign_id, n.reply_id, n.payload, n.attempts
            )
            select t.*, c.name as campaign_name, coalesce(nullif(trim(s.notification_email), ''), u.email) as notify_to,
              coalesce(s.timezone, 'UTC') as timezone,
              case t.kind
                when 'campaign_launched' then coalesce(s.campaign_notifications_enabled, false)
                when 'protection_pause' then coalesce(s.campaign_notifications_enabled, false)
                when 'open_digest' then coalesce(s.open_notifications_enabled, false)
                else coalesce(s.reply_notifications_enabled, false)
              end as switched_on
            from taken t
            join "user" u on u.id = t.user_id
            left join user_settings s on s.user_id = t.user_id
            left join campaigns c on c.id = t.campaign_id`,
      );
      for (const n of claimed) {
        // Even recording an outcome can fail (the database for a moment): the row's lease runs out, the others go on.
        await deliver(n).catch((err: unknown) => log.error({ err, notificationId: n.id }, "notification not recorded"));
      }
      return claimed.length;
    },
  };
}

/** Makes the digests and sweeps the outbox every `intervalMs` on worker processes, until stop(). */
export function startNotificationsLoop(outbox: NotificationOutbox, opts: { intervalMs: number; log: Logger }) {
  const sweeps = startPeriodicTask({
    what: "notification outbox sweep",
    log: opts.log,
    intervalMs: opts.intervalMs,
    firstRunMs: opts.intervalMs,
    unref: true,
    run: async () => {
      await outbox.makeOpenDigests();
      return (await outbox.sweep()) === SWEEP_BATCH ? "again" : undefined;
    },
  });
  return {
    async stop() {
      await sweeps.stop();
    },
  };
}
