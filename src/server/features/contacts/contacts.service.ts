// Contacts of a campaign (edit screen: list, add, remove) and Detect Emails
// for the wizard (earlier sends, blocked and suppressed addresses). Every query is scoped to the signed-in user: a
// campaign of another user is "Campaign not found", exactly like a missing one.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { BlockListReason } from "#shared/block-list/block-list-reasons.ts";
import type {
  Contact,
  ContactInput,
  ContactListQuery,
  ContactUpdate,
  ContactZoneCounts,
  DuplicateCheckResult,
} from "#shared/contacts/contacts.schemas.ts";
import { storedTimeZone } from "#shared/contacts/time-zone.ts";
import type { Db } from "../../db/client.ts";
import { campaigns, contacts } from "../../db/schema/index.ts";
import { queryRows, type Tx } from "../../db/sql-helpers.ts";
import { contactFullName, containsPattern } from "../../db/text-search.ts";
import { blockCandidates, isBlocked } from "../../domain/block-list.ts";
import { recountScheduled, syncLaunchedQueue } from "../../domain/campaign-queue.ts";
import { loadSendingSettings, sendingRules } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";
import { insertContacts } from "./insert-contacts.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ContactRow = typeof contacts.$inferSelect;

/** The error of a send whose retry was cancelled by removing its contact. */
export const NOT_RETRIED = "Not retried: the contact was removed from the campaign";

type BlockedState = Contact["blocked"];

/**
 * Whether the contact is blocked now, or had a step skipped for it (due-rows.ts's
 * cancel reason). The columns are written out: Drizzle leaves a column at the
 * top of a select's sql unqualified, and inside the subquery "id" would be se.id.
 */
const blockedState = sql<BlockedState>`case
  when ${isBlocked(sql`contacts.user_id`, sql`contacts.email`)} then 'listed'
  when exists (select 1 from scheduled_emails se where se.contact_id = contacts.id and se.cancel_reason = 'blocked')
    then 'skipped'
  end`;

/** The contact's lead status (lead_statuses' primary key); null: New. */
const leadState = sql<
  Contact["leadStatus"] | null
>`(select jsonb_build_object('status', ls.status, 'suggested', ls.suggested)
  from lead_statuses ls where ls.user_id = contacts.user_id and ls.email = lower(contacts.email))`;

function toDto(row: ContactRow, blocked: BlockedState, lead: Contact["leadStatus"] | null): Contact {
  return {
    id: row.id,
    campaignId: row.campaignId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    timezone: row.timezone,
    status: row.status,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    customFields: row.customFields ?? {},
    createdAt: row.createdAt.toISOString(),
    blocked,
    leadStatus: lead ?? { status: "new", suggested: false },
  };
}

export function createContactsService(db: Db, now: () => Date = () => new Date()) {
  /** The campaign's queue state, or 404 unless the campaign exists and belongs to the user. */
  async function requireCampaign(userId: string, campaignId: string, tx: Db | Tx = db) {
    const [row] = UUID.test(campaignId)
      ? await tx
          .select({ id: campaigns.id, status: campaigns.status, launchedAt: campaigns.launchedAt })
          .from(campaigns)
          .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
      : [];
    if (!row) throw new AppError("not_found", "Campaign not found");
    return row;
  }

  /** Whether the campaign has a live queue that its contact list changes must reach. */
  function hasQueue(campaign: { status: string; launchedAt: Date | null }) {
    return Boolean(campaign.launchedAt) && (campaign.status === "active" || campaign.status === "paused");
  }

  return {
    /** A page of the campaign's contacts, newest first, with the total that matches the search. */
    async list(
      userId: string,
      campaignId: string,
      query: ContactListQuery,
    ): Promise<{ contacts: Contact[]; total: number }> {
      await requireCampaign(userId, campaignId);
      const term = query.search ? containsPattern(query.search) : null;
      const where = and(
        eq(contacts.campaignId, campaignId),
        eq(contacts.userId, userId),
        term
          ? // "First Last" holds either part alone too, so one test covers first, last and full name.
            sql`(${contacts.email} ilike ${term} or ${contactFullName("contacts")} ilike ${term}
                 or ${contacts.company} ilike ${term})`
          : undefined,
      );
      // The total comes with the page (one round trip); only a page past the
      // end needs a second query to learn it.
      const rows = await db
        .select({
          contact: contacts,
          blocked: blockedState,
          lead: leadState,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(contacts)
        .where(where)
        .orderBy(desc(contacts.createdAt), asc(sql`lower(${contacts.email})`), asc(contacts.id))
        .limit(query.limit)
        .offset(query.offset);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && query.offset > 0) {
        const [count] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(contacts)
          .where(where);
        total = count?.n ?? 0;
      }
      return { contacts: rows.map((r) => toDto(r.contact, r.blocked, r.lead)), total };
    },

    /** Every contact's id and address: one narrow query, no paging (10,000 rows is a few hundred KB). */
    async addresses(userId: string, campaignId: string): Promise<{ id: string; email: string }[]> {
      await requireCampaign(userId, campaignId);
      return db
        .select({ id: contacts.id, email: contacts.email })
        .from(contacts)
        .where(and(eq(contacts.campaignId, campaignId), eq(contacts.userId, userId)))
        .orderBy(asc(contacts.createdAt), asc(contacts.id));
    },

    /**
     * Adds contacts in ONE statement (the batch is a single jsonb parameter, so
     * 10,000 rows do not hit PostgreSQL's bind-parameter limit). An address
     * already in the campaign, or twice in the batch, is skipped by the unique
     * index on (campaign_id, lower(email)).
     */
    async add(
      userId: string,
      campaignId: string,
      list: ContactInput[],
    ): Promise<{ added: number; skippedDuplicates: number }> {
      return db.transaction(async (tx) => {
        const campaign = await requireCampaign(userId, campaignId, tx);
        const added = await insertContacts(tx, userId, campaignId, list);
        // Contacts added to a running campaign get step 1 like those at launch.
        if (added > 0 && hasQueue(campaign)) {
          const rules = sendingRules(await loadSendingSettings(tx, userId));
          await syncLaunchedQueue(tx, { campaignId, userId, now: now(), rules, paused: campaign.status === "paused" });
        }
        return { added, skippedDuplicates: list.length - added };
      });
    },

    /**
     * Removes the contact from the campaign. What is queued for it goes with it
     * (ON DELETE CASCADE) and the scheduled count follows; what was sent to it
     * stays, its contact_id set to null, so every figure keeps counting it
     * (docs/decisions/016-removed-contacts-keep-their-sends.md).
     */
    async remove(userId: string, campaignId: string, contactId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const campaign = await requireCampaign(userId, campaignId, tx);
        if (!UUID.test(contactId)) throw new AppError("not_found", "Contact not found");
        // A send waiting for its retry (pending after a temporary failure) would
        // wait for ever: its queue row, which retries it, goes with the contact.
        // It ends as what it is, a message that was not delivered, in the same
        // statement as its campaign's counters (kept by hand, unlike the others).
        await tx.execute(sql`
          with settled as (
            update email_sends set status = 'failed', failure_category = 'other', failure_reason = 'other',
              error_message = ${NOT_RETRIED}
            where contact_id = ${contactId}::uuid and campaign_id = ${campaignId}::uuid and user_id = ${userId}
              and status = 'pending'
            returning campaign_id
          )
          update campaign_stats cs set pending = cs.pending - n.count, failed = cs.failed + n.count
          from (select campaign_id, count(*)::int as count from settled group by campaign_id) n
          where cs.campaign_id = n.campaign_id`);
        const deleted = await tx
          .delete(contacts)
          .where(and(eq(contacts.id, contactId), eq(contacts.campaignId, campaignId), eq(contacts.userId, userId)))
          .returning({ id: contacts.id });
        if (deleted.length === 0) throw new AppError("not_found", "Contact not found");
        if (campaign.launchedAt) await recountScheduled(tx, campaignId, now());
      });
    },

    /**
     * Changes the contact's time zone. What is queued for it keeps its time:
     * the claim checks the window in the contact's zone when the row comes due.
     */
    async update(userId: string, campaignId: string, contactId: string, patch: ContactUpdate): Promise<Contact> {
      await requireCampaign(userId, campaignId);
      if (!UUID.test(contactId)) throw new AppError("not_found", "Contact not found");
      const [row] = await db
        .update(contacts)
        .set({ timezone: storedTimeZone(patch.timezone) })
        .where(and(eq(contacts.id, contactId), eq(contacts.campaignId, campaignId), eq(contacts.userId, userId)))
        .returning();
      if (!row) throw new AppError("not_found", "Contact not found");
      const [state] = await db
        .select({ blocked: blockedState, lead: leadState })
        .from(contacts)
        .where(eq(contacts.id, row.id));
      return toDto(row, state?.blocked ?? null, state?.lead ?? null);
    },

    /** The campaign's contacts counted by time zone, in one aggregate query, largest group first. */
    async zoneCounts(userId: string, campaignId: string): Promise<ContactZoneCounts> {
      await requireCampaign(userId, campaignId);
      const [settings, rows] = await Promise.all([
        loadSendingSettings(db, userId),
        db
          .select({ zone: contacts.timezone, contacts: sql<number>`count(*)::int` })
          .from(contacts)
          .where(and(eq(contacts.campaignId, campaignId), eq(contacts.userId, userId)))
          .groupBy(contacts.timezone)
          .orderBy(desc(sql`count(*)`), asc(contacts.timezone)),
      ]);
      return { userZone: settings.timezone, zones: rows.map((r) => ({ zone: r.zone, contacts: Number(r.contacts) })) };
    },

    /**
     * Detect Emails, in ONE statement: the user's earlier campaign sends to
     * any of these addresses (one row per address and campaign, its latest
     * send, newest first; sends of other users' campaigns are never seen; a
     * send whose contact was removed from its campaign still counts, by the
     * address it went to, without a name), and which of them are on the
     * suppression list or blocked (address or domain), each with its first
     * reason: a suppression before a block, an address before its domain.
     */
    async detect(userId: string, emails: string[]): Promise<DuplicateCheckResult> {
      const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
      if (wanted.length === 0) return { previousSends: [], blocked: [] };
      const addresses = sql`array(select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`;
      type Row = {
        kind: "send" | "blocked";
        email: string;
        first_name: string | null;
        last_name: string | null;
        campaign_id: string | null;
        campaign_name: string | null;
        sent_at: Date | string | null;
        reason: BlockListReason | null;
        entry: string | null;
      };
      const rows = await queryRows<Row>(
        db,
        sql`
        with sends as (
          select distinct on (s.email, s.campaign_id) s.email, s.first_name, s.last_name, s.campaign_id,
            cp.name as campaign_name, s.sent_at
          from (
            select lower(ct.email) as email, ct.first_name, ct.last_name, es.campaign_id,
              coalesce(es.sent_at, es.created_at) as sent_at, es.created_at
            from email_sends es join contacts ct on ct.id = es.contact_id
            where ct.user_id = ${userId} and lower(ct.email) = any(${addresses})
            union all
            -- email_sends_user_direct_to_idx: the user's sends without a contact, by address.
            select lower(es.to_email), null, null, es.campaign_id, coalesce(es.sent_at, es.created_at), es.created_at
            from email_sends es
            where es.user_id = ${userId} and es.contact_id is null and es.campaign_id is not null
              and lower(es.to_email) = any(${addresses})
          ) s
          join campaigns cp on cp.id = s.campaign_id and cp.user_id = ${userId}
          order by s.email, s.campaign_id, s.created_at desc
        ), blocked as (
          select w.email, m.reason, m.entry
          from unnest(${addresses}) as w(email)
          cross join lateral (
            select reason, entry from (
              select s.reason, lower(s.email) as entry, 0 as rank
              from suppressions s where s.user_id = ${userId} and lower(s.email) = w.email
              union all
              select case when b.source = 'import' then 'imported' else 'blocked' end, b.value,
                case when b.kind = 'address' then 1 else 2 end
              from block_list b where b.user_id = ${userId} and b.value = any(${blockCandidates(sql`w.email`)})
            ) found
            order by rank, length(entry) desc
            limit 1
          ) m
        )
        select 'send' as kind, email, first_name, last_name, campaign_id::text, campaign_name, sent_at,
          null::text as reason, null::text as entry
        from sends
        union all
        select 'blocked', email, null, null, null, null, null, reason, entry from blocked`,
      );
      const previousSends = rows
        .filter((r) => r.kind === "send")
        .map((r) => ({
          email: r.email,
          firstName: r.first_name,
          lastName: r.last_name,
          campaignId: r.campaign_id!,
          campaignName: r.campaign_name!,
          sentAt: new Date(r.sent_at!).toISOString(),
        }))
        .sort((a, b) => b.sentAt.localeCompare(a.sentAt));
      const blocked = rows
        .filter((r) => r.kind === "blocked")
        .map((r) => ({ email: r.email, reason: r.reason!, entry: r.entry! }))
        .sort((a, b) => a.email.localeCompare(b.email));
      return { previousSends, blocked };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
