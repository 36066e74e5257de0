// The mail a meeting owes, sent at least once even across crashes. The booking
// (or the cancel) writes notices_pending in its own statement and claims it
// (notices_claimed_at = now); the process that answered the visitor sends at
// once, in the background, and clears it. If that process dies first, or the
// mail server refuses, the worker's sweep takes the row over once the claim is
// older than the lease and sends again: a notice can, rarely, arrive twice
// (a crash between the send and the clear), never not at all — the same
// trade as any mail queue. After MAX_ATTEMPTS the sweep gives up and logs.
import { sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import type { Logger } from "../../logger.ts";
import type { SystemMailer, SystemMessage } from "../../mail/system-mailer.ts";
import { signToken } from "../../mail/tokens.ts";
import { startPeriodicTask } from "../../periodic-task.ts";
import {
  bookedNotification,
  cancellationEmail,
  cancelledNotification,
  confirmationEmail,
  type MeetingFacts,
  meetingUid,
} from "./booking-emails.ts";

/** Longer than any send takes (so a live sender is not doubled), short enough that a crash is mended within a minute. */
export const NOTICE_LEASE_MS = 60_000;
const MAX_ATTEMPTS = 5;
const SWEEP_BATCH = 20;

type NoticeRow = {
  id: string;
  user_id: string;
  notices_pending: "booked" | "cancelled";
  notices_attempts: number;
  prospect_email: string;
  prospect_name: string | null;
  scheduled_date: Date | string;
  ends_at: Date | string;
  duration_minutes: number;
  timezone: string;
  created_at: Date | string;
  cancelled_at: Date | string | null;
  title: string;
  organizer_name: string;
  organizer_email: string;
  notify_to: string;
};

export type MeetingNotices = ReturnType<typeof createMeetingNotices>;

export function createMeetingNotices(deps: { db: Db; config: Config; log: Logger; mailer: SystemMailer }) {
  const { db, config, log, mailer } = deps;
  const calendarUrl = `${config.publicUrl}/calendar`;

  const columns = sql`m.id, m.user_id, m.notices_pending, m.notices_attempts, m.prospect_email, m.prospect_name,
    m.scheduled_date, m.ends_at, m.duration_minutes, m.timezone, m.created_at, m.cancelled_at, l.title,
    l.organizer_name, l.organizer_email,
    coalesce(nullif(trim(s.notification_email), ''), u.email) as notify_to`;
  const joins = sql`join scheduling_links l on l.id = m.link_id
    join "user" u on u.id = m.user_id
    left join user_settings s on s.user_id = m.user_id`;

  function messagesOf(r: NoticeRow): SystemMessage[] {
    const meeting: MeetingFacts = {
      id: r.id,
      title: r.title,
      startsAt: new Date(r.scheduled_date),
      endsAt: new Date(r.ends_at),
      durationMinutes: r.duration_minutes,
      timezone: r.timezone,
      prospectEmail: r.prospect_email,
      prospectName: r.prospect_name,
    };
    // The link's own organizer: the owner's sign-in address only where they chose it.
    const organizer = { name: r.organizer_name, email: r.organizer_email };
    const uid = meetingUid(r.id, config.publicUrl);
    if (r.notices_pending === "booked") {
      return [
        confirmationEmail({
          meeting,
          organizer,
          uid,
          cancelUrl: `${config.publicUrl}/schedule/cancel/${signToken(config.appSecret, "meeting", r.id)}`,
          // The booking's own time: a resent invite is the same invite.
          stamp: new Date(r.created_at),
        }),
        bookedNotification({ to: r.notify_to, meeting, calendarUrl }),
      ];
    }
    return [
      cancelledNotification({ to: r.notify_to, meeting, calendarUrl }),
      cancellationEmail({ meeting, organizer, uid, stamp: new Date(r.cancelled_at ?? r.created_at) }),
    ];
  }

  /** Sends a claimed row's notices; clears them when all went, else leaves them for the sweep (or gives up). */
  async function send(r: NoticeRow): Promise<void> {
    const results = await Promise.allSettled(messagesOf(r).map((m) => mailer.send(m)));
    const failed = results.filter((x): x is PromiseRejectedResult => x.status === "rejected");
    for (const f of failed) {
      // The meeting and the kind only: the messages carry addresses and a cancel token.
      log.error({ err: f.reason, meetingId: r.id, kind: r.notices_pending }, "meeting notice failed to send");
    }
    const attempts = r.notices_attempts + 1;
    if (failed.length > 0 && attempts < MAX_ATTEMPTS) {
      await db.execute(sql`update scheduled_meetings set notices_attempts = ${attempts}
                           where id = ${r.id}::uuid and notices_pending = ${r.notices_pending}`);
      return;
    }
    if (failed.length > 0) log.error({ meetingId: r.id, attempts }, "meeting notices given up after repeated failures");
    // Only if nothing newer is owed (a cancel after the booking's notices were claimed sets 'cancelled').
    await db.execute(sql`update scheduled_meetings set notices_pending = null, notices_claimed_at = null,
                           notices_attempts = 0
                         where id = ${r.id}::uuid and notices_pending = ${r.notices_pending}`);
  }

  return {
    /**
     * Right after a booking or a cancel committed (its statement set and
     * claimed notices_pending): sends in the background; never throws.
     */
    sendNow(meetingId: string): void {
      void queryRows<NoticeRow>(
        db,
        sql`select ${columns} from scheduled_meetings m ${joins}
            where m.id = ${meetingId}::uuid and m.notices_pending is not null`,
      )
        .then(async ([row]) => {
          if (row) await send(row);
        })
        .catch((err: unknown) => log.error({ err, meetingId }, "meeting notices could not be sent"));
    },

    /** The worker's sweep: takes over notices whose claim is older than the lease, and sends them. */
    async sweep(now: Date = new Date()): Promise<number> {
      const claimed = await queryRows<NoticeRow>(
        db,
        sql`with due as (
              select id from scheduled_meetings
              where notices_pending is not null
                and (notices_claimed_at is null
                     or notices_claimed_at < ${new Date(now.getTime() - NOTICE_LEASE_MS).toISOString()}::timestamptz)
              order by notices_claimed_at nulls first
              limit ${SWEEP_BATCH}
              for update skip locked
            ), taken as (
              update scheduled_meetings t set notices_claimed_at = ${now.toISOString()}::timestamptz
              from due where t.id = due.id
              returning t.*
            )
            select ${columns} from taken m ${joins}`,
      );
      for (const row of claimed) await send(row);
      return claimed.length;
    },
  };
}

/** Runs the sweep every `intervalMs` on worker processes, until stop(). */
export function startMeetingNoticesLoop(notices: MeetingNotices, opts: { intervalMs: number; log: Logger }) {
  const sweeps = startPeriodicTask({
    what: "meeting notices sweep",
    log: opts.log,
    intervalMs: opts.intervalMs,
    firstRunMs: opts.intervalMs,
    unref: true,
    run: async () => {
      await notices.sweep();
      return undefined;
    },
  });
  return {
    async stop() {
      await sweeps.stop();
    },
  };
}
