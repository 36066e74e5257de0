// The claim's cost per message with human pacing on, at 100 senders and 20,000
// due rows (10,000 first steps, 10,000 follow-ups: seedDueQueue), against the
// same queue with pacing off. Only claimDue is timed, in its own transaction,
// on a clock moved by a minute a round; what a round claimed is then marked
// sent with its send record (not timed), so the hourly counts and the gaps
// see the sends as the engine would leave them. A third run, pacing off, has 10
// of the 100 mailboxes paused by bounce protection (their due rows are skipped
// by the claim's scan, never taken).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";
import { anyUuid, at } from "../src/server/db/sql-helpers.ts";
import { claimDue } from "../src/server/sending/claim/claim-due.ts";
import { seedCampaign, seedDueQueue, seedUser } from "./seed.ts";

export type PacingClaimRun = {
  label: string;
  senders: number;
  due: number;
  rounds: number;
  messages: number;
  claimMs: number;
  /** Claims that took nothing (every mailbox in its gap or at its hourly limit). */
  emptyRounds: number;
};

const SENDERS = 100;
const CONTACTS = 20_000;
/** Messages claimed per run: enough rounds for the gaps and the hourly limits to hold rows back. */
const MESSAGES = 3_000;
const BATCH = 200;

async function markSent(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    with s as (
      update scheduled_emails se set status = 'sent', lease_expires_at = null, updated_at = ${at(now)}
      where se.id = ${anyUuid(ids)} returning se.*
    )
    insert into email_sends (id, user_id, campaign_id, contact_id, sequence_id, sender_account_id, to_email,
                             from_email, subject, body, status, sent_at, message_id, created_at)
    select s.send_id, c.user_id, s.campaign_id, s.contact_id, s.sequence_id, s.sender_account_id, ct.email, sa.email,
           'bench', 'bench', 'sent', ${at(now)}, s.message_id, ${at(now)}
    from s join campaigns c on c.id = s.campaign_id join contacts ct on ct.id = s.contact_id
    join sender_accounts sa on sa.id = s.sender_account_id
    on conflict do nothing`);
}

async function run(db: Db, label: string, paced: boolean, pausedSenders = 0): Promise<PacingClaimRun> {
  const userId = await seedUser(db, `pacing-${paced ? "on" : "off"}-${pausedSenders}`, 10_000);
  const campaign = await seedCampaign(db, {
    userId,
    name: `pacing ${label}`,
    status: "active",
    senders: SENDERS,
    contacts: CONTACTS,
    steps: 2,
  });
  const { firstSteps, followUps } = await seedDueQueue(db, campaign);
  if (paced) {
    // The defaults a sender added by hand gets (2–5 minutes), and an hourly limit of 20.
    await db.execute(sql`
      insert into sender_pacing (user_id, email, gap_min_seconds, gap_max_seconds, hourly_limit)
      select ${userId}, lower(email), 120, 300, 20 from sender_accounts where campaign_id = ${campaign.campaignId}::uuid`);
  }
  if (pausedSenders > 0) {
    await db.execute(sql`
      insert into sender_protection (user_id, email, paused_at, pause_reason, pause_detail)
      select ${userId}, lower(email), now(), 'bounce_rate', 'bench' from sender_accounts
      where campaign_id = ${campaign.campaignId}::uuid order by email limit ${pausedSenders}`);
  }
  // The planner's statistics, as the app's periodic task (PGlite) or autovacuum (PostgreSQL)
  // keeps them: without them the planner takes the paced mailboxes' rows from the due index.
  await db.execute(sql`analyze`);
  let now = new Date();
  const workerId = `bench-${randomUUID()}`;
  let messages = 0;
  let rounds = 0;
  let emptyRounds = 0;
  let claimMs = 0;
  while (messages < MESSAGES && rounds < 5_000) {
    const started = performance.now();
    const batch = await db.transaction((tx) => claimDue(tx, { userId, limit: BATCH, now, workerId, leaseMs: 60_000 }));
    claimMs += performance.now() - started;
    rounds += 1;
    const ids = batch.sends.map((s) => s.scheduledId);
    if (ids.length === 0) emptyRounds += 1;
    messages += ids.length;
    await markSent(db, ids, now);
    // Unpaced, the queue is claimed as fast as it goes; paced, a minute passes between claims.
    if (paced) now = new Date(now.getTime() + 60_000);
  }
  return { label, senders: SENDERS, due: firstSteps + followUps, rounds, messages, claimMs, emptyRounds };
}

export async function runPacingClaimBench(o: { db: Db; progress: (s: string) => void }): Promise<PacingClaimRun[]> {
  o.progress("pacing: the claim with pacing off, 100 senders, 20,000 due");
  const off = await run(o.db, "pacing off", false);
  o.progress("pacing: the claim with pacing on (2–5 min gaps, 20 an hour), 100 senders, 20,000 due");
  const on = await run(o.db, "pacing on", true);
  o.progress("pacing: the claim with pacing off and 10 of the 100 senders paused by bounce protection");
  const paused = await run(o.db, "pacing off, 10 senders paused", false, 10);
  return [off, on, paused];
}

export function pacingClaimReport(runs: PacingClaimRun[]): string {
  const lines = [
    "The claim with human pacing (claimDue only, one transaction a claim; 100 senders, 20,000 due rows):",
    "| run | claims | of them empty | messages | claim time, total | per message |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const r of runs) {
    lines.push(
      `| ${r.label} | ${r.rounds} | ${r.emptyRounds} | ${r.messages} | ${r.claimMs.toFixed(0)} ms | ${(r.claimMs / Math.max(1, r.messages)).toFixed(3)} ms |`,
    );
  }
  return lines.join("\n");
}
