// Stopping a contact's sequence: a reply, an unsubscribe, a hard bounce or a
// booked meeting ends every step still to come for that contact. Rows are kept
// (status cancelled, with the reason) so the history shows why a follow-up
// never went out.
import { sql } from "drizzle-orm";
import { at, type Executor, queryRows } from "../db/sql-helpers.ts";
import { companyDomainOf } from "./company-domain.ts";

/**
 * booked: the address booked a meeting on one of the owner's scheduling links.
 * company_replied: another address at the contact's company domain replied, in
 * a campaign with 'Stop on company reply' (only as a cancel_reason).
 */
export type StopReason = "replied" | "unsubscribed" | "bounced" | "booked";

/**
 * Cancels the contact's queued steps and records why, in ONE statement (so it
 * is atomic even when called with the plain `db`; inside a transaction pass
 * `tx`):
 * - scheduled and paused rows → cancelled with cancel_reason = reason, and the
 *   campaign's `scheduled` counter drops by as many;
 * - replied: replied_at is set if it was not (and the campaign's `replied`
 *   counter rises once); the status stays active, as a reply is not a status.
 *   With the owner's Settings › Reply handling off, that is all: nothing is
 *   cancelled (and the claim does not stop a replied contact either);
 * - unsubscribed / bounced: the contact's status, and the address goes on the
 *   owner's suppression list (idempotent) so no other campaign sends to it;
 * - booked: nothing else (the contact stays active and not replied; see
 *   stopSequencesOfAddress for a booking, which stops every campaign's contact).
 * A step already being sent (status sending) cannot be recalled; it finishes.
 * Returns how many queued rows were cancelled.
 */
export async function stopContactSequence(
  db: Executor,
  contactId: string,
  reason: StopReason,
  now: Date = new Date(),
): Promise<number> {
  const rows = await queryRows<{ cancelled: number; email: string | null; company_campaign: string | null }>(
    db,
    sql`
    with stops as (
      -- Settings › Reply handling off: a reply is recorded, the sequence goes on.
      select ${reason}::text <> 'replied' or coalesce((
        select us.reply_handling_enabled from user_settings us join contacts c on c.user_id = us.user_id
        where c.id = ${contactId}::uuid), true) as yes
    ), cancelled as (
      update scheduled_emails set status = 'cancelled', cancel_reason = ${reason}::text, updated_at = ${at(now)}
      where contact_id = ${contactId}::uuid and status in ('scheduled', 'paused') and (select yes from stops)
      returning campaign_id
    ), before as (
      -- Every CTE reads the snapshot from before the statement: the old replied_at.
      select id, replied_at from contacts where id = ${contactId}::uuid
    ), contact as (
      update contacts c set
        status = case when ${reason}::text in ('unsubscribed', 'bounced') then ${reason}::text else c.status end,
        replied_at = case when ${reason}::text = 'replied' then coalesce(c.replied_at, ${at(now)}) else c.replied_at end
      from before b
      where c.id = b.id
      returning c.id, c.user_id, c.campaign_id, c.email,
        (${reason}::text = 'replied' and b.replied_at is null) as newly_replied
    ), suppressed as (
      insert into suppressions (user_id, email, reason)
      select user_id, lower(email), ${reason}::text from contact where ${reason}::text in ('unsubscribed', 'bounced')
      on conflict (user_id, lower(email)) do nothing
    ), counted as (
      update campaign_stats cs set
        scheduled = cs.scheduled - (select count(*) from cancelled x where x.campaign_id = cs.campaign_id),
        replied = cs.replied + (select count(*) from contact x where x.newly_replied and x.campaign_id = cs.campaign_id),
        updated_at = ${at(now)}
      where cs.campaign_id in (select campaign_id from cancelled union select campaign_id from contact where newly_replied)
    )
    select (select count(*) from cancelled)::int as cancelled,
      (select email from contact) as email,
      (select cp.id from contact x join campaigns cp on cp.id = x.campaign_id
        where cp.stop_on_company_reply and (select yes from stops)) as company_campaign`,
  );
  const row = rows[0];
  if (reason === "replied" && row?.company_campaign && row.email) {
    const domain = companyDomainOf(row.email);
    // A second statement: lost to a crash between the two, the company's other
    // contacts get their next step (mail that could go, not mail lost).
    if (domain) await stopCompanyContacts(db, { campaignId: row.company_campaign, contactId, domain, now });
  }
  return row?.cancelled ?? 0;
}

/**
 * 'Stop on company reply': the queued steps of the campaign's other contacts
 * at `domain` are cancelled (cancel_reason company_replied), in ONE statement,
 * with the campaign's `scheduled` counter. The contacts stay active and not
 * replied: they did not answer themselves.
 */
async function stopCompanyContacts(
  db: Executor,
  o: { campaignId: string; contactId: string; domain: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    with cancelled as (
      update scheduled_emails se set status = 'cancelled', cancel_reason = 'company_replied', updated_at = ${at(o.now)}
      from contacts c
      where c.campaign_id = ${o.campaignId}::uuid and c.id <> ${o.contactId}::uuid
        and lower(split_part(c.email, '@', 2)) = ${o.domain}
        and se.contact_id = c.id and se.status in ('scheduled', 'paused')
      returning se.campaign_id
    )
    update campaign_stats cs set scheduled = cs.scheduled - (select count(*) from cancelled), updated_at = ${at(o.now)}
    where cs.campaign_id = ${o.campaignId}::uuid and exists (select 1 from cancelled)`);
}

/**
 * A booking by `email` stops the remaining steps of every contact with that
 * address (case-insensitive) in the owner's campaigns, in ONE statement:
 * scheduled and paused rows → cancelled with cancel_reason 'booked', and each
 * campaign's `scheduled` counter drops by as many. The contacts' status and
 * replied_at are unchanged: a meeting is neither a reply nor an opt-out.
 * Returns how many queued rows were cancelled.
 */
export async function stopSequencesOfAddress(
  db: Executor,
  userId: string,
  email: string,
  reason: Extract<StopReason, "booked">,
  now: Date = new Date(),
): Promise<number> {
  const rows = await queryRows<{ cancelled: number }>(
    db,
    sql`
    with cancelled as (
      update scheduled_emails se set status = 'cancelled', cancel_reason = ${reason}::text, updated_at = ${at(now)}
      from contacts c
      where c.user_id = ${userId} and lower(c.email) = lower(${email}::text)
        and se.contact_id = c.id and se.status in ('scheduled', 'paused')
      returning se.campaign_id
    ), counted as (
      update campaign_stats cs set
        scheduled = cs.scheduled - (select count(*) from cancelled x where x.campaign_id = cs.campaign_id),
        updated_at = ${at(now)}
      where cs.campaign_id in (select campaign_id from cancelled)
    )
    select count(*)::int as cancelled from cancelled`,
  );
  return rows[0]?.cancelled ?? 0;
}
