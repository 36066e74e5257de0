// Unsubscribing the recipient of a send: the address goes on the owner's
// suppression list and every contact of the owner at that address stops its
// sequence. Everything is keyed by the send the signed token names, so a link
// only ever touches its own owner's data. The send is marked unsubscribed
// from, and bounce protection checks its sender and campaign (an unsubscribe
// spike pauses them; the email about it is sent by the worker, not here).
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/sql-helpers.ts";
import { applyLeadStatusChanges } from "../../domain/lead-status.ts";
import { checkProtection } from "../../domain/protection-check.ts";
import { stopContactSequence } from "../../domain/stop-contact-sequence.ts";
import { addSuppression } from "../../domain/suppressions.ts";
import { emitWebhookEventsFrom } from "../../webhooks/emit-events.ts";
import { ownedBy } from "./send-owners.ts";

export type UnsubscribeTarget = { userId: string; email: string; unsubscribed: boolean };

type Executor = Pick<Db, "execute">;

async function readTarget(db: Executor, sendId: string, owners?: readonly string[]): Promise<UnsubscribeTarget | null> {
  const result = await db.execute(sql`
    select es.user_id, es.to_email,
           exists (select 1 from suppressions s
                   where s.user_id = es.user_id and lower(s.email) = lower(es.to_email)) as unsubscribed
    from email_sends es where es.id = ${sendId}::uuid and ${ownedBy(owners, sql`es.user_id`)}`);
  const row = rowsOf<{ user_id: string; to_email: string; unsubscribed: boolean }>(result)[0];
  return row ? { userId: row.user_id, email: row.to_email, unsubscribed: row.unsubscribed } : null;
}

/**
 * Who a link unsubscribes and whether that is already done; null when the
 * send no longer exists or is of none of `owners` (a tracking host's).
 */
export function findUnsubscribeTarget(
  db: Db,
  sendId: string,
  owners?: readonly string[],
): Promise<UnsubscribeTarget | null> {
  return readTarget(db, sendId, owners);
}

async function emitUnsubscribed(db: Executor, sendId: string, source: "link" | "one_click") {
  await emitWebhookEventsFrom(
    db,
    sql`select user_id, 'contact.unsubscribed' as type, jsonb_build_object('email', lower(to_email), 'sendId', id,
          'campaignId', campaign_id, 'contactId', contact_id, 'source', ${source}::text, 'unsubscribedAt', now())
          as data, now() as occurred_at
        from email_sends where id = ${sendId}::uuid`,
  );
}

/**
 * Idempotent: a second call finds the suppression in place and no contact
 * left to stop. Every contact of the owner at that address stops, not only
 * the one this send went to, because the suppression list is per owner: the
 * person asked this sender for no more mail, whichever campaign it comes from.
 */
export async function unsubscribe(
  db: Db,
  sendId: string,
  owners?: readonly string[],
  /** For the contact.unsubscribed webhook event: the page's confirm button, or a mail client's one-click post. */
  source: "link" | "one_click" = "link",
): Promise<UnsubscribeTarget | null> {
  return db.transaction(async (tx) => {
    const target = await readTarget(tx, sendId, owners);
    if (!target) return null;
    await applyLeadStatusChanges(tx, [
      { userId: target.userId, email: target.email, status: "unsubscribed", suggested: false, source: "unsubscribe" },
    ]);
    // Also for direct sends, which have no contact for stopContactSequence
    // to suppress through.
    await addSuppression(tx, target.userId, target.email, "unsubscribed");
    const stillActive = await tx.execute(sql`
      select id from contacts
      where user_id = ${target.userId} and lower(email) = lower(${target.email}) and status <> 'unsubscribed'`);
    for (const { id } of rowsOf<{ id: string }>(stillActive)) {
      await stopContactSequence(tx, id, "unsubscribed");
    }
    const marked = await tx.execute(sql`
      update email_sends set unsubscribed_at = now() where id = ${sendId}::uuid and unsubscribed_at is null
      returning id`);
    // Counted once: a second click, or the confirm after a one-click, changes nothing.
    if (rowsOf(marked).length > 0) await checkProtection(tx, [sendId]);
    // Once per address: a second click (or the confirm after a one-click) finds it already unsubscribed.
    if (!target.unsubscribed) await emitUnsubscribed(tx, sendId, source);
    return { ...target, unsubscribed: true };
  });
}
