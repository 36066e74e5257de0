// Failed emails → spam (docs/product.md §15): the
// user's spam emails, newest first, with the count badge; an email's full
// content; Delete (permanent), Clear All Spam and Add Sample Emails. Every
// statement is scoped to the signed-in user: Clear All Spam deletes the
// user's own spam only (the original deleted every user's).
// Restore (moving the message back to the inbox) lives with the mailbox sync.
import { sql } from "drizzle-orm";
import {
  previewText,
  SPAM_PAGE_SIZE,
  type SpamEmail,
  type SpamEmailDetail,
  type SpamList,
  spamText,
} from "#shared/mailbox/mailbox.schemas.ts";
import type { Db } from "../../db/client.ts";
import { cursorTimeText } from "../../db/keyset-cursor.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import { afterCursor, decodeCursor, iso, pageOf } from "./mailbox-cursor.ts";
import { spamSamples } from "./spam-samples.ts";

type SpamRow = {
  id: string;
  subject: string;
  sender_email: string;
  content: string;
  received_at: Date | string;
  cursor_at: string;
  mailbox: string | null;
  folder: string | null;
};

/** Enough of the content for a 200-character preview once whitespace is collapsed. */
const PREVIEW_SOURCE = 4000;

function toDto(row: SpamRow): SpamEmail {
  return {
    id: row.id,
    subject: row.subject,
    senderEmail: row.sender_email,
    preview: previewText(row.content),
    receivedAt: iso(row.received_at),
    mailbox: row.mailbox,
    folder: row.folder,
  };
}

const notFound = () => new AppError("not_found", spamText.notFound);

export function createSpamService({ db, now: clock }: { db: Db; now?: () => Date }) {
  const now = clock ?? (() => new Date());

  return {
    /** A page of the user's spam, newest first, and how many there are in all: one statement. */
    async list(userId: string, query: { cursor?: string }): Promise<SpamList> {
      const cursor = decodeCursor(query.cursor);
      // The count is the one row the lateral page hangs from, so an empty page still carries it.
      const rows = await queryRows<{ total: number } & { [K in keyof SpamRow]: SpamRow[K] | null }>(
        db,
        sql`
        select t.total, p.* from
          (select count(*)::int as total from spam_emails where user_id = ${userId}) t
        left join lateral (
          select s.id, s.subject, s.sender_email, left(s.content, ${PREVIEW_SOURCE}) as content, s.received_at,
            ${cursorTimeText(sql`s.received_at`)} as cursor_at, sa.email as mailbox, s.folder
          from spam_emails s
          left join sender_accounts sa on sa.id = s.sender_account_id
          where s.user_id = ${userId} ${afterCursor(cursor, sql`s.received_at`, sql`s.id`)}
          order by s.received_at desc, s.id desc
          limit ${SPAM_PAGE_SIZE + 1}
        ) p on true`,
      );
      const total = rows[0]?.total ?? 0;
      const found = rows.filter((r): r is typeof r & SpamRow => r.id !== null);
      const { page, nextCursor } = pageOf(found, SPAM_PAGE_SIZE);
      return { emails: page.map(toDto), total, nextCursor };
    },

    async get(userId: string, id: string): Promise<SpamEmailDetail> {
      if (!isUuid(id)) throw notFound();
      const [row] = await queryRows<SpamRow>(
        db,
        sql`select s.id, s.subject, s.sender_email, s.content, s.received_at, '' as cursor_at,
              sa.email as mailbox, s.folder
            from spam_emails s left join sender_accounts sa on sa.id = s.sender_account_id
            where s.id = ${id}::uuid and s.user_id = ${userId}`,
      );
      if (!row) throw notFound();
      return { ...toDto(row), content: row.content };
    },

    /** Deletes one of the user's spam emails for good. */
    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound();
      const deleted = await queryRows<{ id: string }>(
        db,
        sql`delete from spam_emails where id = ${id}::uuid and user_id = ${userId} returning id`,
      );
      if (deleted.length === 0) throw notFound();
    },

    /** Clear All Spam: every spam email of this user, and no one else's. */
    async clear(userId: string): Promise<{ deleted: number }> {
      const [row] = await queryRows<{ deleted: number }>(
        db,
        sql`with gone as (delete from spam_emails where user_id = ${userId} returning 1)
            select count(*)::int as deleted from gone`,
      );
      return { deleted: row?.deleted ?? 0 };
    },

    /** Add Sample Emails: the samples, received over the last few days. */
    async addSamples(userId: string): Promise<{ added: number }> {
      const at = now().getTime();
      const rows = JSON.stringify(
        spamSamples.map((s) => ({
          subject: s.subject,
          sender_email: s.senderEmail,
          content: s.content,
          received_at: new Date(at - s.hoursAgo * 3_600_000).toISOString(),
        })),
      );
      const inserted = await queryRows<{ id: string }>(
        db,
        sql`insert into spam_emails (user_id, subject, sender_email, content, received_at)
            select ${userId}, x.subject, x.sender_email, x.content, x.received_at
            from jsonb_to_recordset(${rows}::jsonb)
              as x(subject text, sender_email text, content text, received_at timestamptz)
            returning id`,
      );
      return { added: inserted.length };
    },
  };
}
