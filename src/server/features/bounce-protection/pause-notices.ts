// The emails bounce protection owes (protection_notices, one per pause, written
// by the statement that paused: domain/protection-check.ts), sent by a sweep on
// worker processes, so a pause made while answering a request (an unsubscribe
// link) never waits for a mail server. A claim is a lease: a sweep that died
// after claiming leaves the row to the next one once the lease is over, so a
// notice can, rarely, arrive twice (a crash between the send and its record),
// never not at all, unless the mail server refused it MAX_ATTEMPTS times.
import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import type { Logger } from "../../logger.ts";
import type { SystemMailer } from "../../mail/system-mailer.ts";
import { startPeriodicTask } from "../../periodic-task.ts";
import { pauseNoticeEmail } from "./pause-notice-email.ts";

/** Longer than a send takes, short enough that a crashed sweep's notices go within a minute or two. */
const NOTICE_LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 5;
const SWEEP_BATCH = 20;

type NoticeRow = {
  id: string;
  sender_email: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  detail: string;
  attempts: number;
  notify_to: string;
};

export type PauseNotices = ReturnType<typeof createPauseNotices>;

export function createPauseNotices(deps: { db: Db; config: Config; log: Logger; mailer: SystemMailer }) {
  const { db, config, log, mailer } = deps;

  async function send(r: NoticeRow): Promise<void> {
    try {
      await mailer.send(
        pauseNoticeEmail(
          {
            to: r.notify_to,
            detail: r.detail,
            senderEmail: r.sender_email,
            campaign: r.campaign_id ? { id: r.campaign_id, name: r.campaign_name ?? "" } : null,
          },
          config.publicUrl,
        ),
      );
    } catch (err) {
      // Left claimed: the sweep after the lease tries again, up to MAX_ATTEMPTS.
      log.error({ err, noticeId: r.id, attempts: r.attempts }, "bounce protection notice failed to send");
      if (r.attempts >= MAX_ATTEMPTS) log.error({ noticeId: r.id }, "bounce protection notice given up");
      return;
    }
    await db.execute(sql`update protection_notices set sent_at = now() where id = ${r.id}::uuid`);
  }

  return {
    /** Claims the notices not sent (nor claimed within the lease), sends them; returns how many it took. */
    async sweep(): Promise<number> {
      const claimed = await queryRows<NoticeRow>(
        db,
        sql`with due as (
              select id from protection_notices
              where sent_at is null and attempts < ${MAX_ATTEMPTS}
                and (claimed_at is null or claimed_at < now() - make_interval(secs => ${NOTICE_LEASE_SECONDS}))
              order by created_at
              limit ${SWEEP_BATCH}
              for update skip locked
            ), taken as (
              update protection_notices n set claimed_at = now(), attempts = n.attempts + 1
              from due where n.id = due.id
              returning n.*
            )
            select t.id, t.sender_email, t.campaign_id, c.name as campaign_name, t.detail, t.attempts,
              coalesce(nullif(trim(s.notification_email), ''), u.email) as notify_to
            from taken t
            join "user" u on u.id = t.user_id
            left join user_settings s on s.user_id = t.user_id
            left join campaigns c on c.id = t.campaign_id`,
      );
      for (const row of claimed) await send(row);
      return claimed.length;
    },
  };
}

/** Runs the sweep every `intervalMs` on worker processes, until stop(). */
export function startPauseNoticesLoop(notices: PauseNotices, opts: { intervalMs: number; log: Logger }) {
  const sweeps = startPeriodicTask({
    what: "bounce protection notices sweep",
    log: opts.log,
    intervalMs: opts.intervalMs,
    firstRunMs: opts.intervalMs,
    unref: true,
    run: async () => ((await notices.sweep()) === SWEEP_BATCH ? "again" : undefined),
  });
  return {
    async stop() {
      await sweeps.stop();
    },
  };
}
