// Where the block list acts, through the app and the real engine (an SMTP
// sink, the worker on a fake clock): Detect Emails counts blocked and
// suppressed addresses in its one request; launch leaves blocked contacts
// out and says how many; a contact blocked after launch is skipped by the
// claim with its reason (shown on the contact's row) and never sent, while
// the others go; and a repeated create-and-launch reads the count back.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Contact, DuplicateCheckResult } from "#shared/contacts/contacts.schemas.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  setSendingSettings,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { contacts, scheduledEmails } from "../../db/schema/index.ts";
import { addSuppression } from "../../domain/suppressions.ts";

// Monday 7 December 2026, 09:00 UTC: inside the default sending window.
const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
let n = 0;

type User = { cookie: string; userId: string };

async function newUser(): Promise<User> {
  n += 1;
  return h.ctx.signUpVerified(`block-applied-${n}@example.com`);
}

const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });

async function block(user: User, entries: string[]) {
  const res = await h.ctx.request("/api/block-list", { method: "POST", cookie: user.cookie, json: { entries } });
  expect(res.status).toBe(200);
}

async function contactRows(user: User, campaignId: string): Promise<Contact[]> {
  const res = await h.ctx.request(`/api/campaigns/${campaignId}/contacts?limit=200`, { cookie: user.cookie });
  return ((await res.json()) as { contacts: Contact[] }).contacts;
}

async function cancelReasons(campaignId: string) {
  const rows = await db()
    .select({ email: contacts.email, reason: scheduledEmails.cancelReason })
    .from(scheduledEmails)
    .innerJoin(contacts, eq(contacts.id, scheduledEmails.contactId))
    .where(and(eq(scheduledEmails.campaignId, campaignId), eq(scheduledEmails.status, "cancelled")));
  return Object.fromEntries(rows.map((r) => [r.email, r.reason]));
}

describe("Detect Emails (POST /api/contacts/duplicates)", () => {
  it("names the blocked and suppressed addresses with what blocks each, in the same answer as the duplicates", async () => {
    const user = await newUser();
    await block(user, ["one@prospects.test", "@blocked.test", "mail.blocked.test"]);
    await addSuppression(h.ctx.database.db, user.userId, "gone@prospects.test", "unsubscribed");
    // Suppressed and blocked: the suppression is the reason given.
    await addSuppression(h.ctx.database.db, user.userId, "one@prospects.test", "bounced");
    const other = await newUser();
    await block(other, ["@prospects.test"]);
    const res = await h.ctx.request("/api/contacts/duplicates", {
      method: "POST",
      cookie: user.cookie,
      json: {
        emails: [
          "ONE@prospects.test",
          "gone@prospects.test",
          "ann@blocked.test",
          "bee@x.mail.blocked.test",
          "fine@prospects.test",
          "fine@notblocked.test",
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as DuplicateCheckResult;
    expect(body).toEqual({
      previousSends: [],
      blocked: [
        { email: "ann@blocked.test", reason: "blocked", entry: "blocked.test" },
        { email: "bee@x.mail.blocked.test", reason: "blocked", entry: "mail.blocked.test" },
        { email: "gone@prospects.test", reason: "unsubscribed", entry: "gone@prospects.test" },
        { email: "one@prospects.test", reason: "bounced", entry: "one@prospects.test" },
      ],
    });
  });
});

describe("launch", () => {
  it("leaves blocked contacts out, says how many, and sends to the others", async () => {
    const user = await newUser();
    await block(user, ["blocked-1@prospects.test", "@blocked.test"]);
    const campaign = await createCampaign(h.ctx, user.cookie, {
      contacts: [...people(3, "blocked"), { email: "ann@mail.blocked.test", customFields: {} }],
    });
    const launched = await launch(h.ctx, user.cookie, campaign.campaign.id);
    expect(launched.body).toMatchObject({ emailsSent: 2, scheduled: 2, suppressed: 0, blocked: 2 });
    expect(h.sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
      "blocked-2@prospects.test",
      "blocked-3@prospects.test",
    ]);
    // Their status is theirs (not unsubscribed, not bounced); the row says they are blocked.
    const rows = new Map((await contactRows(user, campaign.campaign.id)).map((c) => [c.email, c]));
    expect(rows.get("blocked-1@prospects.test")).toMatchObject({ status: "active", blocked: "listed" });
    expect(rows.get("ann@mail.blocked.test")).toMatchObject({ status: "active", blocked: "listed" });
    expect(rows.get("blocked-2@prospects.test")?.blocked).toBeNull();
  });

  it("the wizard's create-and-launch repeated with its key reads the blocked count back", async () => {
    const user = await newUser();
    await block(user, ["@blocked.test"]);
    const body = {
      name: "Launched once",
      description: null,
      emailColumn: "email",
      senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 50 }],
      contacts: [...people(2, "wizard"), { email: "x@blocked.test", customFields: {} }],
      sequence: [step("Hi", "Hello")],
      launchKey: randomUUID(),
    };
    const first = await h.ctx.request("/api/campaigns/launch", { method: "POST", cookie: user.cookie, json: body });
    expect(await first.json()).toMatchObject({ scheduled: 2, blocked: 1 });
    const again = await h.ctx.request("/api/campaigns/launch", { method: "POST", cookie: user.cookie, json: body });
    expect(await again.json()).toMatchObject({ scheduled: 2, blocked: 1 });
  });
});

describe("at send time", () => {
  it("a contact blocked after launch is skipped with its reason, never sent; the others still go", async () => {
    const user = await newUser();
    // The window opens at 10:00: launch queues step 1 and sends nothing yet.
    await setSendingSettings(db(), user.userId, { sendTimeStart: "10:00", sendTimeEnd: "17:00" });
    const campaign = await createCampaign(h.ctx, user.cookie, {
      contacts: [...people(3, "later"), { email: "ann@sub.late-domain.test", customFields: {} }],
      sequence: [step("One", "1"), step("Two", "2", { amount: 1 })],
    });
    const id = campaign.campaign.id;
    expect((await launch(h.ctx, user.cookie, id)).body).toMatchObject({ emailsSent: 0, scheduled: 4, blocked: 0 });

    await block(user, ["LATER-1@prospects.test", "late-domain.test"]);
    clock.set("2026-12-07T10:01:00.000Z");
    expect((await drain(worker())).sent).toBe(2);
    expect(h.sink.messages.map((m) => m.envelope.to[0]).sort()).toEqual([
      "later-2@prospects.test",
      "later-3@prospects.test",
    ]);
    expect(await cancelReasons(id)).toEqual({
      "later-1@prospects.test": "blocked",
      "ann@sub.late-domain.test": "blocked",
    });

    // A contact blocked between its steps: step 2 is skipped, the other's goes.
    await block(user, ["later-2@prospects.test"]);
    clock.advance(DAY);
    h.sink.reset();
    expect((await drain(worker())).sent).toBe(1);
    expect(h.sink.messages.map((m) => m.envelope.to[0])).toEqual(["later-3@prospects.test"]);
    expect((await cancelReasons(id))["later-2@prospects.test"]).toBe("blocked");

    // The row says why, and still does once the block is lifted (the skipped step is not sent again).
    const listed = await h.ctx.request("/api/block-list?search=later-1", { cookie: user.cookie });
    const [entry] = ((await listed.json()) as { items: { id: string }[] }).items;
    expect(
      (await h.ctx.request(`/api/block-list/${entry!.id}`, { method: "DELETE", cookie: user.cookie })).status,
    ).toBe(204);
    const rows = new Map((await contactRows(user, id)).map((c) => [c.email, c.blocked]));
    expect(Object.fromEntries(rows)).toEqual({
      "later-1@prospects.test": "skipped",
      "later-2@prospects.test": "listed",
      "later-3@prospects.test": null,
      "ann@sub.late-domain.test": "listed",
    });
    clock.advance(DAY);
    h.sink.reset();
    await drain(worker());
    expect(h.sink.messages.map((m) => m.envelope.to[0])).not.toContain("later-1@prospects.test");
  });
});
