// Contacts of a campaign (edit screen: list, add, remove) and duplicate
// detection for the wizard. Every query is scoped to the signed-in user: a
// campaign of another user is "Campaign not found", exactly like a missing one.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Contact, ContactInput, ContactListQuery, PreviousSend } from "#shared/contacts/contacts.schemas.ts";
import type { Db } from "../../db/client.ts";
import { campaigns, contacts, emailSends } from "../../db/schema/index.ts";
import { contactFullName, containsPattern } from "../../db/text-search.ts";
import { AppError } from "../../errors.ts";
import { recountScheduled, syncLaunchedQueue } from "../../jobs/campaign-queue.ts";
import { loadSendingSettings, sendingRules } from "../../jobs/sending-settings.ts";
import type { Tx } from "../../jobs/sql-helpers.ts";
import { insertContacts } from "./insert-contacts.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ContactRow = typeof contacts.$inferSelect;

function toDto(row: ContactRow): Contact {
  return {
    id: row.id,
    campaignId: row.campaignId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    status: row.status,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    customFields: row.customFields ?? {},
    createdAt: row.createdAt.toISOString(),
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
        .select({ contact: contacts, total: sql<number>`count(*) over ()`.mapWith(Number) })
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
      return { contacts: rows.map((r) => toDto(r.contact)), total };
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

    async remove(userId: string, campaignId: string, contactId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const campaign = await requireCampaign(userId, campaignId, tx);
        // Its queued sends go with it (ON DELETE CASCADE); the pending count follows.
        const deleted = UUID.test(contactId)
          ? await tx
              .delete(contacts)
              .where(and(eq(contacts.id, contactId), eq(contacts.campaignId, campaignId), eq(contacts.userId, userId)))
              .returning({ id: contacts.id })
          : [];
        if (deleted.length === 0) throw new AppError("not_found", "Contact not found");
        if (campaign.launchedAt) await recountScheduled(tx, campaignId, now());
      });
    },

    /**
     * The user's earlier campaign sends to any of these addresses: one row per
     * address and campaign (its latest send), newest first. One query; sends of
     * other users' campaigns are never seen.
     */
    async previousSends(userId: string, emails: string[]): Promise<PreviousSend[]> {
      const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
      if (wanted.length === 0) return [];
      const lowerEmail = sql`lower(${contacts.email})`;
      const rows = await db
        .selectDistinctOn([lowerEmail, campaigns.id], {
          email: contacts.email,
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          campaignId: campaigns.id,
          campaignName: campaigns.name,
          sentAt: sql<Date>`coalesce(${emailSends.sentAt}, ${emailSends.createdAt})`.mapWith(emailSends.createdAt),
        })
        .from(emailSends)
        .innerJoin(contacts, eq(contacts.id, emailSends.contactId))
        .innerJoin(campaigns, eq(campaigns.id, emailSends.campaignId))
        .where(
          and(
            eq(campaigns.userId, userId),
            eq(contacts.userId, userId),
            sql`${lowerEmail} = any(array(select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)))`,
          ),
        )
        .orderBy(lowerEmail, campaigns.id, desc(emailSends.createdAt));
      return rows
        .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())
        .map((r) => ({ ...r, email: r.email.toLowerCase(), sentAt: r.sentAt.toISOString() }));
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
