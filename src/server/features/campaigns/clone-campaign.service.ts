// Clone a campaign (issue 30 §5; docs/product.md §10.4): a new draft with the
// original's settings, steps and senders, and its contacts when asked for, in
// ONE transaction of set-based statements (INSERT … SELECT), so a clone of a
// 10,000-contact campaign costs a few statements, not a query per row.
//
// Every column of the copied tables is copied unless it is listed below as
// the row's identity or state: a setting added to campaigns, steps or senders
// later (a pacing option, a time zone) comes along without touching this
// file. A new column that is state (a counter, a status) belongs in the lists.
//
// Senders: the copies point at the same saved senders (source_sender_id), so
// they send through the same connections; a secret stored on a campaign
// sender itself is copied as its ciphertext, never decrypted.
//
// Variants: when steps get variants (a table keyed by the step), they are one
// more INSERT … SELECT joining the old and new steps by step_number (the
// `steps` CTE below returns the pairs).
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { CloneCampaignInput } from "#shared/campaigns/clone-campaign.ts";
import { cloneName } from "#shared/campaigns/clone-name.ts";
import type { Db } from "../../db/client.ts";
import { campaigns, contacts, emailSequences, senderAccounts } from "../../db/schema/index.ts";
import { at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

/** Not copied: identity, ownership and what happened to the original (the clone is a new draft). */
const campaignState = [
  "id",
  "user_id",
  "name",
  "status",
  "created_at",
  "updated_at",
  "launched_at",
  "launch_key",
  // The new-contact cap's count of today: the copy has started nobody.
  "new_contacts_day",
  "new_contacts_started",
  // Bounce protection's pause and the moment its figures count from: the copy has sent nothing.
  "auto_paused_at",
  "auto_pause_reason",
  "auto_pause_detail",
  "protection_counts_from",
];
// A step's A/B winner is what its sends decided, not a setting: the copy starts without one.
const stepState = [
  "id",
  "campaign_id",
  "created_at",
  "updated_at",
  "ab_winner",
  "ab_winner_mode",
  "ab_winner_at",
  "ab_winner_reason",
];
const senderState = ["id", "campaign_id", "created_at", "updated_at", "last_sync_error", "last_synced_at"];
/** A contact's details are copied; whether it replied, stopped or was sent anything is not. */
const contactState = ["id", "campaign_id", "created_at", "status", "replied_at"];

/** The column list and the SELECT list of an INSERT … SELECT from `alias`, every column but `skip`. */
function copyOf(table: PgTable, alias: string, skip: readonly string[], set: Record<string, SQL> = {}) {
  const names = Object.values(getTableColumns(table))
    .map((c) => c.name)
    .filter((n) => !skip.includes(n) || n in set);
  return {
    columns: sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    ),
    values: sql.join(
      names.map((n) => set[n] ?? sql`${sql.identifier(alias)}.${sql.identifier(n)}`),
      sql`, `,
    ),
  };
}

/** Contacts per statement, as insert-contacts.ts does and for its reason (PGlite holds the event loop). */
const CONTACT_CHUNK = 1_000;

/** The exported copy lists, for the test that checks every other column is copied. */
export const cloneSkips = { campaignState, stepState, senderState, contactState };

export function createCloneCampaignService({ db, now: clock }: { db: Db; now?: () => Date }) {
  const now = clock ?? (() => new Date());

  async function copyContacts(tx: Tx, fromId: string, toId: string): Promise<void> {
    const copy = copyOf(contacts, "ct", contactState, { campaign_id: sql`${toId}::uuid` });
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      const [last] = await queryRows<{ last: string | null }>(
        tx,
        sql`
        with chunk as (
          select * from contacts where campaign_id = ${fromId}::uuid and id > ${after}::uuid
          order by id limit ${CONTACT_CHUNK}
        ), copied as (
          insert into contacts (${copy.columns}) select ${copy.values} from chunk ct
          on conflict (campaign_id, lower(email)) do nothing
        )
        select max(id::text) as last from chunk`,
      );
      if (!last?.last) return;
      after = last.last;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return {
    /** The new campaign's id; 404 when the campaign is not the user's. */
    async clone(userId: string, campaignId: string, input: CloneCampaignInput): Promise<string> {
      if (!isUuid(campaignId)) throw new AppError("not_found", "Campaign not found");
      const t = now();
      return db.transaction(async (tx) => {
        const [original] = await queryRows<{ name: string }>(
          tx,
          sql`select name from campaigns where id = ${campaignId}::uuid and user_id = ${userId} for share`,
        );
        if (!original) throw new AppError("not_found", "Campaign not found");
        const name = input.name ?? cloneName(original.name);
        const campaign = copyOf(campaigns, "c", campaignState, {
          user_id: sql`c.user_id`,
          name: sql`${name}::text`,
          status: sql`'draft'`,
          created_at: at(t),
          updated_at: at(t),
        });
        const steps = copyOf(emailSequences, "q", stepState, {
          campaign_id: sql`(select id from created)`,
          created_at: at(t),
          updated_at: at(t),
        });
        // Distinct times keep the senders in the order the user chose (shown in it, and round-robin follows it).
        const senders = copyOf(senderAccounts, "sa", senderState, {
          campaign_id: sql`(select id from created)`,
          created_at: sql`${at(t)} + (row_number() over (order by sa.created_at, sa.id)) * interval '1 millisecond'`,
          updated_at: at(t),
        });
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`
          with created as (
            insert into campaigns (${campaign.columns}) select ${campaign.values} from campaigns c
            where c.id = ${campaignId}::uuid
            returning id, user_id
          ), stats as (
            insert into campaign_stats (campaign_id, user_id) select id, user_id from created
          ), steps as (
            -- Variants: insert … select from the variants of old, joined to new on step_number.
            insert into email_sequences (${steps.columns}) select ${steps.values} from email_sequences q
            where q.campaign_id = ${campaignId}::uuid
            returning id, step_number
          ), senders as (
            insert into sender_accounts (${senders.columns}) select ${senders.values} from sender_accounts sa
            where sa.campaign_id = ${campaignId}::uuid
          )
          select id from created`,
        );
        const id = row!.id;
        if (input.includeContacts) await copyContacts(tx, campaignId, id);
        return id;
      });
    },
  };
}
