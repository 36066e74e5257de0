import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contact, PreviousSend } from "#shared/contacts/contacts.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSends } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-contacts@example.com");
  bob = await ctx.signUpVerified("bob-contacts@example.com");
});
afterAll(() => ctx?.close());

// The campaigns API is its own feature; these tests write the rows directly.
async function campaignOf(userId: string, name = "Campaign") {
  const [row] = await ctx.database.db.insert(campaigns).values({ userId, name }).returning();
  return row!;
}

async function contactIn(
  userId: string,
  campaignId: string,
  email: string,
  extra: Partial<typeof contacts.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(contacts)
    .values({ userId, campaignId, email, ...extra })
    .returning();
  return row!;
}

async function sendTo(userId: string, campaignId: string, contactId: string, at: string, to = "x@example.com") {
  await ctx.database.db.insert(emailSends).values({
    userId,
    campaignId,
    contactId,
    toEmail: to,
    fromEmail: "me@example.com",
    subject: "Hi",
    body: "Hello",
    status: "sent",
    sentAt: new Date(at),
    createdAt: new Date(at),
  });
}

type Page = { contacts: Contact[]; total: number };
type ErrorBody = { error: { code: string; message: string } };

async function list(cookie: string, campaignId: string, query = "") {
  return ctx.request(`/api/campaigns/${campaignId}/contacts${query}`, { cookie });
}

function add(cookie: string, campaignId: string, body: unknown) {
  return ctx.request(`/api/campaigns/${campaignId}/contacts`, { method: "POST", cookie, json: body });
}

describe("authentication", () => {
  it("every contacts route needs a session", async () => {
    const campaign = await campaignOf(alice.userId);
    const responses = await Promise.all([
      ctx.request(`/api/campaigns/${campaign.id}/contacts`),
      ctx.request(`/api/campaigns/${campaign.id}/contacts`, { method: "POST", json: { contacts: [] } }),
      ctx.request(`/api/campaigns/${campaign.id}/contacts/${campaign.id}`, { method: "DELETE" }),
      ctx.request("/api/contacts/duplicates", { method: "POST", json: { emails: [] } }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });
});

describe("GET /api/campaigns/{id}/contacts", () => {
  it("pages newest first with the total, and searches email, names and company", async () => {
    const campaign = await campaignOf(alice.userId);
    await add(alice.cookie, campaign.id, {
      contacts: [
        { email: "ann@acme.io", firstName: "Ann", lastName: "Lee", company: "Acme" },
        { email: "bob@globex.io", firstName: "Bob", company: "Globex" },
        { email: "cy@initech.io", lastName: "Cyrus", company: "100%_Real Ltd" },
      ],
    });
    await add(alice.cookie, campaign.id, { contacts: [{ email: "dee@acme.io", firstName: "Dee" }] });

    const first = (await (await list(alice.cookie, campaign.id, "?limit=2")).json()) as Page;
    expect(first.total).toBe(4);
    // The later batch first; inside a batch, by address.
    expect(first.contacts.map((c) => c.email)).toEqual(["dee@acme.io", "ann@acme.io"]);
    const second = (await (await list(alice.cookie, campaign.id, "?limit=2&offset=2")).json()) as Page;
    expect(second.contacts.map((c) => c.email)).toEqual(["bob@globex.io", "cy@initech.io"]);
    const past = (await (await list(alice.cookie, campaign.id, "?limit=2&offset=10")).json()) as Page;
    expect(past).toEqual({ contacts: [], total: 4 });

    const search = async (term: string) =>
      ((await (await list(alice.cookie, campaign.id, `?search=${encodeURIComponent(term)}`)).json()) as Page).contacts
        .map((c) => c.email)
        .sort();
    expect(await search("ACME")).toEqual(["ann@acme.io", "dee@acme.io"]);
    expect(await search("bob")).toEqual(["bob@globex.io"]);
    expect(await search("ann lee")).toEqual(["ann@acme.io"]);
    expect(await search("cyrus")).toEqual(["cy@initech.io"]);
    // LIKE wildcards in the term are literal characters.
    expect(await search("100%_")).toEqual(["cy@initech.io"]);
    expect(await search("%")).toEqual(["cy@initech.io"]);
    expect(await search("nobody")).toEqual([]);
  });

  it("returns the contact's fields, status and reply time", async () => {
    const campaign = await campaignOf(alice.userId);
    await contactIn(alice.userId, campaign.id, "rep@x.io", {
      firstName: "Rep",
      customFields: { city: "Oslo" },
      repliedAt: new Date("2026-01-02T03:04:05Z"),
    });
    const page = (await (await list(alice.cookie, campaign.id)).json()) as Page;
    expect(page.contacts).toEqual([
      expect.objectContaining({
        campaignId: campaign.id,
        email: "rep@x.io",
        firstName: "Rep",
        lastName: null,
        company: null,
        status: "active",
        repliedAt: "2026-01-02T03:04:05.000Z",
        customFields: { city: "Oslo" },
      }),
    ]);
  });

  it("rejects a page size over 200", async () => {
    const campaign = await campaignOf(alice.userId);
    expect((await list(alice.cookie, campaign.id, "?limit=500")).status).toBe(400);
  });
});

describe("POST /api/campaigns/{id}/contacts", () => {
  it("adds contacts, lower-cased, skipping addresses already there or repeated", async () => {
    const campaign = await campaignOf(alice.userId);
    await contactIn(alice.userId, campaign.id, "old@x.io");
    const res = await add(alice.cookie, campaign.id, {
      contacts: [
        { email: "New@X.io", firstName: "New", customFields: { city: "Oslo" } },
        { email: "OLD@x.io" },
        { email: "new@x.io", firstName: "Again" },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ added: 1, skippedDuplicates: 2 });
    const rows = await ctx.database.db.select().from(contacts).where(eq(contacts.campaignId, campaign.id));
    expect(rows.map((r) => [r.email, r.firstName, r.customFields, r.userId]).sort()).toEqual([
      ["new@x.io", "New", { city: "Oslo" }, alice.userId],
      ["old@x.io", null, {}, alice.userId],
    ]);
  });

  it("adds 10,000 contacts in one request", async () => {
    const campaign = await campaignOf(alice.userId);
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      email: `p${i}@bulk.example.com`,
      firstName: `P${i}`,
      lastName: "Bulk",
      company: "Bulk Inc",
      customFields: { row: String(i) },
    }));
    const res = await add(alice.cookie, campaign.id, { contacts: many });
    expect(await res.json()).toEqual({ added: 10_000, skippedDuplicates: 0 });
    const page = (await (await list(alice.cookie, campaign.id, "?limit=1")).json()) as Page;
    expect(page.total).toBe(10_000);
  });

  it("validates the contacts with the shared schema", async () => {
    const campaign = await campaignOf(alice.userId);
    const empty = await add(alice.cookie, campaign.id, { contacts: [] });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as ErrorBody).error.message).toBe("No valid contacts found");
    const noEmail = await add(alice.cookie, campaign.id, { contacts: [{ email: " " }] });
    expect(((await noEmail.json()) as ErrorBody).error.message).toBe("Email is required");
    const bad = await add(alice.cookie, campaign.id, { contacts: [{ email: "not-an-email" }] });
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/campaigns/{id}/contacts/addresses", () => {
  it("lists every contact's id and address, and only the owner's campaign", async () => {
    const campaign = await campaignOf(alice.userId);
    const first = await contactIn(alice.userId, campaign.id, "one@x.io", { createdAt: new Date("2026-01-01") });
    const second = await contactIn(alice.userId, campaign.id, "two@x.io", { createdAt: new Date("2026-01-02") });
    await contactIn(alice.userId, (await campaignOf(alice.userId)).id, "elsewhere@x.io");
    const url = `/api/campaigns/${campaign.id}/contacts/addresses`;
    const res = await ctx.request(url, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      contacts: [
        { id: first.id, email: "one@x.io" },
        { id: second.id, email: "two@x.io" },
      ],
    });
    const other = await ctx.request(url, { cookie: bob.cookie });
    expect(other.status).toBe(404);
    expect(((await other.json()) as ErrorBody).error.message).toBe("Campaign not found");
  });
});

describe("DELETE /api/campaigns/{id}/contacts/{contactId}", () => {
  it("removes the contact, then says it is not found", async () => {
    const campaign = await campaignOf(alice.userId);
    const contact = await contactIn(alice.userId, campaign.id, "gone@x.io");
    const url = `/api/campaigns/${campaign.id}/contacts/${contact.id}`;
    expect((await ctx.request(url, { method: "DELETE", cookie: alice.cookie })).status).toBe(204);
    const again = await ctx.request(url, { method: "DELETE", cookie: alice.cookie });
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error.message).toBe("Contact not found");
  });

  it("does not remove a contact through another campaign's URL", async () => {
    const one = await campaignOf(alice.userId);
    const two = await campaignOf(alice.userId);
    const contact = await contactIn(alice.userId, one.id, "stay@x.io");
    const res = await ctx.request(`/api/campaigns/${two.id}/contacts/${contact.id}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(res.status).toBe(404);
    expect(await ctx.database.db.select().from(contacts).where(eq(contacts.id, contact.id))).toHaveLength(1);
  });
});

describe("tenant isolation", () => {
  it("another user gets 'Campaign not found' and can neither list, add nor remove", async () => {
    const campaign = await campaignOf(alice.userId);
    const contact = await contactIn(alice.userId, campaign.id, "private@x.io");
    const notFound = { error: { code: "not_found", message: "Campaign not found" } };

    const listed = await list(bob.cookie, campaign.id);
    expect(listed.status).toBe(404);
    expect(await listed.json()).toEqual(notFound);

    const added = await add(bob.cookie, campaign.id, { contacts: [{ email: "intruder@x.io" }] });
    expect(added.status).toBe(404);
    expect(await added.json()).toEqual(notFound);

    const removed = await ctx.request(`/api/campaigns/${campaign.id}/contacts/${contact.id}`, {
      method: "DELETE",
      cookie: bob.cookie,
    });
    expect(removed.status).toBe(404);
    expect(await removed.json()).toEqual(notFound);

    const rows = await ctx.database.db.select().from(contacts).where(eq(contacts.campaignId, campaign.id));
    expect(rows.map((r) => r.email)).toEqual(["private@x.io"]);
  });

  it("a malformed campaign or contact id is 'not found', not a server error", async () => {
    expect((await list(alice.cookie, "not-a-uuid")).status).toBe(404);
    const campaign = await campaignOf(alice.userId);
    const res = await ctx.request(`/api/campaigns/${campaign.id}/contacts/nope`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(res.status).toBe(404);
  });
});

describe("POST /api/contacts/duplicates", () => {
  async function check(cookie: string, emails: string[]) {
    const res = await ctx.request("/api/contacts/duplicates", { method: "POST", cookie, json: { emails } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { previousSends: PreviousSend[] }).previousSends;
  }

  it("finds the user's earlier sends, case-insensitively, one per address and campaign, newest first", async () => {
    const user = await ctx.signUpVerified("dupes-owner@example.com");
    const spring = await campaignOf(user.userId, "Spring Launch");
    const autumn = await campaignOf(user.userId, "Autumn Push");
    const jane = await contactIn(user.userId, spring.id, "Jane@Acme.io", { firstName: "Jane", lastName: "Doe" });
    const janeAgain = await contactIn(user.userId, autumn.id, "jane@acme.io", { firstName: "Jane" });
    const kim = await contactIn(user.userId, spring.id, "kim@acme.io");
    await contactIn(user.userId, spring.id, "never-sent@acme.io");
    await sendTo(user.userId, spring.id, jane.id, "2026-03-01T10:00:00Z");
    await sendTo(user.userId, autumn.id, janeAgain.id, "2026-09-01T10:00:00Z");
    await sendTo(user.userId, spring.id, kim.id, "2026-03-02T10:00:00Z");

    const found = await check(user.cookie, ["JANE@acme.io", "kim@acme.io", "never-sent@acme.io", "new@acme.io"]);
    expect(found).toEqual([
      {
        email: "jane@acme.io",
        firstName: "Jane",
        lastName: null,
        campaignId: autumn.id,
        campaignName: "Autumn Push",
        sentAt: "2026-09-01T10:00:00.000Z",
      },
      {
        email: "kim@acme.io",
        firstName: null,
        lastName: null,
        campaignId: spring.id,
        campaignName: "Spring Launch",
        sentAt: "2026-03-02T10:00:00.000Z",
      },
      {
        email: "jane@acme.io",
        firstName: "Jane",
        lastName: "Doe",
        campaignId: spring.id,
        campaignName: "Spring Launch",
        sentAt: "2026-03-01T10:00:00.000Z",
      },
    ]);
  });

  it("reports a campaign once per address even after several steps", async () => {
    const user = await ctx.signUpVerified("dupes-steps@example.com");
    const campaign = await campaignOf(user.userId, "Sequence");
    const one = await contactIn(user.userId, campaign.id, "steps@acme.io");
    await sendTo(user.userId, campaign.id, one.id, "2026-01-01T00:00:00Z");
    // A second step's send (email_sends is unique per contact and step, not per contact).
    await sendTo(user.userId, campaign.id, one.id, "2026-01-05T00:00:00Z");
    const found = await check(user.cookie, ["steps@acme.io"]);
    expect(found).toHaveLength(1);
    expect(found[0]?.sentAt).toBe("2026-01-05T00:00:00.000Z");
  });

  it("still finds a send whose contact was removed from its campaign (the email was sent)", async () => {
    const user = await ctx.signUpVerified("dupes-removed@example.com");
    const campaign = await campaignOf(user.userId, "Earlier");
    const gone = await contactIn(user.userId, campaign.id, "Removed@Acme.io", { firstName: "Rae" });
    await sendTo(user.userId, campaign.id, gone.id, "2026-04-01T10:00:00Z", "Removed@Acme.io");
    const url = `/api/campaigns/${campaign.id}/contacts/${gone.id}`;
    expect((await ctx.request(url, { method: "DELETE", cookie: user.cookie })).status).toBe(204);
    expect(await check(user.cookie, ["removed@acme.io"])).toEqual([
      {
        email: "removed@acme.io",
        firstName: null,
        lastName: null,
        campaignId: campaign.id,
        campaignName: "Earlier",
        sentAt: "2026-04-01T10:00:00.000Z",
      },
    ]);
    // Another user with the same address in a campaign of theirs sees nothing of it.
    const other = await ctx.signUpVerified("dupes-removed-other@example.com");
    expect(await check(other.cookie, ["removed@acme.io"])).toEqual([]);
  });

  it("never sees another user's sends", async () => {
    const owner = await ctx.signUpVerified("dupes-a@example.com");
    const other = await ctx.signUpVerified("dupes-b@example.com");
    const campaign = await campaignOf(owner.userId, "Owner's");
    const contact = await contactIn(owner.userId, campaign.id, "shared@acme.io");
    await sendTo(owner.userId, campaign.id, contact.id, "2026-02-01T00:00:00Z");
    expect(await check(other.cookie, ["shared@acme.io"])).toEqual([]);
    expect(await check(owner.cookie, ["shared@acme.io"])).toHaveLength(1);
  });

  it("returns nothing for an empty list and refuses more than 10,000 addresses", async () => {
    expect(await check(alice.cookie, [])).toEqual([]);
    const tooMany = Array.from({ length: 10_001 }, (_, i) => `u${i}@x.io`);
    const res = await ctx.request("/api/contacts/duplicates", {
      method: "POST",
      cookie: alice.cookie,
      json: { emails: tooMany },
    });
    expect(res.status).toBe(400);
  });
});
