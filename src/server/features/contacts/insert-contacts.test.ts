// Contacts go in a chunk per statement (the event loop runs between chunks):
// an address repeated across chunks is still stored once, and a failure in a
// later chunk leaves nothing of the earlier ones (one transaction).
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaign, people } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { contacts } from "../../db/schema/index.ts";
import { insertContacts } from "./insert-contacts.ts";

let ctx: TestContext;
let owner: { cookie: string; userId: string };
beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { sendWorker: false });
  owner = await ctx.signUpVerified("insert-contacts@example.com");
});
afterAll(() => ctx?.close());

const stored = async (campaignId: string) =>
  (await ctx.database.db.select({ n: count() }).from(contacts).where(eq(contacts.campaignId, campaignId)))[0]?.n;

describe("insertContacts", () => {
  it("stores an address once when it comes again in a later chunk", async () => {
    const { campaign } = await createCampaign(ctx, owner.cookie, { contacts: people(1, "first") });
    const list = people(2_500, "chunked");
    const again = list.slice(0, 500).map((c) => ({ ...c, email: c.email.toUpperCase() }));
    const added = await ctx.database.db.transaction((tx) =>
      insertContacts(tx, owner.userId, campaign.id, [...list, ...again]),
    );
    expect(added).toBe(2_500);
    expect(await stored(campaign.id)).toBe(2_501);
  });

  it("keeps nothing of the earlier chunks when a later one fails", async () => {
    const { campaign } = await createCampaign(ctx, owner.cookie, { contacts: people(1, "rollback") });
    const list = [
      ...people(1_500, "doomed"),
      { email: "x\u0000@bad.test", firstName: "", lastName: "", company: "", customFields: {} },
    ];
    await expect(
      ctx.database.db.transaction((tx) => insertContacts(tx, owner.userId, campaign.id, list)),
    ).rejects.toThrow();
    expect(await stored(campaign.id)).toBe(1);
  });
});
