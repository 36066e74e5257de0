// The data behind the screens benchmark: one user at the issue's volume
// (campaigns, contacts, email_sends), written with set-based SQL in chunks so
// PGlite's memory stays bounded. Everything the app derives is derived here
// from one plan per contact, so the rows agree with each other the way the
// engine would have left them:
// - campaigns draft / active / paused / completed, each with copies of the
//   user's saved senders (some spelled in capitals) and a 2- or 3-step sequence;
// - contacts: ~20% of the addresses in 2 or 3 campaigns, sometimes in another
//   case, so the Contacts page merges them;
// - per launched contact: its first send somewhere in the campaign's first 30
//   days, a step every 3–4 days while time allows (a paused campaign stopped
//   15 days after launch), and a fate: a failure that ends the sequence (every
//   failure category, with the JSON error details the engine writes), an
//   unsubscribe, a reply (rows in replies), or none. Sends are sent, opened,
//   failed or pending; queue rows record each step and the next one due;
// - every contact has at most one send per step (email_sends' unique key), so
//   the rest of the volume is direct sends (compose) from the saved senders to
//   a pool of addresses, some of them contacts' addresses;
// - campaign_stats, which the app keeps from its queue statements (not by
//   triggers), is written from the rows at the end. The other reporting
//   counters follow from the triggers (migrations 0001, 0003 and 0005).
// Hashes of stable keys (address, campaign name, step, row number) stand in for
// randomness, so two runs seed the same shapes.
import { type SQL, sql } from "drizzle-orm";
import { failureCategories } from "#shared/db-enums.ts";
import { failureTroubleshooting } from "#shared/sending/send-error-message.ts";
import type { Db } from "../src/server/db/client.ts";
import { anyUuid, queryRows } from "../src/server/db/sql-helpers.ts";
import { SENDER_DOMAIN } from "./seed.ts";

export type ScreenVolume = {
  campaigns: number;
  contacts: number;
  /** All of the user's email_sends: campaign sends first, direct sends for the rest. */
  sends: number;
  savedSenders: number;
};

export type ScreenSeed = {
  userId: string;
  volume: ScreenVolume;
  /** Distinct addresses among the contacts (the Contacts page's entries). */
  addresses: number;
  campaignSends: number;
  directSends: number;
  replies: number;
  queueRows: number;
  seconds: number;
};

/** Rows per INSERT … SELECT: bounds PGlite's memory (transition tables, sorts). */
const CHUNK = 100_000;
/** Direct sends' recipients outside the contacts: one address per this many direct sends. */
const SENDS_PER_LEAD = 20;

const int = (n: number) => sql.raw(String(Math.trunc(n)));
/** A non-negative 31-bit hash of a text key (hashtextextended: the same on PGlite and PostgreSQL). */
const hashOf = (key: SQL, salt: number) => sql`(hashtextextended(${key}, ${int(salt)}) & 2147483647)`;
const hashOfInt = (key: SQL, salt: number) => sql`(hashint8extended((${key})::bigint, ${int(salt)}) & 2147483647)`;
const fraction = (hash: SQL) => sql`(${hash}::float8 / 2147483648.0)`;

const categories = sql.raw(`array[${failureCategories.map((c) => `'${c}'`).join(", ")}]::text[]`);

/** A server reply per failure category, as a DeliveryError message carries it. */
const SERVER_REPLIES: Record<(typeof failureCategories)[number], string> = {
  invalid_address: "550 5.1.1 <{to}>: Recipient address rejected: User unknown in virtual mailbox table",
  bounced: "552 5.2.2 <{to}>: Mailbox full, quota exceeded",
  rejected: "554 5.7.1 <{to}>: Relay access denied",
  blocked: "554 5.7.1 Service unavailable; Client host blocked using zen.spamhaus.org",
  spam: "550 5.7.350 Message rejected as spam by Content Filtering",
  rate_limited: "421 4.7.28 Our system has detected an unusual rate of unsolicited mail, try again later",
  authentication: "535 5.7.8 Username and Password not accepted",
  network: "Connection timeout: connect ETIMEDOUT 203.0.113.25:587",
  domain_issue: "550 5.1.2 <{to}>: Recipient address rejected: Domain not found",
  content_filtered: "552 5.3.4 Message size exceeds fixed maximum message size",
  other: "451 4.3.0 Temporary server error, please try again later",
};

/**
 * email_sends.error_message for a failed send: the JSON of
 * src/shared/sending/send-error-message.ts (json_build_object keeps its key order).
 */
function errorDetails(category: SQL, to: SQL, from: SQL, subject: SQL, at: SQL): SQL {
  return sql`json_build_object(
    'error', replace(${JSON.stringify(SERVER_REPLIES)}::jsonb ->> ${category}, '{to}', ${to}),
    'recipient', ${to}, 'sender', ${from}, 'subject', ${subject},
    'timestamp', to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'category', ${category},
    'troubleshooting', ${JSON.stringify(failureTroubleshooting)}::jsonb -> ${category})::text`;
}

const STEP_ONE_BODY = (first: SQL, company: SQL) => sql`'<p>Hi ' || coalesce(${first}, 'there') || ',</p>
<p>I came across <strong>' || coalesce(${company}, 'your team') || '</strong> while looking at teams like yours and had a quick question about how you handle outbound today.</p>
<p>We help companies book more meetings without adding headcount: most teams see <em>replies within the first week</em>.</p>
<p>Would a 15-minute call next week be useful?</p>
<p>Best regards,<br>Bench Sender</p>'`;

const FOLLOW_UP_BODY = (first: SQL) => sql`'Hi ' || coalesce(${first}, 'there') || ',

Just floating this back to the top of your inbox in case it got buried.
Would next Tuesday or Wednesday work for a short call?

Best regards,
Bench Sender'`;

const CAMPAIGN_THEMES = [
  "SaaS founders",
  "Agencies NYC",
  "Fintech CFOs",
  "E-commerce Q3",
  "Recruiters EU",
  "Healthcare IT",
  "Logistics leads",
  "Webinar follow-up",
];
const FIRST_NAMES = ["Ana", "Ben", "Chloé", "Dmitri", "Emma", "Farid", "Grace", "Hugo", "Ines", "Jonas"];
const LAST_NAMES = ["Alvarez", "Brown", "Chen", "Dubois", "Eriksen", "Fischer", "García", "Hansen", "Ito", "Jones"];
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")}]::text[]`);

/** Rows of contacts for addresses 1..a: one per address, two for a ≡ 8, three for a ≡ 9 (mod 10). */
const rowsUpTo = (a: number) => a + Math.floor((a + 2) / 10) + 2 * Math.floor((a + 1) / 10);

/** The fewest addresses whose rows reach `contacts`. */
function addressesFor(contacts: number): number {
  let a = Math.floor(contacts / 1.3);
  while (rowsUpTo(a) < contacts) a += 1;
  return a;
}

/** The address of contact number `a` (lowercase form). */
const contactAddress = (a: SQL) => sql`'contact-' || ${a} || '@prospect-' || (${a} % 997) || '.test'`;

type Context = { db: Db; userId: string; salt: number; t: SQL; progress: (what: string) => void };

/**
 * One row per contact of the given launched campaigns: how far its sequence
 * got (`reached` steps sent or attempted) and why it stopped, if it did.
 */
function contactPlan(c: Context, campaignIds: readonly string[]): SQL {
  const key = sql`lower(ct.email) || '/' || cam.name`;
  return sql`
    select ct.id as contact_id, ct.campaign_id, ct.email, ct.first_name, ct.company,
      -- The campaign sender launch would have given the contact (kept on its queue rows).
      sa.ids[1 + ((hashtext(lower(ct.email))::bigint % cardinality(sa.ids)) + cardinality(sa.ids)) % cardinality(sa.ids)]
        as sender_account_id,
      cam.status as campaign_status, ${key} as seed_key, st.steps, t.t1, t.d,
      f.kind, f.stop_step, (f.kind is not null and r.time_reached >= f.stop_step) as stopped,
      case when f.kind is not null and r.time_reached >= f.stop_step then f.stop_step else r.time_reached end as reached
    from contacts ct
    join campaigns cam on cam.id = ct.campaign_id
    cross join lateral (select array_agg(id order by created_at, id) as ids
                        from sender_accounts where campaign_id = ct.campaign_id) sa
    join (select campaign_id, count(*)::int as steps from email_sequences
          where campaign_id = ${anyUuid(campaignIds)} group by campaign_id) st on st.campaign_id = ct.campaign_id
    cross join lateral (select ${hashOf(key, 1)} as h1, ${hashOf(key, 2)} as h2, ${hashOf(key, 3)} as h3) h
    cross join lateral (
      select cam.launched_at + ${fraction(sql`h.h1`)} * least(interval '30 days', ${c.t} - cam.launched_at) as t1,
        interval '3 days' + (h.h2 % 86400) * interval '1 second' as d,
        case when cam.status = 'paused' then least(${c.t} - interval '1 minute', cam.launched_at + interval '15 days')
             else ${c.t} - interval '1 minute' end as cutoff
    ) t
    cross join lateral (
      select case when t.t1 < t.cutoff
        then least(st.steps, floor(extract(epoch from t.cutoff - t.t1) / extract(epoch from t.d))::int + 1)
        else 0 end as time_reached
    ) r
    cross join lateral (
      select case when h.h3 % 1000 < 30 then 'fail' when h.h3 % 1000 < 40 then 'unsubscribe'
                  when h.h3 % 1000 < 80 then 'reply' when h.h3 % 1000 < 100 then 'late_fail' end as kind,
             case when h.h3 % 1000 < 40 then 1
                  when h.h3 % 1000 < 80 then 1 + (h.h3 / 1000) % st.steps
                  else 2 + (h.h3 / 1000) % (st.steps - 1) end as stop_step
    ) f
    where ct.user_id = ${c.userId} and ct.campaign_id = ${anyUuid(campaignIds)} and cam.status <> 'draft'`;
}

/** A step's hashes: `p` is a plan row, `k` the step number. */
const stepHash = (k: SQL, salt: number) => hashOf(sql`p.seed_key || '/' || ${k}`, salt);
/** A plan's last step stays pending (claimed, no outcome recorded) for 4 contacts in 1,000 not stopped. */
const pendingLast = (h4: SQL) => sql`(${h4} % 1000 < 4)`;

/** Each step a planned contact reached, with its time and outcome. */
function plannedSteps(c: Context, campaignIds: readonly string[]): SQL {
  return sql`
    select p.*, k, p.t1 + (k - 1) * p.d as at, hs.h4, hs.h5,
      case when k = p.reached and p.stopped and p.kind in ('fail', 'late_fail') then 'failed'
           when k = p.reached and not p.stopped and ${pendingLast(sql`hs.h4`)} then 'pending'
           else 'sent' end as outcome,
      (${categories})[1 + (hs.h4 / 1000) % ${int(failureCategories.length)}] as category
    from (${contactPlan(c, campaignIds)}) p
    cross join lateral generate_series(1, p.reached) k
    cross join lateral (select ${stepHash(sql`k`, 4)} as h4, ${stepHash(sql`k`, 5)} as h5) hs`;
}

async function count(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(db, query);
  return Number(row?.n ?? 0);
}

async function seedSenders(c: Context, savedSenders: number): Promise<void> {
  await c.db.execute(sql`
    insert into sender_accounts (user_id, email, provider, daily_limit, smtp_host, smtp_port, smtp_security,
                                 smtp_username, gmail_sync_enabled, gmail_refresh_token_encrypted, created_at)
    select ${c.userId}, 'sender-' || g || '@' || ${SENDER_DOMAIN}, 'custom', 400, 'smtp.' || ${SENDER_DOMAIN}, 587,
           'starttls', 'sender-' || g || '@' || ${SENDER_DOMAIN},
           -- The mail-sync card: two senders with sync on, one of them connected.
           g <= 2, case when g = 1 then 'bench: not a real token' end,
           ${c.t} - interval '200 days' + g * interval '1 hour'
    from generate_series(1, ${int(savedSenders)}) g`);
}

/** Campaigns, oldest first: the oldest 20% completed, the newest 10% drafts, every 5th of the rest paused. */
async function seedCampaigns(c: Context, campaigns: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    c.db,
    sql`insert into campaigns (user_id, name, description, status, created_at, updated_at, launched_at)
        select ${c.userId}, 'Campaign ' || g || ' · ' || (${textArray(CAMPAIGN_THEMES)})[1 + g % ${int(CAMPAIGN_THEMES.length)}],
               'Benchmark campaign ' || g, s.status, x.created, x.created + interval '2 hours',
               case when s.status <> 'draft' then x.created + interval '1 day' end
        from generate_series(1, ${int(campaigns)}) g
        cross join lateral (select ${c.t} - interval '125 days' + (g - 1) * (interval '100 days' / ${int(campaigns)}) as created) x
        cross join lateral (select case when g <= ${int(Math.round(campaigns * 0.2))} then 'completed'
                                        when g > ${int(campaigns - Math.round(campaigns * 0.1))} then 'draft'
                                        when g % 5 = 0 then 'paused' else 'active' end as status) s
        order by g
        returning id`,
  );
  const ids = rows.map((r) => r.id);
  // Three copies of saved senders per campaign, a few spelled in capitals (the same mailbox).
  await c.db.execute(sql`
    with saved as (
      select id, email, row_number() over (order by created_at, id) - 1 as n, count(*) over () as total
      from sender_accounts where user_id = ${c.userId} and campaign_id is null
    ), cam as (
      select id, created_at, row_number() over (order by created_at, id) - 1 as n
      from campaigns where user_id = ${c.userId}
    )
    insert into sender_accounts (user_id, campaign_id, source_sender_id, email, provider, daily_limit, smtp_host,
                                 smtp_port, smtp_security, smtp_username, created_at)
    select ${c.userId}, cam.id, saved.id, case when (cam.n + j) % 7 = 0 then upper(saved.email) else saved.email end,
           'custom', 400, 'smtp.' || ${SENDER_DOMAIN}, 587, 'starttls', saved.email,
           cam.created_at + j * interval '1 microsecond'
    from cam cross join generate_series(0, 2) j
    join saved on saved.n = (cam.n * 3 + j) % saved.total
    where j < saved.total`);
  await c.db.execute(sql`
    insert into email_sequences (campaign_id, step_number, subject, body, body_format, delay_amount, delay_unit, created_at)
    select cam.id, k,
           case when k = 1 then 'Quick question about {{company}}, {{firstName}}' else '' end,
           case when k = 1 then '<p>Hi {{firstName}},</p><p>I came across <strong>{{company}}</strong>…</p>'
                else 'Hi {{firstName}},\n\nJust floating this back to the top of your inbox.' end,
           case when k = 1 then 'html' else 'text' end,
           case when k = 1 then 0 else 3 end, 'days', cam.created_at
    from (select id, created_at, row_number() over (order by created_at, id) as n
          from campaigns where user_id = ${c.userId}) cam
    cross join lateral generate_series(1, 2 + (cam.n % 2)::int) k`);
  return ids;
}

/** Contact rows in chunks of addresses; returns the number of distinct addresses. */
async function seedContacts(c: Context, volume: ScreenVolume): Promise<number> {
  const addresses = addressesFor(volume.contacts);
  const third = Math.floor(volume.campaigns / 3);
  const perChunk = Math.max(1, Math.floor(CHUNK / 1.3));
  for (let from = 1; from <= addresses; from += perChunk) {
    const to = Math.min(addresses, from + perChunk - 1);
    c.progress(`contacts for addresses ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")}`);
    const base = contactAddress(sql`r.a`);
    await c.db.execute(sql`
      with cam as (
        select id, status, created_at, row_number() over (order by created_at, id) - 1 as n
        from campaigns where user_id = ${c.userId}
      ), r as (
        select a, j, (a - 1) + (a + 1) / 10 + 2 * (a / 10) + j + 1 as idx
        from generate_series(${int(from)}, ${int(to)}) a cross join generate_series(0, 2) j
        where j < case when a % 10 = 8 then 2 when a % 10 = 9 then 3 else 1 end
      )
      insert into contacts (user_id, campaign_id, email, first_name, last_name, company, custom_fields, created_at)
      select ${c.userId}, cam.id,
             case when r.j = 1 and r.a % 3 = 0 then 'C' || substr(${base}, 2)
                  when r.j = 2 and r.a % 3 = 1 then upper(${base})
                  else ${base} end,
             case when r.j > 0 and r.a % 5 = 0 then null
                  else (${textArray(FIRST_NAMES)})[1 + r.a % ${int(FIRST_NAMES.length)}] end,
             case when r.j > 0 and r.a % 5 = 0 then null
                  else (${textArray(LAST_NAMES)})[1 + (r.a / ${int(FIRST_NAMES.length)}) % ${int(LAST_NAMES.length)}] end,
             case when r.a % 11 = 0 then null else 'Company ' || (r.a % 997) end,
             jsonb_build_object('city', 'City ' || (r.a % 50), 'title', 'Head of Sales'),
             cam.created_at + interval '5 minutes' + r.idx * interval '1 microsecond'
      from r
      join cam on cam.n = (r.a + r.j * ${int(third)}) % ${int(volume.campaigns)}
      where r.idx <= ${int(volume.contacts)}`);
  }
  return addresses;
}

/** Campaign ids in chunks whose contacts' steps stay around CHUNK rows. */
function campaignChunks(ids: readonly string[], volume: ScreenVolume): string[][] {
  const perCampaign = Math.max(1, (volume.contacts / volume.campaigns) * 3);
  const size = Math.max(1, Math.floor(CHUNK / perCampaign));
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += size) chunks.push(ids.slice(i, i + size));
  return chunks;
}

async function seedCampaignSends(c: Context, chunks: string[][]): Promise<void> {
  for (const [i, ids] of chunks.entries()) {
    c.progress(`campaign sends, campaigns chunk ${i + 1}/${chunks.length}`);
    const subject = sql`case when s.k = 1 then '' else 'Re: ' end || 'Quick question about '
      || coalesce(s.company, 'your team') || ', ' || coalesce(s.first_name, 'there')`;
    await c.db.execute(sql`
      with s as materialized (${plannedSteps(c, ids)})
      insert into email_sends (user_id, campaign_id, contact_id, sequence_id, sender_account_id, to_email, from_email,
                               subject, body, status, sent_at, opened_at, failure_category, bounce_type, failure_reason,
                               error_message, message_id, created_at)
      select ${c.userId}, s.campaign_id, s.contact_id, q.id, s.sender_account_id, s.email, sa.email, ${subject},
             case when s.k = 1 then ${STEP_ONE_BODY(sql`s.first_name`, sql`s.company`)}
                  else ${FOLLOW_UP_BODY(sql`s.first_name`)} end,
             s.outcome,
             case when s.outcome = 'sent' then s.at + interval '2 seconds' end,
             case when s.outcome = 'sent' and s.h5 % 100 < 35
                  then least(s.at + (300 + s.h5 % 259200) * interval '1 second', ${c.t} - interval '30 seconds') end,
             case when s.outcome = 'failed' then s.category end,
             case when s.outcome = 'failed' and s.category in ('invalid_address', 'bounced') then 'hard' end,
             -- What the bounce classifier says of them (sender health counts the hard bounces by it).
             case when s.outcome = 'failed' and s.category in ('invalid_address', 'bounced') then 'user_unknown'
                  when s.outcome = 'failed' and s.category = 'blocked' then 'reputation' end,
             case when s.outcome = 'failed'
                  then ${errorDetails(sql`s.category`, sql`s.email`, sql`sa.email`, subject, sql`s.at`)} end,
             '<' || s.contact_id || '.' || s.k || '@' || ${SENDER_DOMAIN} || '>',
             s.at
      from s
      join email_sequences q on q.campaign_id = s.campaign_id and q.step_number = s.k
      join sender_accounts sa on sa.id = s.sender_account_id`);
  }
}

/** The queue: a row per step reached, and the next step due for contacts still in sequence. */
async function seedQueue(c: Context, chunks: string[][]): Promise<void> {
  for (const [i, ids] of chunks.entries()) {
    c.progress(`queue rows, campaigns chunk ${i + 1}/${chunks.length}`);
    await c.db.execute(sql`
      insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, status, scheduled_for,
                                    attempts, lease_expires_at, locked_by, created_at, updated_at)
      select s.campaign_id, s.contact_id, q.id, s.sender_account_id,
             case s.outcome when 'sent' then 'sent' when 'failed' then 'failed' else 'sending' end,
             s.at, 1,
             case when s.outcome = 'pending' then ${c.t} + interval '10 minutes' end,
             case when s.outcome = 'pending' then 'bench-worker' end,
             s.at, s.at
      from (${plannedSteps(c, ids)}) s
      join email_sequences q on q.campaign_id = s.campaign_id and q.step_number = s.k`);
    // The next step: for contacts not stopped whose last step went out (not pending), or that have none yet.
    await c.db.execute(sql`
      with p as (${contactPlan(c, ids)})
      insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, status, scheduled_for,
                                    attempts, created_at, updated_at)
      select p.campaign_id, p.contact_id, q.id, p.sender_account_id,
             case when p.campaign_status = 'paused' then 'paused' else 'scheduled' end,
             p.t1 + p.reached * p.d, 0, ${c.t} - interval '1 day', ${c.t} - interval '1 day'
      from p
      join email_sequences q on q.campaign_id = p.campaign_id and q.step_number = p.reached + 1
      where not p.stopped and p.campaign_status in ('active', 'paused')
        and (p.reached = 0 or not ${pendingLast(stepHash(sql`p.reached`, 4))})`);
  }
}

/** Replies, unsubscribes and hard bounces: the contacts' status and replied_at, and the replies' rows. */
async function seedFates(c: Context, chunks: string[][]): Promise<void> {
  for (const [i, ids] of chunks.entries()) {
    c.progress(`replies, unsubscribes and bounces, campaigns chunk ${i + 1}/${chunks.length}`);
    await c.db.execute(sql`
      with s as materialized (${plannedSteps(c, ids)})
      update contacts ct set
        status = case when s.kind = 'unsubscribe' then 'unsubscribed'
                      when s.outcome = 'failed' and s.category in ('invalid_address', 'bounced') then 'bounced'
                      else ct.status end,
        replied_at = case when s.kind = 'reply'
                          then least(s.at + (3600 + s.h5 % 172800) * interval '1 second', ${c.t} - interval '1 minute')
                          else ct.replied_at end
      from s
      where ct.id = s.contact_id and s.stopped and s.k = s.reached
        and (s.kind in ('unsubscribe', 'reply') or (s.outcome = 'failed' and s.category in ('invalid_address', 'bounced')))`);
  }
  c.progress("replies");
  // One reply per replied contact, a second for a quarter of them, answering its last send.
  await c.db.execute(sql`
    insert into replies (user_id, campaign_id, contact_id, email_send_id, contact_email, sender_email, subject,
                         reply_content, message_id, replied_at)
    select ${c.userId}, ct.campaign_id, ct.id, e.id, ct.email, e.from_email, 'Re: ' || e.subject,
           case when n = 1 then 'Thanks for reaching out. Could you send over some pricing details?'
                else 'Following up on my previous message: is Thursday at 10:00 possible?' end,
           '<reply-' || ct.id || '.' || n || '@prospect.test>',
           least(ct.replied_at + (n - 1) * interval '1 day', ${c.t} - interval '1 minute')
    from contacts ct
    join campaigns cam on cam.id = ct.campaign_id
    cross join lateral (select e.id, e.from_email, e.subject from email_sends e
                        where e.contact_id = ct.id order by e.created_at desc limit 1) e
    cross join lateral generate_series(1, case when ${hashOf(sql`lower(ct.email) || '/' || cam.name`, 6)} % 4 = 0
                                          then 2 else 1 end) n
    where ct.user_id = ${c.userId} and ct.replied_at is not null`);
}

/** Direct sends (compose) numbered from 1 to `total`, in chunks. */
async function seedDirectSends(c: Context, total: number, addresses: number): Promise<void> {
  const leads = Math.max(1, Math.round(total / SENDS_PER_LEAD));
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    c.progress(`direct sends ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")}`);
    const salt = c.salt * 100;
    const contact = contactAddress(sql`(1 + (g.h2 / 5) % ${int(addresses)})`);
    const lead = sql`'lead-' || (1 + (g.h2 / 5) % ${int(leads)}) || '@inbound-' || ((g.h2 / 5) % 313) || '.test'`;
    const subjects = textArray([
      "Following up on our call",
      "Proposal for next quarter",
      "Quick intro",
      "Notes from today",
      "Pricing you asked for",
      "Checking in",
    ]);
    await c.db.execute(sql`
      with ss as (
        select array_agg(id order by created_at, id) as ids, array_agg(email order by created_at, id) as emails
        from sender_accounts where user_id = ${c.userId} and campaign_id is null
      ), g as (
        select g, ${hashOfInt(sql`g`, salt + 1)} as h1, ${hashOfInt(sql`g`, salt + 2)} as h2,
               ${hashOfInt(sql`g`, salt + 3)} as h3, ${hashOfInt(sql`g`, salt + 4)} as h4
        from generate_series(${int(from)}, ${int(to)}) g
      ), d as (
        select g.*, ${c.t} - interval '1 minute' - ${fraction(sql`g.h1`)} * interval '120 days' as at,
               case when g.h2 % 5 = 0 and (g.h2 / 5) % 7 = 0 then 'C' || substr(${contact}, 2)
                    when g.h2 % 5 = 0 then ${contact} else ${lead} end as to_email,
               case when g.h3 % 1000 < 60 then 'failed' when g.h3 % 1000 < 62 then 'pending' else 'sent' end as outcome,
               (${categories})[1 + (g.h3 / 1000) % ${int(failureCategories.length)}] as category,
               ss.ids[1 + g.h4 % cardinality(ss.ids)] as sender_id, ss.emails[1 + g.h4 % cardinality(ss.ids)] as from_email,
               (${subjects})[1 + (g.h4 / 64) % 6] as subject
        from g, ss
      )
      insert into email_sends (user_id, sender_account_id, to_email, from_email, subject, body, status, sent_at,
                               opened_at, failure_category, bounce_type, error_message, message_id, created_at)
      select ${c.userId}, d.sender_id, d.to_email, d.from_email, d.subject,
             'Hi,' || chr(10) || chr(10) || 'As promised, here are the details we discussed. Let me know what you think.'
               || chr(10) || chr(10) || 'Best regards,' || chr(10) || 'Bench Sender',
             d.outcome,
             case when d.outcome = 'sent' then d.at + interval '1 second' end,
             case when d.outcome = 'sent' and (d.h3 / 1000) % 100 < 30
                  then least(d.at + (120 + d.h4 % 172800) * interval '1 second', ${c.t} - interval '30 seconds') end,
             case when d.outcome = 'failed' then d.category end,
             case when d.outcome = 'failed' and d.category in ('invalid_address', 'bounced') then 'hard' end,
             case when d.outcome = 'failed'
                  then ${errorDetails(sql`d.category`, sql`d.to_email`, sql`d.from_email`, sql`d.subject`, sql`d.at`)} end,
             '<direct-' || ${int(c.salt)} || '-' || d.g || '@' || ${SENDER_DOMAIN} || '>',
             d.at
      from d`);
  }
  c.progress("replies to direct sends");
  await c.db.execute(sql`
    insert into replies (user_id, contact_email, sender_email, subject, reply_content, message_id, replied_at)
    select ${c.userId}, lower(e.to_email), e.from_email, 'Re: ' || e.subject, 'Sounds good, talk soon.',
           '<reply-' || e.id || '@inbound.test>', least(e.sent_at + interval '3 hours', ${c.t} - interval '1 minute')
    from email_sends e
    where e.user_id = ${c.userId} and e.contact_id is null and e.status = 'sent'
      and ${hashOf(sql`e.message_id`, 7)} % 300 = 0`);
}

/** campaign_stats as the queue's statements keep it: from the campaign's sends, contacts and queue. */
async function seedCampaignStats(c: Context): Promise<void> {
  await c.db.execute(sql`
    insert into campaign_stats (campaign_id, user_id, sent, failed, pending, opened, replied, scheduled)
    select cam.id, cam.user_id, coalesce(s.sent, 0), coalesce(s.failed, 0), coalesce(s.pending, 0),
           coalesce(s.opened, 0), coalesce(r.replied, 0), coalesce(q.scheduled, 0)
    from campaigns cam
    left join (select campaign_id, count(*) filter (where status = 'sent')::int as sent,
                      count(*) filter (where status = 'failed')::int as failed,
                      count(*) filter (where status = 'pending')::int as pending,
                      count(*) filter (where opened_at is not null)::int as opened
               from email_sends where user_id = ${c.userId} and campaign_id is not null group by campaign_id) s
      on s.campaign_id = cam.id
    left join (select campaign_id, count(*) filter (where replied_at is not null)::int as replied
               from contacts where user_id = ${c.userId} group by campaign_id) r on r.campaign_id = cam.id
    left join (select se.campaign_id, count(*)::int as scheduled from scheduled_emails se
               join campaigns x on x.id = se.campaign_id and x.user_id = ${c.userId}
               where se.status in ('scheduled', 'paused', 'sending') group by se.campaign_id) q on q.campaign_id = cam.id
    where cam.user_id = ${c.userId}`);
}

/**
 * Seeds `volume` for an existing user. `salt` tells users apart in the
 * hashes (direct sends' recipients and times).
 */
export async function seedScreens(
  db: Db,
  o: { userId: string; volume: ScreenVolume; salt: number; now: Date; progress: (what: string) => void },
): Promise<ScreenSeed> {
  const { volume } = o;
  if (volume.campaigns < 3) throw new Error("the screens benchmark needs at least 3 campaigns");
  const started = performance.now();
  const c: Context = {
    db,
    userId: o.userId,
    salt: o.salt,
    t: sql`${o.now.toISOString()}::timestamptz`,
    progress: (what) => o.progress(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${what}`),
  };

  c.progress(`${volume.savedSenders} saved senders, ${volume.campaigns} campaigns with senders and sequences`);
  await seedSenders(c, volume.savedSenders);
  const campaignIds = await seedCampaigns(c, volume.campaigns);
  const addresses = await seedContacts(c, volume);
  const chunks = campaignChunks(campaignIds, volume);

  const planned = await count(
    db,
    sql`select coalesce(sum(p.reached), 0)::int as n from (${contactPlan(c, campaignIds)}) p`,
  );
  if (planned > volume.sends) {
    throw new Error(
      `${volume.contacts} contacts get ${planned} campaign sends, more than the ${volume.sends} sends asked for: raise --screen-sends or lower --screen-contacts`,
    );
  }
  await seedCampaignSends(c, chunks);
  await seedQueue(c, chunks);
  await seedFates(c, chunks);
  await seedDirectSends(c, volume.sends - planned, addresses);
  c.progress("campaign_stats");
  await seedCampaignStats(c);

  const [totals] = await queryRows<{ sends: number; campaign_sends: number; replies: number; queue: number }>(
    db,
    sql`select (select count(*) from email_sends where user_id = ${o.userId})::int as sends,
               (select count(*) from email_sends where user_id = ${o.userId} and campaign_id is not null)::int
                 as campaign_sends,
               (select count(*) from replies where user_id = ${o.userId})::int as replies,
               (select count(*) from scheduled_emails se join campaigns cam on cam.id = se.campaign_id
                where cam.user_id = ${o.userId})::int as queue`,
  );
  if (Number(totals?.sends) !== volume.sends || Number(totals?.campaign_sends) !== planned) {
    throw new Error(
      `seeding wrote ${totals?.sends} sends (${totals?.campaign_sends} campaign sends), expected ${volume.sends} (${planned})`,
    );
  }
  return {
    userId: o.userId,
    volume,
    addresses,
    campaignSends: planned,
    directSends: volume.sends - planned,
    replies: Number(totals?.replies ?? 0),
    queueRows: Number(totals?.queue ?? 0),
    seconds: (performance.now() - started) / 1000,
  };
}
