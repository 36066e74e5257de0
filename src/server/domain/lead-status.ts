// Changing leads' statuses, for any number of leads in ONE statement, in the
// caller's transaction: the status row (lead_statuses), a history row for each
// actual change (lead_status_changes) and, in a second statement, the
// `contact.status_changed` webhook events. The engines (a send, a reply, a
// bounce) and the features (the user's choice, an unsubscribe, a booking) all
// come through here, so the rule of what may overwrite what
// (#shared/lead-status/lead-status-rules.ts, decision 036) is applied in one
// place, by the database, against the row as it is when locked: two writers at
// once cannot move a lead backwards.
import { type SQL, sql } from "drizzle-orm";
import type { LeadStatus, LeadStatusSource } from "#shared/db-enums.ts";
import {
  factStatuses,
  type LeadState,
  leadStatusRank,
  nextLeadStatus,
  userSources,
} from "#shared/lead-status/lead-status-rules.ts";
import type { Db } from "../db/client.ts";
import { type Executor, queryRows } from "../db/sql-helpers.ts";
import { emitWebhookEvents } from "../webhooks/emit-events.ts";

export type LeadStatusChangeRequest = {
  userId: string;
  /** Any case: leads are keyed by lower(email). */
  email: string;
  status: LeadStatus;
  /** The app's reading of a reply; always false for the user's own choice. */
  suggested: boolean;
  source: LeadStatusSource;
};

export type AppliedLeadStatusChange = {
  userId: string;
  email: string;
  /** null: the lead was New. */
  from: LeadStatus | null;
  to: LeadStatus;
  suggested: boolean;
  source: LeadStatusSource;
  /** The user's contacts at this address, in every campaign. */
  contactIds: string[];
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

function rankSql(status: SQL): SQL {
  const ranks = Object.entries(leadStatusRank).map(([s, rank]) => sql`when ${s} then ${sql.raw(String(rank))}`);
  return sql`(case ${status} ${sql.join(ranks, sql` `)} end)`;
}

/**
 * nextLeadStatus(cur, ch) !== null, in SQL, for a stored row `cur` and a
 * requested change `ch` (columns status, suggested, source). Kept in step with
 * the pure rule by lead-status.test.ts, which compares both on every pair.
 */
export function leadChangeAllowedSql(cur: string, ch: string): SQL {
  const c = (col: string) => sql.raw(`${cur}.${col}`);
  const n = (col: string) => sql.raw(`${ch}.${col}`);
  const facts = list(factStatuses);
  const users = list(userSources);
  const curFact = sql`(not ${c("suggested")} and ${c("status")} in (${facts}))`;
  const chFact = sql`(not ${n("suggested")} and ${n("status")} in (${facts}))`;
  const curUserSet = sql`(not ${c("suggested")} and ${c("source")} in (${users}) and ${c("status")} <> 'new')`;
  const same = sql`${c("status")} = ${n("status")}`;
  const rankAhead = sql`${rankSql(n("status"))} > ${rankSql(c("status"))}`;
  const rankLevel = sql`${rankSql(n("status"))} = ${rankSql(c("status"))}`;
  const changesSomething = sql`not (${same} and (${c("suggested")} = ${n("suggested")} or (not ${c("suggested")} and ${n("suggested")})))`;
  const appMayChange = sql`(not ${curFact} and ((${curUserSet} and ${chFact})
    or (not ${curUserSet} and (${same} or ${rankAhead} or (${rankLevel} and ${c("suggested")})))))`;
  return sql`(${changesSomething} and (${n("source")} in (${users}) or ${c("status")} = 'new' or ${appMayChange}))`;
}

/**
 * One request per lead: several for the same lead in one batch (two campaigns'
 * sends to one address, say) are folded in order by the same rule, since one
 * statement may change a row only once.
 */
function fold(changes: readonly LeadStatusChangeRequest[]): LeadStatusChangeRequest[] {
  const byLead = new Map<string, LeadStatusChangeRequest>();
  for (const raw of changes) {
    const change = {
      ...raw,
      email: raw.email.trim().toLowerCase(),
      suggested: userSources.includes(raw.source) ? false : raw.suggested,
    };
    const key = `${change.userId}\n${change.email}`;
    const before = byLead.get(key);
    const kept: LeadState | null = before ? nextLeadStatus(before, change) : change;
    if (kept) byLead.set(key, { ...change, ...kept });
  }
  return [...byLead.values()];
}

type Row = {
  user_id: string;
  email: string;
  from_status: LeadStatus | null;
  status: LeadStatus;
  suggested: boolean;
  source: LeadStatusSource;
  contact_ids: string[];
};

/**
 * Applies what the rule allows and returns the changes made (none for a lead
 * whose status stays, or for an address the user has no contact at: a lead is
 * one of the user's contacts). Inside a transaction pass `tx`, so the events
 * exist exactly when the changes do.
 */
export async function applyLeadStatusChanges(
  db: Executor,
  changes: readonly LeadStatusChangeRequest[],
): Promise<AppliedLeadStatusChange[]> {
  const input = fold(changes);
  if (input.length === 0) return [];
  // Given the plain database (the sending engine writes its outcomes without
  // one), the change and its events still go together: a transaction of their own.
  if ("transaction" in db && typeof db.transaction === "function") {
    return (db as Db).transaction((tx) => apply(tx, input));
  }
  return apply(db, input);
}

async function apply(db: Executor, input: LeadStatusChangeRequest[]): Promise<AppliedLeadStatusChange[]> {
  const rows = await queryRows<Row>(
    db,
    sql`with i as (
          select * from jsonb_to_recordset(${JSON.stringify(
            input.map((c) => ({
              user_id: c.userId,
              email: c.email,
              status: c.status,
              suggested: c.suggested,
              source: c.source,
            })),
          )}::jsonb) as x(user_id text, email text, status text, suggested boolean, source text)
        ), prev as (
          -- The rows as the statement starts (the history's "from"). Not FOR UPDATE: the
          -- upsert below may change a row before this is read, and a row changed by the
          -- same statement is skipped by a lock; the upsert decides on the locked row itself.
          select ls.user_id, ls.email, ls.status from lead_statuses ls
          join i on i.user_id = ls.user_id and i.email = ls.email
        ), w as (
          insert into lead_statuses as cur (user_id, email, status, suggested, source, updated_at)
          select i.user_id, i.email, i.status, i.suggested, i.source, now() from i
          where exists (select 1 from contacts c where c.user_id = i.user_id and lower(c.email) = i.email)
            and (i.status <> 'new' or exists (select 1 from prev p where p.user_id = i.user_id and p.email = i.email))
          on conflict (user_id, email) do update set status = excluded.status, suggested = excluded.suggested,
            source = excluded.source, updated_at = excluded.updated_at
          where ${leadChangeAllowedSql("cur", "excluded")}
          returning cur.user_id, cur.email, cur.status, cur.suggested, cur.source
        ), h as (
          insert into lead_status_changes (user_id, email, from_status, to_status, source, suggested)
          select w.user_id, w.email, p.status, w.status, w.source, w.suggested
          from w left join prev p on p.user_id = w.user_id and p.email = w.email
        )
        select w.user_id, w.email, p.status as from_status, w.status, w.suggested, w.source,
          array(select c.id::text from contacts c where c.user_id = w.user_id and lower(c.email) = w.email
                order by c.created_at) as contact_ids
        from w left join prev p on p.user_id = w.user_id and p.email = w.email`,
  );
  const applied = rows.map(
    (r): AppliedLeadStatusChange => ({
      userId: r.user_id,
      email: r.email,
      from: r.from_status === "new" ? null : r.from_status,
      to: r.status,
      suggested: r.suggested,
      source: r.source,
      contactIds: r.contact_ids,
    }),
  );
  // emitWebhookEvents only runs db.execute: a transaction's executor is all it needs.
  await emitWebhookEvents(
    db as Db,
    applied.map((a) => ({
      userId: a.userId,
      type: "contact.status_changed" as const,
      data: {
        email: a.email,
        from: a.from ?? "new",
        to: a.to,
        suggested: a.suggested,
        source: a.source,
        contactIds: a.contactIds,
      },
    })),
  );
  return applied;
}
