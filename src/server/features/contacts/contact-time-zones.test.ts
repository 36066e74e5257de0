// A contact's time zone through the API: edited on one contact (another
// user's is not found, a bad zone is refused naming the field), and a
// campaign's contacts counted per zone.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contact, ContactZoneCounts } from "#shared/contacts/contacts.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, userSettings } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-zones@example.com");
  bob = await ctx.signUpVerified("bob-zones@example.com");
});
afterAll(() => ctx?.close());

async function campaignOf(userId: string) {
  const [row] = await ctx.database.db.insert(campaigns).values({ userId, name: "Zones" }).returning();
  return row!;
}

const patch = (cookie: string, campaignId: string, contactId: string, json: unknown) =>
  ctx.request(`/api/campaigns/${campaignId}/contacts/${contactId}`, { method: "PATCH", cookie, json });

describe("PATCH /api/campaigns/:id/contacts/:contactId", () => {
  it("stores the zone normalised, clears it with null, and refuses a bad one naming the field", async () => {
    const campaign = await campaignOf(alice.userId);
    const [contact] = await ctx.database.db
      .insert(contacts)
      .values({ userId: alice.userId, campaignId: campaign.id, email: "z@x.io" })
      .returning();

    const set = await patch(alice.cookie, campaign.id, contact!.id, { timezone: "UTC-3" });
    expect(set.status).toBe(200);
    expect(((await set.json()) as Contact).timezone).toBe("Etc/GMT+3");

    const bad = await patch(alice.cookie, campaign.id, contact!.id, { timezone: "Mars/Olympus" });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { message: string; details: { fields: Record<string, string> } } };
    expect(body.error.details.fields.timezone).toContain('"Mars/Olympus" is not a time zone');

    const cleared = await patch(alice.cookie, campaign.id, contact!.id, { timezone: null });
    expect(((await cleared.json()) as Contact).timezone).toBeNull();

    const listed = await ctx.request(`/api/campaigns/${campaign.id}/contacts`, { cookie: alice.cookie });
    expect(((await listed.json()) as { contacts: Contact[] }).contacts[0]!.timezone).toBeNull();
  });

  it("is not found for another user's contact, and changes nothing", async () => {
    const campaign = await campaignOf(alice.userId);
    const [contact] = await ctx.database.db
      .insert(contacts)
      .values({ userId: alice.userId, campaignId: campaign.id, email: "mine@x.io", timezone: "Europe/Berlin" })
      .returning();
    const res = await patch(bob.cookie, campaign.id, contact!.id, { timezone: "Asia/Tokyo" });
    expect(res.status).toBe(404);
    // Bob's own campaign with Alice's contact id: not found either.
    const bobs = await campaignOf(bob.userId);
    expect((await patch(bob.cookie, bobs.id, contact!.id, { timezone: "Asia/Tokyo" })).status).toBe(404);
    const [row] = await ctx.database.db.select().from(contacts).where(eq(contacts.id, contact!.id));
    expect(row!.timezone).toBe("Europe/Berlin");
  });
});

describe("GET /api/campaigns/:id/contacts/time-zones", () => {
  it("counts the campaign's contacts per zone, largest first, with the user's zone for those without one", async () => {
    await ctx.database.db
      .insert(userSettings)
      .values({ userId: alice.userId, timezone: "Europe/London" })
      .onConflictDoUpdate({ target: userSettings.userId, set: { timezone: "Europe/London" } });
    const campaign = await campaignOf(alice.userId);
    const zones = ["America/New_York", "America/New_York", "Europe/Berlin", null, null, null];
    await ctx.database.db
      .insert(contacts)
      .values(
        zones.map((timezone, i) => ({ userId: alice.userId, campaignId: campaign.id, email: `c${i}@x.io`, timezone })),
      );
    const res = await ctx.request(`/api/campaigns/${campaign.id}/contacts/time-zones`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()) as ContactZoneCounts).toEqual({
      userZone: "Europe/London",
      zones: [
        { zone: null, contacts: 3 },
        { zone: "America/New_York", contacts: 2 },
        { zone: "Europe/Berlin", contacts: 1 },
      ],
    });
    const other = await ctx.request(`/api/campaigns/${campaign.id}/contacts/time-zones`, { cookie: bob.cookie });
    expect(other.status).toBe(404);
  });
});
