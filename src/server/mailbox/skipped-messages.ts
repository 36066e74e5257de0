// The skipped messages of the ledger (mailbox_messages, kind skipped) as the
// mail-sync card and the sender's panel show them: per reason, how many in the
// last SKIPPED_WINDOW_DAYS and the latest one's time. A scalar subquery, so it
// rides along the screens' own query (mailbox_messages_skipped_idx).
import { type SQL, sql } from "drizzle-orm";
import type { SkipReason } from "#shared/db-enums.ts";
import { SKIPPED_WINDOW_DAYS, type SkippedMessages } from "#shared/mailbox/skipped-messages.ts";

type Raw = { reason: SkipReason; count: number; lastAt: string }[] | null;

/** A json array of {reason, count, lastAt}, most first, of the user's skipped messages (of one mailbox: `mailbox`). */
export function skippedMessagesQuery(userId: string | SQL, now: Date, mailbox?: SQL): SQL<Raw> {
  const since = new Date(now.getTime() - SKIPPED_WINDOW_DAYS * 86_400_000).toISOString();
  return sql<Raw>`(select json_agg(json_build_object('reason', s.reason, 'count', s.n, 'lastAt', s.last_at)
                     order by s.n desc, s.reason)
      from (select mm.skip_reason as reason, count(*)::int as n, max(mm.created_at) as last_at
            from mailbox_messages mm
            where mm.user_id = ${userId} and mm.kind = 'skipped' and mm.created_at >= ${since}::timestamptz
              ${mailbox ? sql`and mm.sender_account_id = ${mailbox}` : sql``}
            group by mm.skip_reason) s)`;
}

/** The query's value for the API (times as ISO strings; none: an empty list). */
export function toSkippedMessages(raw: Raw): SkippedMessages {
  return (raw ?? []).map((s) => ({
    reason: s.reason,
    count: Number(s.count),
    lastAt: new Date(s.lastAt).toISOString(),
  }));
}
