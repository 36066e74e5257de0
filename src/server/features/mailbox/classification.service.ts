// Email Classification (issue 12; the spec names the tab only): the user's
// inbound replies — replies, auto-replies, bounces and unsubscribe requests —
// by class, with the count of each class, and the user's correction of a
// class. A correction is kept (class_corrected) and the rule that decided
// the class stays recorded. Correcting a reply to Unsubscribe request does
// what an unsubscribe does: the address goes on the suppression list and the
// contact's sequence stops.
import { sql } from "drizzle-orm";
import { type InboundKind, type ReplyClass, replyClasses } from "#shared/db-enums.ts";
import { contactName } from "#shared/inbox/inbox-labels.ts";
import {
  CLASSIFIED_REPLIES_PAGE_SIZE,
  type ClassifiedRepliesQuery,
  type ClassifiedReply,
  type ClassifiedReplyPage,
  PREVIEW_LENGTH,
  previewText,
  type ReplyClassCounts,
  type ReplyDetail,
} from "#shared/mailbox/mailbox.schemas.ts";
import type { Db } from "../../db/client.ts";
import { cursorTimeText } from "../../db/keyset-cursor.ts";
import { type Executor, queryRows } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { stopContactSequence } from "../../domain/stop-contact-sequence.ts";
import { addSuppression } from "../../domain/suppressions.ts";
import { AppError } from "../../errors.ts";
import { afterCursor, decodeCursor, iso, pageOf } from "./mailbox-cursor.ts";

type ReplyRow = {
  id: string;
  contact_id: string | null;
  contact_email: string;
  first_name: string | null;
  last_name: string | null;
  sender_email: string;
  subject: string | null;
  content: string;
  replied_at: Date | string;
  cursor_at: string;
  kind: InboundKind;
  reply_class: ReplyClass;
  class_rule: string;
  class_corrected: boolean;
  campaign_name: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  references_header: string | null;
};

const notFound = () => new AppError("not_found", "Reply not found");

/** A References header's message ids, oldest first. */
export function referenceIds(header: string | null): string[] {
  return header?.match(/<[^<>\s]+>/g) ?? [];
}

function toDto(row: ReplyRow): ClassifiedReply {
  return {
    id: row.id,
    contactId: row.contact_id,
    contactEmail: row.contact_email,
    contactName: contactName(row.first_name, row.last_name),
    senderEmail: row.sender_email,
    subject: row.subject,
    preview: previewText(row.content),
    repliedAt: iso(row.replied_at),
    kind: row.kind,
    replyClass: row.reply_class,
    classRule: row.class_rule,
    classCorrected: row.class_corrected,
    campaignName: row.campaign_name,
  };
}

/** The reply's columns, with `content` cut to `contentChars` (null: whole). */
const replyColumns = (contentChars: number | null) => sql`
  r.id, r.contact_id, r.contact_email, c.first_name, c.last_name, r.sender_email, r.subject,
  ${contentChars === null ? sql`r.reply_content` : sql`left(r.reply_content, ${contentChars})`} as content,
  r.replied_at, ${cursorTimeText(sql`r.replied_at`)} as cursor_at, r.kind, r.reply_class, r.class_rule,
  r.class_corrected, cp.name as campaign_name, r.message_id, r.in_reply_to, r.references_header`;

const replyJoins = sql`
  left join contacts c on c.id = r.contact_id
  left join campaigns cp on cp.id = r.campaign_id`;

export function createClassificationService({ db, now: clock }: { db: Db; now?: () => Date }) {
  const now = clock ?? (() => new Date());

  async function find(executor: Executor, userId: string, id: string): Promise<ReplyRow> {
    if (!isUuid(id)) throw notFound();
    const [row] = await queryRows<ReplyRow>(
      executor,
      sql`select ${replyColumns(null)} from replies r ${replyJoins} where r.id = ${id}::uuid and r.user_id = ${userId}`,
    );
    if (!row) throw notFound();
    return row;
  }

  function detail(row: ReplyRow): ReplyDetail {
    return {
      ...toDto(row),
      content: row.content,
      messageId: row.message_id,
      inReplyTo: row.in_reply_to,
      references: referenceIds(row.references_header),
    };
  }

  return {
    /** How many of the user's replies are in each class: one grouped read of replies_user_class_idx. */
    async counts(userId: string): Promise<ReplyClassCounts> {
      const rows = await queryRows<{ reply_class: ReplyClass; n: number }>(
        db,
        sql`select reply_class, count(*)::int as n from replies where user_id = ${userId} group by reply_class`,
      );
      const counts = Object.fromEntries(replyClasses.map((c) => [c, 0])) as Record<ReplyClass, number>;
      for (const row of rows) counts[row.reply_class] = row.n;
      return { total: rows.reduce((sum, r) => sum + r.n, 0), counts };
    },

    /** A page of the user's replies, newest first, of one class or all. */
    async list(userId: string, query: ClassifiedRepliesQuery): Promise<ClassifiedReplyPage> {
      const cursor = decodeCursor(query.cursor);
      const rows = await queryRows<ReplyRow>(
        db,
        sql`
        select ${replyColumns(PREVIEW_LENGTH * 4)}
        from replies r ${replyJoins}
        where r.user_id = ${userId}
          ${query.replyClass ? sql`and r.reply_class = ${query.replyClass}` : sql``}
          ${afterCursor(cursor, sql`r.replied_at`, sql`r.id`)}
        order by r.replied_at desc, r.id desc
        limit ${CLASSIFIED_REPLIES_PAGE_SIZE + 1}`,
      );
      const { page, nextCursor } = pageOf(rows, CLASSIFIED_REPLIES_PAGE_SIZE);
      return { replies: page.map(toDto), nextCursor };
    },

    /** One reply in full, with its threading headers (Reply from the Inbox answers it). */
    async get(userId: string, id: string): Promise<ReplyDetail> {
      return detail(await find(db, userId, id));
    },

    /**
     * The user's class for a reply. To Unsubscribe request: the replying
     * address is suppressed and the contact's remaining steps stop, in the
     * same transaction. (Correcting it away again does not lift the
     * suppression: mailing someone who once asked to stop needs a deliberate act.)
     */
    async correct(userId: string, id: string, replyClass: ReplyClass): Promise<ReplyDetail> {
      if (!isUuid(id)) throw notFound();
      return db.transaction(async (tx) => {
        const [updated] = await queryRows<{ contact_id: string | null; contact_email: string }>(
          tx,
          sql`update replies set reply_class = ${replyClass}, class_corrected = true
              where id = ${id}::uuid and user_id = ${userId}
              returning contact_id, contact_email`,
        );
        if (!updated) throw notFound();
        if (replyClass === "unsubscribe_request") {
          if (updated.contact_id) await stopContactSequence(tx, updated.contact_id, "unsubscribed", now());
          await addSuppression(tx, userId, updated.contact_email, "unsubscribed");
        }
        return detail(await find(tx, userId, id));
      });
    },
  };
}
