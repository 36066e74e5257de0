// Benchmark data, written with set-based SQL (one statement per table, rows
// from generate_series) so seeding 10,000 contacts takes well under a second
// and is not part of any measurement. The shapes are what the app stores:
// a better-auth user with settings, a campaign with its own senders,
// contacts with custom fields, and a sequence whose steps alternate rich
// (HTML, sanitised at send time) and plain text bodies with merge tags.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";

/** The From domain of every benchmark sender; DKIM runs sign for it. */
export const SENDER_DOMAIN = "bench-sender.test";

/** A sender's daily limit is at most 500 (CHECK); the send runs need messages / 500 senders. */
export const SENDER_DAILY_LIMIT = 500;

export type SeededCampaign = {
  userId: string;
  campaignId: string;
  senderIds: string[];
  /** Step ids by step number (index 0 = step 1). */
  stepIds: string[];
};

const RICH_BODY = `<p>Hi {{firstName}},</p>
<p>I came across <strong>{{company}}</strong> while looking at teams in {{city}} and had a quick question about how you handle outbound today.</p>
<p>We help companies like {{company}} book more meetings without adding headcount: most teams see <em>replies within the first week</em>.</p>
<ul><li>No new tools to learn</li><li>Works with the mailboxes you already have</li><li>Set up in an afternoon</li></ul>
<p>Would a 15-minute call next week be useful? <a href="https://example.com/book">Pick a time here</a>.</p>`;

const PLAIN_BODY = `Hi {{firstName}},

Just floating this back to the top of your inbox in case it got buried.
Happy to share how other teams in {{city}} set this up, or to leave it here if the timing is wrong for {{company}}.

Would next Tuesday or Wednesday work for a short call?`;

/** A user as better-auth stores one, with sending settings that let `messages` go out today. */
export async function seedUser(db: Db, label: string, dailySendLimit: number): Promise<string> {
  const userId = randomUUID();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, full_name)
    values (${userId}, ${`Bench ${label}`}, ${`${label}-${userId.slice(0, 8)}@bench-user.test`}, true, ${`Bench ${label}`})`);
  // The whole day, every day: the window is not what is being measured.
  await db.execute(sql`
    insert into user_settings (user_id, timezone, daily_send_limit, send_time_start, send_time_end,
                               default_signature, legal_disclaimer, unsubscribe_link_enabled)
    values (${userId}, 'UTC', ${dailySendLimit}, '00:00', '23:59',
            ${"Best regards,\nBench Sender\nBench Corp · +1 555 0100"},
            ${"You receive this email because {{company}} is listed as a business contact. Bench Corp, 1 Main St."},
            true)`);
  return userId;
}

/** A campaign with `senders` senders, `contacts` contacts and `steps` steps. */
export async function seedCampaign(
  db: Db,
  o: {
    userId: string;
    name: string;
    status: "draft" | "active";
    senders: number;
    contacts: number;
    steps: number;
  },
): Promise<SeededCampaign> {
  const [campaign] = await queryRows<{ id: string }>(
    db,
    sql`insert into campaigns (user_id, name, description, status, launched_at)
        values (${o.userId}, ${o.name}, 'benchmark', ${o.status},
                ${o.status === "active" ? sql`now() - interval '1 day'` : sql`null`})
        returning id`,
  );
  const campaignId = campaign!.id;
  // created_at one microsecond apart: round-robin follows (created_at, id).
  const senders = await queryRows<{ id: string }>(
    db,
    sql`insert into sender_accounts (user_id, campaign_id, email, provider, daily_limit, created_at)
        select ${o.userId}, ${campaignId}::uuid, 'sender-' || g || '@' || ${SENDER_DOMAIN}, 'custom',
               ${SENDER_DAILY_LIMIT}, now() + g * interval '1 microsecond'
        from generate_series(1, ${o.senders}) g
        order by g
        returning id`,
  );
  const steps = await queryRows<{ id: string }>(
    db,
    sql`insert into email_sequences (campaign_id, step_number, subject, body, body_format, delay_amount, delay_unit)
        select ${campaignId}::uuid, g,
               case when g = 1 then 'Quick question about {{company}}, {{firstName}}' else '' end,
               case when g % 2 = 1 then ${RICH_BODY} else ${PLAIN_BODY} end,
               case when g % 2 = 1 then 'html' else 'text' end,
               case when g = 1 then 0 else 3 end, 'days'
        from generate_series(1, ${o.steps}) g
        order by g
        returning id`,
  );
  await db.execute(sql`
    insert into contacts (user_id, campaign_id, email, first_name, last_name, company, custom_fields, created_at)
    select ${o.userId}, ${campaignId}::uuid,
           'contact-' || g || '@prospect-' || (g % 997) || '.test',
           'First' || g, 'Last' || g, 'Company ' || (g % 997),
           jsonb_build_object('city', 'City ' || (g % 50), 'title', 'Head of Sales'),
           now() + g * interval '1 microsecond'
    from generate_series(1, ${o.contacts}) g`);
  await db.execute(sql`insert into campaign_stats (campaign_id, user_id) values (${campaignId}::uuid, ${o.userId})`);
  return { userId: o.userId, campaignId, senderIds: senders.map((s) => s.id), stepIds: steps.map((s) => s.id) };
}

/**
 * The queue of a campaign in full swing, all of it due now: every other
 * contact (in contact order) waits for step 1; the others had step 1 sent
 * yesterday (an email_sends row with its Message-ID) and wait for step 2,
 * which goes out in the same thread (In-Reply-To/References, "Re: " subject).
 * Rows are 1 ms apart so the two kinds interleave in claim order.
 */
export async function seedDueQueue(db: Db, c: SeededCampaign): Promise<{ firstSteps: number; followUps: number }> {
  const [stepOne, stepTwo] = c.stepIds;
  await db.execute(sql`
    with s as (
      select array_agg(id order by created_at, id) as ids from sender_accounts where campaign_id = ${c.campaignId}::uuid
    ), numbered as (
      select id, email, row_number() over (order by created_at, id) as i, count(*) over () as n
      from contacts where campaign_id = ${c.campaignId}::uuid
    ), ct as (
      -- Senders round-robin in contact order, as launch assigns them.
      select numbered.*, s.ids[1 + (numbered.i - 1) % cardinality(s.ids)] as sender_account_id from numbered, s
    ), sent_before as (
      insert into email_sends (user_id, campaign_id, contact_id, sequence_id, sender_account_id, to_email,
                               from_email, subject, body, status, sent_at, message_id, created_at)
      select ${c.userId}, ${c.campaignId}::uuid, ct.id, ${stepOne}::uuid, ct.sender_account_id, ct.email, sa.email,
             'Quick question about Company ' || ct.i || ', First' || ct.i, '<p>(step 1 as sent)</p>', 'sent',
             now() - interval '1 day', '<' || gen_random_uuid() || '@' || ${SENDER_DOMAIN} || '>',
             now() - interval '1 day'
      from ct join sender_accounts sa on sa.id = ct.sender_account_id
      where ct.i % 2 = 0
      returning 1
    )
    insert into scheduled_emails (campaign_id, contact_id, sequence_id, sender_account_id, scheduled_for, status, attempts)
    select ${c.campaignId}::uuid, ct.id, ${stepOne}::uuid, ct.sender_account_id, now() - interval '1 day', 'sent', 1
    from ct where ct.i % 2 = 0
    union all
    select ${c.campaignId}::uuid, ct.id, case when ct.i % 2 = 0 then ${stepTwo}::uuid else ${stepOne}::uuid end,
           ct.sender_account_id, now() - interval '1 minute' - (ct.n - ct.i) * interval '1 millisecond', 'scheduled', 0
    from ct`);
  const [counts] = await queryRows<{ first_steps: number; follow_ups: number; sent_before: number }>(
    db,
    sql`select count(*) filter (where se.status = 'scheduled' and q.step_number = 1)::int as first_steps,
               count(*) filter (where se.status = 'scheduled' and q.step_number = 2)::int as follow_ups,
               count(*) filter (where se.status = 'sent')::int as sent_before
        from scheduled_emails se join email_sequences q on q.id = se.sequence_id
        where se.campaign_id = ${c.campaignId}::uuid`,
  );
  await db.execute(sql`
    update campaign_stats set scheduled = ${counts!.first_steps + counts!.follow_ups}, sent = ${counts!.sent_before}
    where campaign_id = ${c.campaignId}::uuid`);
  return { firstSteps: counts!.first_steps, followUps: counts!.follow_ups };
}
