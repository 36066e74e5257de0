// The reporting counters (the triggers of migrations 0001 and 0005) always equal what a full
// scan of email_sends and contacts says, whatever writes happen: inserts,
// status changes, opens, replies, deletes by cascade.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { user as users } from "./schema/auth.ts";
import { campaigns, contacts, emailSends } from "./schema/index.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await ctx.database.db.execute(query)) as unknown as { rows: T[] };

/** Counters and the naive full-scan answers, for one user, side by side. */
async function compare(userId: string) {
  const stats = (
    await rows<Record<string, number>>(sql`
      select total, sent, failed, pending, opened, bounced, spam, other, active_contacts, active_replied
      from user_send_stats where user_id = ${userId}`)
  ).rows[0] ?? {
    total: 0,
    sent: 0,
    failed: 0,
    pending: 0,
    opened: 0,
    bounced: 0,
    spam: 0,
    other: 0,
    active_contacts: 0,
    active_replied: 0,
  };
  const naive = (
    await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from email_sends where user_id = ${userId}) as total,
        (select count(*)::int from email_sends where user_id = ${userId} and status = 'sent') as sent,
        (select count(*)::int from email_sends where user_id = ${userId} and status = 'failed') as failed,
        (select count(*)::int from email_sends where user_id = ${userId} and status = 'pending') as pending,
        (select count(*)::int from email_sends where user_id = ${userId} and opened_at is not null) as opened,
        (select count(*)::int from email_sends where user_id = ${userId} and status = 'failed' and failure_category = 'bounced') as bounced,
        (select count(*)::int from email_sends where user_id = ${userId} and status = 'failed' and failure_category = 'spam') as spam,
        (select count(*)::int from email_sends where user_id = ${userId} and status = 'failed' and coalesce(failure_category, 'other') = 'other') as other,
        (select count(*)::int from contacts where user_id = ${userId} and status = 'active') as active_contacts,
        (select count(*)::int from contacts where user_id = ${userId} and status = 'active' and replied_at is not null) as active_replied`)
  ).rows[0]!;
  expect(stats).toEqual(naive);

  const daily = await rows(sql`
    select day::text, sent, failed, opened, replied from user_activity_daily
    where user_id = ${userId} and (sent, failed, opened, replied) <> (0, 0, 0, 0) order by day`);
  const naiveDaily = await rows(sql`
    select day::text, sum(sent)::int as sent, sum(failed)::int as failed, sum(opened)::int as opened, sum(replied)::int as replied from (
      select (sent_at at time zone 'UTC')::date as day, 1 as sent, 0 as failed, 0 as opened, 0 as replied
        from email_sends where user_id = ${userId} and status = 'sent' and sent_at is not null
      union all select (created_at at time zone 'UTC')::date, 0, 1, 0, 0 from email_sends where user_id = ${userId} and status = 'failed'
      union all select (opened_at at time zone 'UTC')::date, 0, 0, 1, 0 from email_sends where user_id = ${userId} and opened_at is not null
      union all select (replied_at at time zone 'UTC')::date, 0, 0, 0, 1 from contacts where user_id = ${userId} and replied_at is not null
    ) e group by day order by day`);
  expect(daily.rows).toEqual(naiveDaily.rows);

  const senders = await rows(sql`
    select sender_email, day::text, sent, failed, opened from sender_activity_daily
    where user_id = ${userId} and (sent, failed, opened) <> (0, 0, 0) order by 1, 2`);
  const naiveSenders = await rows(sql`
    select sender_email, day::text, sum(sent)::int as sent, sum(failed)::int as failed, sum(opened)::int as opened from (
      select lower(from_email) as sender_email, (sent_at at time zone 'UTC')::date as day, 1 as sent, 0 as failed, 0 as opened
        from email_sends where user_id = ${userId} and status = 'sent' and sent_at is not null
      union all select lower(from_email), (created_at at time zone 'UTC')::date, 0, 1, 0 from email_sends where user_id = ${userId} and status = 'failed'
      union all select lower(from_email), (opened_at at time zone 'UTC')::date, 0, 0, 1 from email_sends where user_id = ${userId} and opened_at is not null
    ) e group by 1, 2 order by 1, 2`);
  expect(senders.rows).toEqual(naiveSenders.rows);

  const perContact = await rows(sql`
    select contact_id, sends, sent, failed, opened from contact_send_stats cs
    where user_id = ${userId} and sends <> 0 order by contact_id`);
  const naivePerContact = await rows(sql`
    select contact_id, count(*)::int as sends, count(*) filter (where status = 'sent')::int as sent,
      count(*) filter (where status = 'failed')::int as failed, count(*) filter (where opened_at is not null)::int as opened
    from email_sends where user_id = ${userId} and contact_id is not null group by contact_id order by contact_id`);
  expect(perContact.rows).toEqual(naivePerContact.rows);

  const direct = await rows(sql`
    select address, sends, sent, failed, opened, last_send_at from direct_recipients
    where user_id = ${userId} order by address`);
  const naiveDirect = await rows(sql`
    select lower(to_email) as address, count(*)::int as sends, count(*) filter (where status = 'sent')::int as sent,
      count(*) filter (where status = 'failed')::int as failed, count(*) filter (where opened_at is not null)::int as opened,
      max(created_at) as last_send_at
    from email_sends where user_id = ${userId} and contact_id is null group by 1 order by 1`);
  expect(direct.rows).toEqual(naiveDirect.rows);
}

describe("reporting counters", () => {
  it("follow inserts, sends, failures, opens, replies and deletes, and equal a full scan after each", async () => {
    const db = ctx.database.db;
    const { userId } = await ctx.signUpVerified("counters@example.com");
    const other = await ctx.signUpVerified("counters-other@example.com");
    const [campaign] = await db.insert(campaigns).values({ userId, name: "Counted" }).returning();
    const people = await db
      .insert(contacts)
      .values(Array.from({ length: 4 }, (_, i) => ({ userId, campaignId: campaign!.id, email: `p${i}@x.test` })))
      .returning();
    await compare(userId);

    const sends = await db
      .insert(emailSends)
      .values(
        people.map((p, i) => ({
          userId,
          campaignId: campaign!.id,
          contactId: p.id,
          toEmail: p.email,
          fromEmail: i % 2 ? "A@Sender.test" : "b@sender.test",
          subject: "s",
          body: "b",
        })),
      )
      .returning();
    // A direct send: no campaign, no contact.
    await db
      .insert(emailSends)
      .values({ userId, toEmail: "d@x.test", fromEmail: "a@sender.test", subject: "s", body: "b" });
    await compare(userId);
    // A statement whose only rows are failures without a category (counted as other).
    await db.insert(emailSends).values({
      userId,
      toEmail: "e@x.test",
      fromEmail: "a@sender.test",
      subject: "s",
      body: "b",
      status: "failed",
    });
    await compare(userId);
    // Direct sends to one address in two spellings, in one statement, then the newer one sent,
    // opened and deleted (the latest send is the older one again), then the other: one direct
    // recipient, counted exactly and then gone.
    const [firstDirect] = await db
      .insert(emailSends)
      .values([
        { userId, toEmail: "Lead@Y.test", fromEmail: "a@sender.test", subject: "s", body: "b" },
        {
          userId,
          toEmail: "lead@y.test",
          fromEmail: "a@sender.test",
          subject: "s",
          body: "b",
          createdAt: new Date("2026-11-19T10:00:00.000Z"),
        },
      ])
      .returning();
    await compare(userId);
    await db
      .update(emailSends)
      .set({
        status: "sent",
        sentAt: new Date("2026-11-20T23:30:00.000Z"),
        openedAt: new Date("2026-11-21T08:00:00.000Z"),
      })
      .where(eq(emailSends.id, firstDirect!.id));
    await compare(userId);
    await db.delete(emailSends).where(eq(emailSends.id, firstDirect!.id));
    await compare(userId);
    await db.execute(sql`delete from email_sends where user_id = ${userId} and lower(to_email) = 'lead@y.test'`);
    await compare(userId);

    const day1 = new Date("2026-11-20T23:30:00.000Z");
    await db.execute(sql`update email_sends set status = 'sent', sent_at = ${day1.toISOString()}::timestamptz
      where id in (${sql.raw(
        sends
          .slice(0, 3)
          .map((s) => `'${s.id}'`)
          .join(","),
      )})`);
    await db
      .update(emailSends)
      .set({ status: "failed", failureCategory: "bounced" })
      .where(eq(emailSends.id, sends[3]!.id));
    await compare(userId);

    await db
      .update(emailSends)
      .set({ openedAt: new Date("2026-11-21T08:00:00.000Z") })
      .where(eq(emailSends.id, sends[0]!.id));
    await db
      .update(contacts)
      .set({ repliedAt: new Date("2026-11-22T09:00:00.000Z") })
      .where(eq(contacts.id, people[0]!.id));
    await db.update(contacts).set({ status: "bounced" }).where(eq(contacts.id, people[3]!.id));
    await compare(userId);

    // A failure that is later delivered after all (lease recovery), then a category change.
    await db
      .update(emailSends)
      .set({ status: "sent", sentAt: day1, failureCategory: null })
      .where(eq(emailSends.id, sends[3]!.id));
    await compare(userId);

    // Deleting one contact, then the whole campaign (cascades to contacts and sends).
    await db.delete(contacts).where(eq(contacts.id, people[1]!.id));
    await compare(userId);
    await db.delete(campaigns).where(eq(campaigns.id, campaign!.id));
    await compare(userId);
    const [left] = (await rows<{ total: number }>(sql`select total from user_send_stats where user_id = ${userId}`))
      .rows;
    expect(left!.total).toBe(2);

    // Another user's numbers never moved.
    await compare(other.userId);

    // Deleting the user removes its counters without tripping over the cascade.
    await db.delete(users).where(eq(users.id, userId));
    const gone = await rows(sql`select 1 from user_send_stats where user_id = ${userId}
      union all select 1 from user_activity_daily where user_id = ${userId}`);
    expect(gone.rows).toEqual([]);
  });
});
