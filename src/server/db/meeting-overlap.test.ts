// Migration 0011: the database itself keeps an owner's scheduled meetings
// apart, across all of their links (exclusion constraint), while cancelled
// meetings free their time and other owners are unaffected.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MeetingStatus } from "#shared/db-enums.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { scheduledMeetings, schedulingLinks } from "./schema/index.ts";

/** A scheduling link row written directly needs its organizer (the API fills it from the owner's senders). */
const organizer = { organizerName: "Olivia Owner", organizerEmail: "olivia@sender.test" };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function link(userId: string, code: string) {
  const [row] = await db()
    .insert(schedulingLinks)
    .values({ userId, title: "Intro call", linkCode: code, ...organizer })
    .returning({ id: schedulingLinks.id });
  return row!.id;
}

function meeting(linkId: string, userId: string, start: string, minutes: number, status: MeetingStatus = "scheduled") {
  const at = new Date(start);
  return db()
    .insert(scheduledMeetings)
    .values({
      linkId,
      userId,
      prospectEmail: "p@example.com",
      scheduledDate: at,
      durationMinutes: minutes,
      endsAt: new Date(at.getTime() + minutes * 60_000),
      timezone: "Asia/Baghdad",
      status,
    });
}

/** The constraint's name from a failed insert (Drizzle wraps the driver's error in `cause`). */
async function violated(insert: Promise<unknown>): Promise<string | undefined> {
  try {
    await insert;
    return undefined;
  } catch (err) {
    const e = err as { constraint?: string; cause?: { constraint?: string } };
    return e.cause?.constraint ?? e.constraint ?? String(err);
  }
}

describe("scheduled_meetings_no_overlap", () => {
  it("refuses an overlapping meeting of the same owner on another link, and allows touching ones", async () => {
    const owner = await ctx.signUpVerified("overlap-owner@example.com");
    const a = await link(owner.userId, "AAAAAAA1");
    const b = await link(owner.userId, "AAAAAAA2");
    await meeting(a, owner.userId, "2030-01-07T09:00:00Z", 30);
    expect(await violated(meeting(b, owner.userId, "2030-01-07T09:15:00Z", 30))).toBe("scheduled_meetings_no_overlap");
    // 09:30 starts exactly when the first ends: ranges are [start, end), so they do not overlap.
    expect(await violated(meeting(b, owner.userId, "2030-01-07T09:30:00Z", 30))).toBeUndefined();
  });

  it("lets a cancelled meeting's time be booked again, and never involves another owner", async () => {
    const owner = await ctx.signUpVerified("overlap-owner2@example.com");
    const other = await ctx.signUpVerified("overlap-other@example.com");
    const a = await link(owner.userId, "BBBBBBB1");
    const o = await link(other.userId, "BBBBBBB2");
    await meeting(a, owner.userId, "2030-01-08T10:00:00Z", 60, "cancelled");
    expect(await violated(meeting(a, owner.userId, "2030-01-08T10:00:00Z", 60))).toBeUndefined();
    expect(await violated(meeting(o, other.userId, "2030-01-08T10:00:00Z", 60))).toBeUndefined();
    const [count] = (
      (await db().execute(sql`select count(*)::int as n from scheduled_meetings where status = 'scheduled'
        and scheduled_date = '2030-01-08T10:00:00Z'`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(count?.n).toBe(2);
  });
});
