// A campaign's clicks through the API: sends inserted as the engine leaves
// them (steps, A/B variants, a failed send), clicks made through the redirect
// as readers make them; the figures per campaign, step, variant and link, and
// another user's campaign is 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignClicks } from "#shared/tracking/click-report.schemas.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSends, emailSequences } from "../../db/schema/index.ts";
import { clickUrl } from "../../mail/tokens.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { sendWorker: false });
  alice = await ctx.signUpVerified("alice-clicks@example.com");
  bob = await ctx.signUpVerified("bob-clicks@example.com");
});
afterAll(() => ctx?.close());

const PRICING = "https://acme.test/pricing";
const DOCS = "https://acme.test/docs";

type Send = { step: 1 | 2; variant: number; clicks: string[]; status?: "sent" | "failed" };

async function seedCampaign(userId: string, sends: Send[], trackClicks = true) {
  const db = ctx.database.db;
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name: "Clicks", status: "active", trackClicks })
    .returning();
  const campaignId = campaign!.id;
  const [step1, step2] = await db
    .insert(emailSequences)
    .values([
      { campaignId, stepNumber: 1, subject: "Hi", body: "x", variants: [{ subject: "Hey", body: null }] },
      { campaignId, stepNumber: 2, subject: "Re: hi", body: "y", delayAmount: 2 },
    ])
    .returning();
  for (const [i, send] of sends.entries()) {
    const email = `p${i}@prospects.test`;
    const [contact] = await db.insert(contacts).values({ userId, campaignId, email }).returning();
    const [row] = await db
      .insert(emailSends)
      .values({
        userId,
        campaignId,
        contactId: contact!.id,
        sequenceId: (send.step === 1 ? step1 : step2)!.id,
        variantIndex: send.variant,
        toEmail: email,
        fromEmail: "me@acme.test",
        subject: "Hi",
        body: "x",
        status: send.status ?? "sent",
        sentAt: new Date(),
      })
      .returning();
    for (const url of send.clicks) {
      const res = await ctx.app.request(clickUrl(TEST_ORIGIN, ctx.config.appSecret, row!.id, url));
      expect(res.status).toBe(302);
    }
  }
  return { campaignId, step1: step1!.id, step2: step2!.id };
}

const report = async (cookie: string, campaignId: string) => {
  const res = await ctx.request(`/api/campaigns/${campaignId}/clicks`, { cookie });
  return { status: res.status, body: (await res.json()) as CampaignClicks };
};

describe("a campaign's clicks", () => {
  it("counts per campaign, step, variant and link: each send and link once, sent sends only", async () => {
    const seeded = await seedCampaign(alice.userId, [
      { step: 1, variant: 0, clicks: [PRICING, PRICING, DOCS] },
      { step: 1, variant: 0, clicks: [] },
      { step: 1, variant: 1, clicks: [PRICING] },
      { step: 1, variant: 1, clicks: [] },
      { step: 2, variant: 0, clicks: [DOCS] },
      { step: 2, variant: 0, clicks: [], status: "failed" },
    ]);
    // Bob's clicks on his own campaign are no part of Alice's.
    await seedCampaign(bob.userId, [{ step: 1, variant: 0, clicks: [PRICING] }]);

    const { status, body } = await report(alice.cookie, seeded.campaignId);
    expect(status).toBe(200);
    expect(body).toEqual({
      clicksTracked: true,
      sent: 5,
      clicked: 3,
      clicks: 4,
      steps: [
        {
          stepId: seeded.step1,
          stepNumber: 1,
          sent: 4,
          clicked: 2,
          clicks: 3,
          variants: [
            { index: 0, letter: "A", sent: 2, clicked: 1, clicks: 2 },
            { index: 1, letter: "B", sent: 2, clicked: 1, clicks: 1 },
          ],
        },
        {
          stepId: seeded.step2,
          stepNumber: 2,
          sent: 1,
          clicked: 1,
          clicks: 1,
          variants: [{ index: 0, letter: "A", sent: 1, clicked: 1, clicks: 1 }],
        },
      ],
      links: [
        { url: DOCS, clicks: 2 },
        { url: PRICING, clicks: 2 },
      ],
    });
  });

  it("is empty for a campaign not sent yet, and says whether clicks are tracked", async () => {
    const seeded = await seedCampaign(alice.userId, [], false);
    const { body } = await report(alice.cookie, seeded.campaignId);
    expect(body).toEqual({ clicksTracked: false, sent: 0, clicked: 0, clicks: 0, steps: [], links: [] });
  });

  it("is 404 for another user's campaign and for a campaign that does not exist", async () => {
    const seeded = await seedCampaign(alice.userId, [{ step: 1, variant: 0, clicks: [PRICING] }]);
    expect((await report(bob.cookie, seeded.campaignId)).status).toBe(404);
    expect((await report(alice.cookie, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await report(alice.cookie, "not-a-uuid")).status).toBe(404);
  });
});
