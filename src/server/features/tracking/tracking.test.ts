// The open pixel, the click redirect and the unsubscribe endpoints through
// the app, with sends inserted directly (the queue that creates them is
// another feature).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../../tests/support/test-app.ts";
import {
  campaignStats,
  campaigns,
  contacts,
  emailSends,
  emailSequences,
  linkClicks,
  notificationOpens,
  scheduledEmails,
  suppressions,
  userSettings,
} from "../../db/schema/index.ts";
import { clickUrl, signClickToken, signToken, trackingUrls } from "../../mail/tokens.ts";

let ctx: TestContext;
let alice: { userId: string; email: string };
let bob: { userId: string; email: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-tracking@example.com");
  bob = await ctx.signUpVerified("bob-tracking@example.com");
});
afterAll(() => ctx?.close());

type Seeded = { campaignId: string; contactId: string; sendId: string; followUpId: string };

let seq = 0;

/** A campaign with a contact, step 1 sent to it and step 2 queued: what launch leaves behind. */
async function seedSend(userId: string, email = `prospect-${seq + 1}@example.com`, subject = `Hello ${seq + 1}`) {
  seq += 1;
  const db = ctx.database.db;
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name: `Campaign ${seq}`, status: "active" })
    .returning();
  const campaignId = campaign!.id;
  await db.insert(campaignStats).values({ campaignId, userId, sent: 1, scheduled: 1 });
  const [contact] = await db.insert(contacts).values({ userId, campaignId, email }).returning();
  const [step1, step2] = await db
    .insert(emailSequences)
    .values([
      { campaignId, stepNumber: 1, subject, body: "Hi" },
      { campaignId, stepNumber: 2, subject: "Re: hi", body: "Following up", delayAmount: 3 },
    ])
    .returning();
  const [send] = await db
    .insert(emailSends)
    .values({
      userId,
      campaignId,
      contactId: contact!.id,
      sequenceId: step1!.id,
      toEmail: email,
      fromEmail: "me@acme.test",
      subject,
      body: "Hi",
      status: "sent",
      sentAt: new Date(),
    })
    .returning();
  const [followUp] = await db
    .insert(scheduledEmails)
    .values({
      campaignId,
      contactId: contact!.id,
      sequenceId: step2!.id,
      scheduledFor: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return { campaignId, contactId: contact!.id, sendId: send!.id, followUpId: followUp!.id } satisfies Seeded;
}

function paths(sendId: string) {
  const urls = trackingUrls(ctx.config.publicUrl, ctx.config.appSecret, sendId);
  return { pixel: new URL(urls.openPixel).pathname, unsubscribe: new URL(urls.unsubscribe).pathname };
}

const get = (path: string) => ctx.app.request(`${TEST_ORIGIN}${path}`);

/** What a mail client's one-click button sends (RFC 8058). */
const oneClick = (path: string) =>
  ctx.app.request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

async function sendRow(sendId: string) {
  const [row] = await ctx.database.db.select().from(emailSends).where(eq(emailSends.id, sendId));
  return row!;
}

async function openedCount(campaignId: string) {
  const [row] = await ctx.database.db.select().from(campaignStats).where(eq(campaignStats.campaignId, campaignId));
  return row!.opened;
}

async function contactStatus(contactId: string) {
  const [row] = await ctx.database.db.select().from(contacts).where(eq(contacts.id, contactId));
  return row!.status;
}

async function suppressionsOf(userId: string) {
  return ctx.database.db
    .select({ email: suppressions.email, reason: suppressions.reason })
    .from(suppressions)
    .where(eq(suppressions.userId, userId));
}

async function expectGif(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/gif");
  expect(res.headers.get("cache-control")).toBe("no-store");
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe("GIF89a");
  // Width and height, little-endian, right after the signature.
  expect([bytes[6], bytes[7], bytes[8], bytes[9]]).toEqual([1, 0, 1, 0]);
}

describe("open pixel", () => {
  it("answers the same no-store GIF for valid, tampered, wrong-kind and garbage tokens", async () => {
    const { sendId } = await seedSend(alice.userId);
    const valid = paths(sendId).pixel;
    const token = valid.slice("/t/o/".length, -".gif".length);
    const tampered = `/t/o/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}.gif`;
    const unsubscribeKind = `/t/o/${signToken(ctx.config.appSecret, "unsubscribe", sendId)}.gif`;
    // Signed with our secret but not an id at all: must not reach the uuid cast.
    const notAUuid = `/t/o/${signToken(ctx.config.appSecret, "open", "not-a-uuid")}.gif`;
    const otherSecret = `/t/o/${signToken("another-secret", "open", sendId)}.gif`;
    for (const path of [tampered, unsubscribeKind, notAUuid, otherSecret, "/t/o/garbage.gif", "/t/o/..gif", "/t/o/x"]) {
      await expectGif(await get(path));
    }
    expect((await sendRow(sendId)).openedAt).toBeNull();
    await expectGif(await get(valid));
    expect((await sendRow(sendId)).openedAt).not.toBeNull();
  });

  it("sets opened_at on the first open only and counts the campaign's open once", async () => {
    const { sendId, campaignId } = await seedSend(alice.userId);
    const { pixel } = paths(sendId);
    await expectGif(await get(pixel));
    const first = (await sendRow(sendId)).openedAt;
    expect(first).toBeInstanceOf(Date);
    expect(await openedCount(campaignId)).toBe(1);

    await new Promise((r) => setTimeout(r, 20));
    await expectGif(await get(pixel));
    // Several at once too (real concurrency on PostgreSQL).
    await Promise.all(Array.from({ length: 5 }, () => get(pixel)));
    expect((await sendRow(sendId)).openedAt).toEqual(first);
    expect(await openedCount(campaignId)).toBe(1);
  });

  it("does not count a HEAD request as an open", async () => {
    const { sendId } = await seedSend(alice.userId);
    const res = await ctx.app.request(`${TEST_ORIGIN}${paths(sendId).pixel}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect((await sendRow(sendId)).openedAt).toBeNull();
  });

  it("records opens of direct sends, which have no campaign to count", async () => {
    const [send] = await ctx.database.db
      .insert(emailSends)
      .values({
        userId: alice.userId,
        toEmail: "direct@example.com",
        fromEmail: "me@acme.test",
        subject: "Direct",
        body: "x",
        status: "sent",
      })
      .returning();
    await expectGif(await get(paths(send!.id).pixel));
    expect((await sendRow(send!.id)).openedAt).not.toBeNull();
  });
});

describe("click redirect", () => {
  const destination = "https://acme.test/pricing?plan=pro&utm_source=mail#compare";
  const clickPath = (sendId: string, url = destination) =>
    new URL(clickUrl(ctx.config.publicUrl, ctx.config.appSecret, sendId, url)).pathname;
  const clicksOf = (sendId: string) =>
    ctx.database.db.select().from(linkClicks).where(eq(linkClicks.emailSendId, sendId));

  it("302s to the link the message held and records the first click once, however often it is followed", async () => {
    const { sendId, campaignId } = await seedSend(alice.userId);
    const first = await get(clickPath(sendId));
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(destination);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.headers.get("referrer-policy")).toBe("no-referrer");
    const [clicked] = await clicksOf(sendId);
    expect(clicked).toMatchObject({ url: destination, userId: alice.userId, campaignId });
    await get(clickPath(sendId));
    await Promise.all(Array.from({ length: 4 }, () => get(clickPath(sendId))));
    const again = await clicksOf(sendId);
    expect(again.map((c) => [c.url, c.firstClickedAt])).toEqual([[destination, clicked!.firstClickedAt]]);
    // Another link of the same message is a click of its own.
    expect((await get(clickPath(sendId, "https://acme.test/docs"))).status).toBe(302);
    expect((await clicksOf(sendId)).map((c) => c.url).sort()).toEqual(["https://acme.test/docs", destination]);
  });

  it("is 404 for a forged or altered token, never a redirect, and records nothing", async () => {
    const { sendId } = await seedSend(alice.userId);
    const token = signClickToken(ctx.config.appSecret, sendId, destination);
    const [id, encoded, mac] = token.split(".") as [string, string, string];
    const evil = Buffer.from("https://evil.test/login").toString("base64url");
    const bad = [
      `/t/c/${id}.${evil}.${mac}`,
      `/t/c/${id}.${encoded}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      `/t/c/${signClickToken("another-secret", sendId, "https://evil.test")}`,
      `/t/c/${signToken(ctx.config.appSecret, "open", sendId)}`,
      `/t/c/${signToken(ctx.config.appSecret, "click", `not-a-uuid.${encoded}`)}`,
      // Signed, but not a web link: never redirected to.
      `/t/c/${signClickToken(ctx.config.appSecret, sendId, "javascript:alert(1)")}`,
      "/t/c/garbage",
    ];
    for (const path of bad) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
      expect(await res.text()).toBe("This link is not valid.");
    }
    expect(await clicksOf(sendId)).toEqual([]);
  });

  it("does not count a HEAD request, and still takes the reader on when the send is gone", async () => {
    const { sendId } = await seedSend(alice.userId);
    const head = await ctx.app.request(`${TEST_ORIGIN}${clickPath(sendId)}`, { method: "HEAD" });
    expect(head.status).toBe(302);
    expect(await clicksOf(sendId)).toEqual([]);
    const gone = await seedSend(alice.userId);
    await ctx.database.db.delete(emailSends).where(eq(emailSends.id, gone.sendId));
    const res = await get(clickPath(gone.sendId));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(destination);
  });
});

describe("open notifications", () => {
  async function setNotifications(userId: string, enabled: boolean) {
    await ctx.database.db
      .insert(userSettings)
      .values({ userId, openNotificationsEnabled: enabled })
      .onConflictDoUpdate({ target: userSettings.userId, set: { openNotificationsEnabled: enabled } });
  }
  const waiting = (sendId: string) =>
    ctx.database.db.select().from(notificationOpens).where(eq(notificationOpens.emailSendId, sendId));

  // The digest itself is the notification outbox's (features/notifications/notifications.test.ts).
  it("queues the first open for its owner's open digest, once, only when enabled", async () => {
    // Off (the default): nothing is queued.
    const quiet = await seedSend(bob.userId, "quiet@example.com", "Quiet subject");
    await get(paths(quiet.sendId).pixel);
    expect(await waiting(quiet.sendId)).toEqual([]);

    await setNotifications(bob.userId, true);
    const loud = await seedSend(bob.userId, "loud@example.com", "Loud subject");
    await get(paths(loud.sendId).pixel);
    await get(paths(loud.sendId).pixel);
    const queued = await waiting(loud.sendId);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ userId: bob.userId, digestId: null });
    await setNotifications(bob.userId, false);
  });
});

describe("unsubscribe", () => {
  it("GET shows a confirm button and changes nothing (link scanners follow GETs)", async () => {
    const { sendId, contactId } = await seedSend(alice.userId, "Scanned.Person@Example.com");
    const res = await get(paths(sendId).unsubscribe);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain("Confirm unsubscribe");
    expect(html).toContain('<form method="post">');
    expect(html).toContain("Scanned.Person@Example.com");
    expect(await contactStatus(contactId)).toBe("active");
    const suppressed = await suppressionsOf(alice.userId);
    expect(suppressed.map((s) => s.email)).not.toContain("scanned.person@example.com");
  });

  it("one-click POST suppresses the address, stops the sequence and is idempotent", async () => {
    const { sendId, contactId, followUpId } = await seedSend(alice.userId, "Pat.Prospect@Example.com");
    const { unsubscribe } = paths(sendId);

    const res = await oneClick(unsubscribe);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("You have been unsubscribed");
    expect((await suppressionsOf(alice.userId)).filter((s) => s.email === "pat.prospect@example.com")).toEqual([
      { email: "pat.prospect@example.com", reason: "unsubscribed" },
    ]);
    expect(await contactStatus(contactId)).toBe("unsubscribed");
    const [followUp] = await ctx.database.db.select().from(scheduledEmails).where(eq(scheduledEmails.id, followUpId));
    expect(followUp!.status).toBe("cancelled");

    // Again, by one-click, by the page's form (no body required) and by reading the page.
    expect((await oneClick(unsubscribe)).status).toBe(200);
    const form = await ctx.app.request(`${TEST_ORIGIN}${unsubscribe}`, { method: "POST" });
    expect(form.status).toBe(200);
    const page = await (await get(unsubscribe)).text();
    expect(page).toContain("You have been unsubscribed");
    expect(page).not.toContain("Confirm unsubscribe");
    const [{ n }] = (await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(suppressions)
      .where(
        and(eq(suppressions.userId, alice.userId), sql`lower(${suppressions.email}) = 'pat.prospect@example.com'`),
      )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("suppresses the recipient of a direct send, which has no contact", async () => {
    const [send] = await ctx.database.db
      .insert(emailSends)
      .values({
        userId: bob.userId,
        toEmail: "Direct.Reader@example.com",
        fromEmail: "me@acme.test",
        subject: "Direct",
        body: "x",
        status: "sent",
      })
      .returning();
    expect((await oneClick(paths(send!.id).unsubscribe)).status).toBe(200);
    expect(await suppressionsOf(bob.userId)).toContainEqual({
      email: "direct.reader@example.com",
      reason: "unsubscribed",
    });
  });

  it("answers a 404 page for links that are not valid, on GET and POST", async () => {
    const { sendId, contactId } = await seedSend(alice.userId);
    const deleted = await seedSend(alice.userId);
    await ctx.database.db.delete(emailSends).where(eq(emailSends.id, deleted.sendId));
    const bad = [
      "/u/garbage",
      `/u/${signToken(ctx.config.appSecret, "open", sendId)}`,
      `/u/${signToken(ctx.config.appSecret, "unsubscribe", "not-a-uuid")}`,
      `/u/${signToken("another-secret", "unsubscribe", sendId)}`,
      paths(deleted.sendId).unsubscribe,
    ];
    for (const path of bad) {
      for (const res of [await get(path), await oneClick(path)]) {
        expect(res.status, path).toBe(404);
        expect(res.headers.get("content-type")).toContain("text/html");
        expect(await res.text()).toContain("This unsubscribe link is not valid.");
      }
    }
    expect(await contactStatus(contactId)).toBe("active");
  });
});

describe("tenant isolation", () => {
  it("a token for one user's send never touches another user's data", async () => {
    const shared = "shared@example.com";
    const aliceFirst = await seedSend(alice.userId, shared);
    const aliceSecond = await seedSend(alice.userId, "SHARED@example.com");
    const bobs = await seedSend(bob.userId, shared);

    await get(paths(aliceFirst.sendId).pixel);
    expect((await sendRow(bobs.sendId)).openedAt).toBeNull();
    expect(await openedCount(bobs.campaignId)).toBe(0);
    expect((await sendRow(aliceSecond.sendId)).openedAt).toBeNull();

    expect((await oneClick(paths(aliceFirst.sendId).unsubscribe)).status).toBe(200);
    // The person asked Alice to stop: all of Alice's campaigns stop, none of Bob's.
    expect(await contactStatus(aliceFirst.contactId)).toBe("unsubscribed");
    expect(await contactStatus(aliceSecond.contactId)).toBe("unsubscribed");
    expect(await contactStatus(bobs.contactId)).toBe("active");
    expect((await suppressionsOf(bob.userId)).map((s) => s.email)).not.toContain(shared);
    const [bobFollowUp] = await ctx.database.db
      .select()
      .from(scheduledEmails)
      .where(eq(scheduledEmails.id, bobs.followUpId));
    expect(bobFollowUp!.status).toBe("scheduled");
  });
});
