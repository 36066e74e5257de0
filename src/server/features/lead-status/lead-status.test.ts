// The lead status API through the app: setting a status (validated, 404 for
// an address that is none of the user's contacts, another user's leads
// invisible and untouched), confirming a suggestion, the history newest
// first, and the status with its filter in Contacts, a campaign's contacts,
// the Inbox and the CSV export.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDirectoryPage } from "#shared/contact-directory/contact-directory.schemas.ts";
import type { Contact } from "#shared/contacts/contacts.schemas.ts";
import type { InboxPage } from "#shared/inbox/inbox.schemas.ts";
import type { LeadStatusDto, LeadStatusHistory } from "#shared/lead-status/lead-status.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSends, leadStatusChanges } from "../../db/schema/index.ts";
import { applyLeadStatusChanges } from "../../domain/lead-status.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let aliceCampaign: string;

const put = (cookie: string, email: string, body: unknown) =>
  ctx.request(`/api/leads/${encodeURIComponent(email)}/status`, { method: "PUT", cookie, json: body });
const get = (cookie: string, email: string) =>
  ctx.request(`/api/leads/${encodeURIComponent(email)}/status`, { cookie });

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-lead-api@example.com");
  bob = await ctx.signUpVerified("bob-lead-api@example.com");
  const db = ctx.database.db;
  const [a1, a2, b1] = await db
    .insert(campaigns)
    .values([
      { userId: alice.userId, name: "Spring" },
      { userId: alice.userId, name: "Autumn" },
      { userId: bob.userId, name: "Bob's" },
    ])
    .returning();
  aliceCampaign = a1!.id;
  const rows = await db
    .insert(contacts)
    .values([
      { userId: alice.userId, campaignId: a1!.id, email: "Lee@Example.com", firstName: "Lee" },
      { userId: alice.userId, campaignId: a2!.id, email: "lee@example.com", firstName: "Lee" },
      { userId: alice.userId, campaignId: a1!.id, email: "sam@example.com", firstName: "Sam" },
      { userId: alice.userId, campaignId: a1!.id, email: "kim@example.com", firstName: "Kim" },
      { userId: bob.userId, campaignId: b1!.id, email: "lee@example.com", firstName: "Bob's Lee" },
    ])
    .returning();
  // Sends, so that the Inbox has groups: one per contact row.
  await db.insert(emailSends).values(
    rows.map((c) => ({
      userId: c.userId,
      campaignId: c.campaignId,
      contactId: c.id,
      toEmail: c.email,
      fromEmail: "me@acme.test",
      subject: "Hello",
      body: "<p>Hi</p>",
      status: "sent" as const,
      sentAt: new Date(),
    })),
  );
  await applyLeadStatusChanges(db, [
    { userId: alice.userId, email: "sam@example.com", status: "interested", suggested: true, source: "mailbox" },
    { userId: bob.userId, email: "lee@example.com", status: "bounced", suggested: false, source: "sending" },
  ]);
});
afterAll(() => ctx?.close());

describe("PUT /api/leads/{email}/status", () => {
  it("sets a lead's status across its campaigns, case-insensitively, and only the user's", async () => {
    const res = await put(alice.cookie, "LEE@example.com", { status: "meeting_booked" });
    expect(res.status).toBe(200);
    expect((await res.json()) as LeadStatusDto).toMatchObject({
      email: "lee@example.com",
      status: "meeting_booked",
      suggested: false,
      source: "user",
    });
    // Bob's lead at the same address is his own, untouched.
    const bobs = (await (await get(bob.cookie, "lee@example.com")).json()) as LeadStatusHistory;
    expect(bobs.lead.status).toBe("bounced");
  });

  it("records a change made with an API key as made through the API", async () => {
    const created = await ctx.request("/api/api-keys", {
      method: "POST",
      cookie: alice.cookie,
      json: { name: "CRM sync", access: "read_write" },
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const res = await ctx.request(`/api/leads/${encodeURIComponent("lee@example.com")}/status`, {
      method: "PUT",
      headers: { authorization: `Bearer ${secret}` },
      json: { status: "not_interested" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "not_interested", source: "api" });
    const history = (await (await get(alice.cookie, "lee@example.com")).json()) as LeadStatusHistory;
    expect(history.changes[0]).toMatchObject({ to: "not_interested", source: "api" });
    // Back as the other tests expect it.
    await put(alice.cookie, "lee@example.com", { status: "meeting_booked" });
  });

  it("confirms a suggestion when the user chooses it", async () => {
    const res = await put(alice.cookie, "sam@example.com", { status: "interested" });
    expect(await res.json()).toMatchObject({ status: "interested", suggested: false, source: "user" });
    const history = (await (await get(alice.cookie, "sam@example.com")).json()) as LeadStatusHistory;
    expect(history.changes.map((c) => [c.from, c.to, c.suggested, c.source])).toEqual([
      ["interested", "interested", false, "user"],
      [null, "interested", true, "mailbox"],
    ]);
    // Choosing it again changes nothing: no history row.
    await put(alice.cookie, "sam@example.com", { status: "interested" });
    expect(((await (await get(alice.cookie, "sam@example.com")).json()) as LeadStatusHistory).changes).toHaveLength(2);
  });

  it("refuses a status that does not exist and an address that is not one, naming the field", async () => {
    const bad = await put(alice.cookie, "lee@example.com", { status: "hot" });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("validation_error");
    expect(body.error.message).toContain("status must be one of");
    expect((await put(alice.cookie, "lee@example.com", {})).status).toBe(400);
    const notAnAddress = await put(alice.cookie, "nobody", { status: "new" });
    expect(notAnAddress.status).toBe(400);
    expect(((await notAnAddress.json()) as { error: { message: string } }).error.message).toContain("email");
    const long = await put(alice.cookie, `${"x".repeat(320)}@example.com`, { status: "new" });
    expect(long.status).toBe(400);
    // Stored data untouched.
    expect(((await (await get(alice.cookie, "lee@example.com")).json()) as LeadStatusHistory).lead.status).toBe(
      "meeting_booked",
    );
  });

  it("is 404 for an address the user has no contact at, even when another user has", async () => {
    expect((await put(alice.cookie, "stranger@example.com", { status: "interested" })).status).toBe(404);
    expect((await get(alice.cookie, "stranger@example.com")).status).toBe(404);
    // Kim is Alice's, not Bob's.
    expect((await put(bob.cookie, "kim@example.com", { status: "interested" })).status).toBe(404);
    expect((await get(bob.cookie, "kim@example.com")).status).toBe(404);
    const kim = (await (await get(alice.cookie, "kim@example.com")).json()) as LeadStatusHistory;
    expect(kim.lead).toMatchObject({ status: "new", suggested: false, source: null });
    const rows = await ctx.database.db.select().from(leadStatusChanges);
    expect(rows.some((r) => r.email === "stranger@example.com" || r.email === "kim@example.com")).toBe(false);
  });

  it("is 401 signed out", async () => {
    expect((await ctx.request("/api/leads/lee@example.com/status")).status).toBe(401);
  });
});

describe("the status in the lists", () => {
  it("Contacts shows each entry's status and filters by it", async () => {
    const all = (await (await ctx.request("/api/contacts", { cookie: alice.cookie })).json()) as ContactDirectoryPage;
    expect(Object.fromEntries(all.contacts.map((c) => [c.key, c.leadStatus.status]))).toEqual({
      "lee@example.com": "meeting_booked",
      "sam@example.com": "interested",
      "kim@example.com": "new",
    });
    const booked = (await (
      await ctx.request("/api/contacts?leadStatus=meeting_booked", { cookie: alice.cookie })
    ).json()) as ContactDirectoryPage;
    expect(booked.contacts.map((c) => c.key)).toEqual(["lee@example.com"]);
    expect(booked.total).toBe(1);
    const fresh = (await (
      await ctx.request("/api/contacts?leadStatus=new", { cookie: alice.cookie })
    ).json()) as ContactDirectoryPage;
    expect(fresh.contacts.map((c) => c.key)).toEqual(["kim@example.com"]);
    const both = (await (
      await ctx.request("/api/contacts?leadStatus=interested&search=sam", { cookie: alice.cookie })
    ).json()) as ContactDirectoryPage;
    expect(both.contacts.map((c) => c.key)).toEqual(["sam@example.com"]);
    const bad = await ctx.request("/api/contacts?leadStatus=hot", { cookie: alice.cookie });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain("leadStatus");
    // Bob's filter sees only his own lead.
    const bobs = (await (
      await ctx.request("/api/contacts?leadStatus=meeting_booked", { cookie: bob.cookie })
    ).json()) as ContactDirectoryPage;
    expect(bobs.contacts).toEqual([]);
  });

  it("the CSV export has the Lead Status column and takes the filter", async () => {
    const res = await ctx.request("/api/contacts/export?leadStatus=interested", { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]?.split(",")[5]).toBe("Lead Status");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("sam@example.com");
    expect(lines[1]?.split(",")[5]).toBe("Interested");
  });

  it("a campaign's contacts carry their status", async () => {
    const res = await ctx.request(`/api/campaigns/${aliceCampaign}/contacts`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { contacts: Contact[] };
    expect(Object.fromEntries(list.contacts.map((c) => [c.email, c.leadStatus]))).toEqual({
      "Lee@Example.com": { status: "meeting_booked", suggested: false },
      "sam@example.com": { status: "interested", suggested: false },
      "kim@example.com": { status: "new", suggested: false },
    });
  });

  it("the Inbox shows each group's status and filters by it", async () => {
    const all = (await (await ctx.request("/api/inbox", { cookie: alice.cookie })).json()) as InboxPage;
    expect(all.groups.map((g) => [g.email, g.leadStatus.status]).sort()).toEqual([
      ["Lee@Example.com", "meeting_booked"],
      ["kim@example.com", "new"],
      ["lee@example.com", "meeting_booked"],
      ["sam@example.com", "interested"],
    ]);
    const booked = (await (
      await ctx.request("/api/inbox?leadStatus=meeting_booked", { cookie: alice.cookie })
    ).json()) as InboxPage;
    expect(booked.groups.map((g) => g.email.toLowerCase())).toEqual(["lee@example.com", "lee@example.com"]);
    const fresh = (await (
      await ctx.request("/api/inbox?leadStatus=new", { cookie: alice.cookie })
    ).json()) as InboxPage;
    expect(fresh.groups.map((g) => g.email)).toEqual(["kim@example.com"]);
    expect((await ctx.request("/api/inbox?leadStatus=HOT", { cookie: alice.cookie })).status).toBe(400);
    const bobs = (await (
      await ctx.request("/api/inbox?leadStatus=bounced", { cookie: bob.cookie })
    ).json()) as InboxPage;
    expect(bobs.groups.map((g) => g.email)).toEqual(["lee@example.com"]);
    const alices = (await (
      await ctx.request("/api/inbox?leadStatus=bounced", { cookie: alice.cookie })
    ).json()) as InboxPage;
    expect(alices.groups).toEqual([]);
  });
});
