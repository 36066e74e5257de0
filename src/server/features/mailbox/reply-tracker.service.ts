// Reply Tracker (docs/product.md §7):
// the user's contacts with status active, their reply figures, the Replied
// Contacts and Awaiting Replies lists (a page at a time, searchable), and
// marking a contact as replied by hand.
//
// The figures come from the reporting counters (user_send_stats, kept by
// triggers: docs/decisions/002-reporting-counters.md), the same ones the
// dashboard's reply rate reads: one indexed read whatever the number of
// contacts. The lists are keyset-paginated.
import { type SQL, sql } from "drizzle-orm";
import { contactName } from "#shared/inbox/inbox-labels.ts";
import {
  MARKED_BY_HAND_RULE,
  type MarkRepliedInput,
  type MarkRepliedResult,
  PREVIEW_LENGTH,
  previewText,
  REPLY_TRACKER_PAGE_SIZE,
  type ReplyTrackerPage,
  type ReplyTrackerQuery,
  type ReplyTrackerSummary,
  replyTrackerText,
} from "#shared/mailbox/mailbox.schemas.ts";
import { replyRate } from "#shared/reporting/rates.ts";
import type { Db } from "../../db/client.ts";
import { cursorTimeText } from "../../db/keyset-cursor.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { contactFullName, containsPattern } from "../../db/text-search.ts";
import { stopContactSequence } from "../../domain/stop-contact-sequence.ts";
import { AppError } from "../../errors.ts";
import { afterCursor, decodeCursor, iso, isoOrNull, pageOf } from "./mailbox-cursor.ts";

type ContactRow = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  campaign_id: string;
  campaign_name: string;
  replied_at: Date | string | null;
  created_at: Date | string;
  cursor_at: string;
  reply_content: string | null;
};

export function createReplyTrackerService({ db, now: clock }: { db: Db; now?: () => Date }) {
  const now = clock ?? (() => new Date());

  async function summary(userId: string): Promise<ReplyTrackerSummary> {
    const [row] = await queryRows<{ total: number; replied: number }>(
      db,
      sql`select coalesce(s.active_contacts, 0)::int as total, coalesce(s.active_replied, 0)::int as replied
          from "user" u left join user_send_stats s on s.user_id = u.id
          where u.id = ${userId}`,
    );
    const total = row?.total ?? 0;
    const replied = row?.replied ?? 0;
    return {
      totalContacts: total,
      replied,
      noReply: Math.max(0, total - replied),
      replyRate: replyRate({ replied, active: total }),
    };
  }

  async function contacts(userId: string, query: ReplyTrackerQuery): Promise<ReplyTrackerPage> {
    const cursor = decodeCursor(query.cursor);
    const replied = query.list === "replied";
    // Replied: newest reply first (contacts_user_status_replied_idx); awaiting: newest contact first.
    const at: SQL = replied ? sql`c.replied_at` : sql`c.created_at`;
    const like = query.search ? containsPattern(query.search.toLowerCase()) : null;
    const rows = await queryRows<ContactRow>(
      db,
      sql`
      select c.id, c.email, c.first_name, c.last_name, c.company, c.campaign_id, cp.name as campaign_name,
        c.replied_at, c.created_at, ${cursorTimeText(at)} as cursor_at,
        ${
          replied
            ? sql`(select left(r.reply_content, ${PREVIEW_LENGTH * 4}) from replies r
                   where r.contact_id = c.id and r.user_id = ${userId} and r.kind = 'reply'
                   order by r.replied_at desc limit 1)`
            : sql`null::text`
        } as reply_content
      from contacts c
      join campaigns cp on cp.id = c.campaign_id and cp.user_id = ${userId}
      where c.user_id = ${userId} and c.status = 'active'
        and c.replied_at is ${replied ? sql`not null` : sql`null`}
        ${like ? sql`and (c.email ilike ${like} or ${contactFullName("c")} ilike ${like})` : sql``}
        ${afterCursor(cursor, at, sql`c.id`)}
      order by ${at} desc, c.id desc
      limit ${REPLY_TRACKER_PAGE_SIZE + 1}`,
    );
    const { page, nextCursor } = pageOf(rows, REPLY_TRACKER_PAGE_SIZE);
    return {
      contacts: page.map((r) => ({
        id: r.id,
        email: r.email,
        name: contactName(r.first_name, r.last_name),
        company: r.company?.trim() || null,
        campaignId: r.campaign_id,
        campaignName: r.campaign_name,
        repliedAt: isoOrNull(r.replied_at),
        addedAt: iso(r.created_at),
        replyPreview: r.reply_content?.trim() ? previewText(r.reply_content) : null,
      })),
      nextCursor,
    };
  }

  /**
   * Marks the campaign's contact with that address as replied: its queued
   * steps stop (stopContactSequence 'replied') and a reply is recorded, kind
   * reply, with the note as its content and the rule 'marked by hand'. A
   * contact that has already replied is left as it is.
   */
  async function markReplied(userId: string, input: MarkRepliedInput): Promise<MarkRepliedResult> {
    const email = input.contactEmail.trim();
    const given = input.campaignId.trim();
    const at = now();
    return db.transaction(async (tx) => {
      const [campaign] = await queryRows<{ id: string }>(
        tx,
        sql`select id from campaigns where id = ${given}::uuid and user_id = ${userId}`,
      );
      if (!campaign) throw new AppError("not_found", replyTrackerText.campaignNotFound);
      const campaignId = campaign.id;
      // Locked, so two markings at once record one reply.
      const [contact] = await queryRows<{ id: string; email: string; replied_at: Date | string | null }>(
        tx,
        sql`select id, email, replied_at from contacts
            where campaign_id = ${campaignId}::uuid and user_id = ${userId} and lower(email) = lower(${email})
            for update`,
      );
      if (!contact) throw new AppError("not_found", replyTrackerText.contactNotFound(email));
      if (contact.replied_at !== null) {
        return {
          contactId: contact.id,
          contactEmail: contact.email,
          campaignId,
          repliedAt: iso(contact.replied_at),
          alreadyReplied: true,
          cancelledSteps: 0,
        };
      }
      const cancelledSteps = await stopContactSequence(tx, contact.id, "replied", at);
      // The mailbox the contact was written from: its latest send's, else its queue's sender.
      await tx.execute(sql`
        insert into replies (user_id, campaign_id, contact_id, contact_email, sender_email, reply_content,
          replied_at, kind, reply_class, class_rule)
        select ${userId}, ${campaignId}::uuid, ${contact.id}::uuid, ${contact.email},
          coalesce(
            (select e.from_email from email_sends e where e.contact_id = ${contact.id}::uuid
             order by e.created_at desc limit 1),
            (select sa.email from scheduled_emails se join sender_accounts sa on sa.id = se.sender_account_id
             where se.contact_id = ${contact.id}::uuid limit 1),
            ''),
          ${input.note?.trim() ?? ""}, ${at.toISOString()}::timestamptz, 'reply', 'other', ${MARKED_BY_HAND_RULE}`);
      return {
        contactId: contact.id,
        contactEmail: contact.email,
        campaignId,
        repliedAt: at.toISOString(),
        alreadyReplied: false,
        cancelledSteps,
      };
    });
  }

  return { summary, contacts, markReplied };
}
