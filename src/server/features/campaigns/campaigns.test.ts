import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignDetail, CreateCampaignInput } from "#shared/campaigns/campaigns.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSequences, senderAccounts } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
});
afterAll(() => ctx?.close());

const step = (subject: string, body: string, delayAmount = 0) => ({
  subject,
  body,
  bodyFormat: "text" as const,
  delayAmount,
  delayUnit: "days" as const,
  scheduledDate: null,
  scheduledTime: null,
});

function input(overrides: Partial<CreateCampaignInput> = {}): CreateCampaignInput {
  return {
    name: "Q4 Outreach",
    description: "Founders in Berlin",
    emailColumn: "email",
    senderAccounts: [
      { email: "sales@acme.test", provider: "custom", dailyLimit: 40 },
      { email: "Ben@Acme.test", provider: "gmail", dailyLimit: 60 },
    ],
    contacts: [
      {
        email: "Jane@Example.com",
        firstName: "Jane",
        lastName: "Doe",
        company: "Initech",
        customFields: { city: "Berlin" },
      },
      { email: "raj@example.com", firstName: "Raj", lastName: null, company: null, customFields: {} },
      // The same address twice is stored once.
      { email: "jane@example.com", firstName: "J", lastName: null, company: null, customFields: {} },
    ],
    sequence: [step("Hi {{firstName}}", "Hello {{firstName}} at {{company}}"), step("Re: Hi", "Following up", 3)],
    ...overrides,
  };
}

const create = async (cookie: string, body: unknown) =>
  ctx.request("/api/campaigns", { method: "POST", cookie, json: body });

async function rowCounts(campaignId?: string) {
  const db = ctx.database.db;
  const where = <T extends { campaignId: unknown }>(t: T) =>
    campaignId ? eq(t.campaignId as never, campaignId) : undefined;
  return {
    campaigns: (
      await db
        .select()
        .from(campaigns)
        .where(campaignId ? eq(campaigns.id, campaignId) : undefined)
    ).length,
    senders: (await db.select().from(senderAccounts).where(where(senderAccounts))).length,
    contacts: (await db.select().from(contacts).where(where(contacts))).length,
    steps: (await db.select().from(emailSequences).where(where(emailSequences))).length,
  };
}

describe("POST /api/campaigns", () => {
  it("creates the campaign, its senders, contacts and steps as a draft", async () => {
    const res = await create(alice.cookie, input());
    expect(res.status).toBe(201);
    const detail = (await res.json()) as CampaignDetail;
    expect(detail.campaign).toMatchObject({ name: "Q4 Outreach", description: "Founders in Berlin", status: "draft" });
    expect(detail.senders.map((s) => [s.email, s.provider, s.dailyLimit])).toEqual([
      ["sales@acme.test", "custom", 40],
      ["ben@acme.test", "gmail", 60],
    ]);
    expect(detail.sequence.map((s) => [s.stepNumber, s.subject, s.delayAmount])).toEqual([
      [1, "Hi {{firstName}}", 0],
      [2, "Re: Hi", 3],
    ]);
    expect(detail.contactCount).toBe(2);
    const stored = await ctx.database.db.select().from(contacts).where(eq(contacts.campaignId, detail.campaign.id));
    const jane = stored.find((c) => c.email === "jane@example.com");
    expect(jane).toMatchObject({
      userId: alice.userId,
      firstName: "Jane",
      company: "Initech",
      customFields: { city: "Berlin" },
    });
  });

  it("sanitises rich-text bodies before storing them", async () => {
    const res = await create(
      alice.cookie,
      input({
        sequence: [
          {
            ...step(
              "Hi",
              '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a> <strong>there</strong></p>',
            ),
            bodyFormat: "html",
          },
        ],
      }),
    );
    expect(res.status).toBe(201);
    const detail = (await res.json()) as CampaignDetail;
    const body = detail.sequence[0]!.body;
    expect(body).toContain("<strong>there</strong>");
    expect(body).not.toMatch(/script|onclick|javascript:/i);
  });

  it("lists the user's campaigns newest first with counters", async () => {
    await create(alice.cookie, input({ name: "Second" }));
    const res = await ctx.request("/api/campaigns", { cookie: alice.cookie });
    const { campaigns: list } = (await res.json()) as {
      campaigns: { name: string; contactCount: number; sentCount: number }[];
    };
    expect(list.map((c) => c.name).slice(0, 2)).toEqual(["Second", "Q4 Outreach"]);
    expect(list[0]).toMatchObject({ contactCount: 2, sentCount: 0 });
  });

  it.each([
    [{ name: "  " }, "Campaign name is required"],
    [{ senderAccounts: [] }, "At least one sender account is required"],
    [{ contacts: [] }, "No contacts found. Please upload contacts before launching the campaign."],
    [{ sequence: [] }, "Email sequence is required"],
    [{ sequence: [step("", "body")] }, "All email steps must have subject and body"],
    [
      {
        senderAccounts: [
          { email: "a@x.io", provider: "gmail" as const, dailyLimit: 50 },
          { email: "A@x.io", provider: "gmail" as const, dailyLimit: 50 },
        ],
      },
      "This email address is already added as a sender account.",
    ],
    [
      { senderAccounts: [{ email: "a@x.io", provider: "gmail" as const, dailyLimit: 501 }] },
      "Daily limit must be between 1 and 500",
    ],
  ])("rejects %j with a 400 and the spec's message, storing nothing", async (patch, message) => {
    const before = await rowCounts();
    const res = await create(alice.cookie, input(patch as Partial<CreateCampaignInput>));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(await rowCounts()).toEqual(before);
  });

  it("rolls everything back when a later part fails (another user's saved sender)", async () => {
    const [bobsSender] = await ctx.database.db
      .insert(senderAccounts)
      .values({ userId: bob.userId, email: "bob@sender.test", provider: "gmail", dailyLimit: 50 })
      .returning();
    const before = await rowCounts();
    const res = await create(
      alice.cookie,
      input({
        senderAccounts: [
          { email: "bob@sender.test", provider: "gmail", dailyLimit: 50, savedSenderId: bobsSender!.id },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Sender account not found");
    expect(await rowCounts()).toEqual(before);
  });

  it("imports a saved sender as a copy that points at it", async () => {
    const [saved] = await ctx.database.db
      .insert(senderAccounts)
      .values({ userId: alice.userId, email: "saved@acme.test", provider: "outlook", dailyLimit: 80 })
      .returning();
    const res = await create(
      alice.cookie,
      input({
        senderAccounts: [{ email: "saved@acme.test", provider: "outlook", dailyLimit: 80, savedSenderId: saved!.id }],
      }),
    );
    const detail = (await res.json()) as CampaignDetail;
    expect(detail.senders).toEqual([
      expect.objectContaining({ email: "saved@acme.test", savedSenderId: saved!.id, canSend: true }),
    ]);
  });
});

describe("editing a campaign", () => {
  it("saves details, steps by position (update, insert, delete surplus) and senders in one go", async () => {
    const created = (await (await create(alice.cookie, input())).json()) as CampaignDetail;
    const id = created.campaign.id;
    const [first, second] = created.sequence;

    const grow = await ctx.request(`/api/campaigns/${id}`, {
      method: "PUT",
      cookie: alice.cookie,
      json: {
        name: "Renamed",
        description: null,
        sequence: [step("New subject 1", "b1"), step("New subject 2", "b2", 2), step("Third", "b3", 4)],
        senderAccounts: [
          { ...created.senders[0]!, dailyLimit: 45 },
          { email: "new@acme.test", provider: "custom", dailyLimit: 10 },
        ],
      },
    });
    expect(grow.status).toBe(200);
    const grown = (await grow.json()) as CampaignDetail;
    expect(grown.campaign).toMatchObject({ name: "Renamed", description: null });
    expect(grown.sequence.map((s) => [s.id, s.stepNumber, s.subject])).toEqual([
      [first!.id, 1, "New subject 1"],
      [second!.id, 2, "New subject 2"],
      [expect.any(String), 3, "Third"],
    ]);
    expect(grown.senders.map((s) => [s.email, s.dailyLimit])).toEqual([
      ["sales@acme.test", 45],
      ["new@acme.test", 10],
    ]);

    const shrink = await ctx.request(`/api/campaigns/${id}`, {
      method: "PUT",
      cookie: alice.cookie,
      json: { name: "Renamed", description: "again", sequence: [step("Only", "one")], senderAccounts: grown.senders },
    });
    const shrunk = (await shrink.json()) as CampaignDetail;
    expect(shrunk.sequence.map((s) => [s.id, s.subject])).toEqual([[first!.id, "Only"]]);
    expect((await rowCounts(id)).steps).toBe(1);
  });

  it("leaves the campaign untouched when the save is invalid", async () => {
    const created = (await (await create(alice.cookie, input())).json()) as CampaignDetail;
    const res = await ctx.request(`/api/campaigns/${created.campaign.id}`, {
      method: "PUT",
      cookie: alice.cookie,
      json: { name: "x", sequence: [step("", "")], senderAccounts: created.senders },
    });
    expect(res.status).toBe(400);
    const again = (await (
      await ctx.request(`/api/campaigns/${created.campaign.id}`, { cookie: alice.cookie })
    ).json()) as CampaignDetail;
    expect(again).toEqual(created);
  });
});

describe("Track clicks", () => {
  it("is off unless asked, set for the campaign and per step, changed by Save, and refused when not a boolean", async () => {
    const plain = (await (await create(alice.cookie, input())).json()) as CampaignDetail;
    expect(plain.campaign.trackClicks).toBe(false);
    expect(plain.sequence.map((s) => s.trackClicks)).toEqual([null, null]);

    const created = (await (
      await create(
        alice.cookie,
        input({ trackClicks: true, sequence: [step("Hi", "a"), { ...step("Re: Hi", "b", 2), trackClicks: false }] }),
      )
    ).json()) as CampaignDetail;
    expect(created.campaign.trackClicks).toBe(true);
    expect(created.sequence.map((s) => s.trackClicks)).toEqual([null, false]);

    const id = created.campaign.id;
    const save = (json: unknown) => ctx.request(`/api/campaigns/${id}`, { method: "PUT", cookie: alice.cookie, json });
    const body = { name: "Clicks", description: null, senderAccounts: created.senders };
    const saved = await save({
      ...body,
      trackClicks: false,
      sequence: [{ ...step("Hi", "a"), trackClicks: true }, step("Re: Hi", "b", 2)],
    });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as CampaignDetail;
    expect(after.campaign.trackClicks).toBe(false);
    expect(after.sequence.map((s) => s.trackClicks)).toEqual([true, null]);

    const refused = await save({ ...body, trackClicks: "yes", sequence: [step("Hi", "a")] });
    expect(refused.status).toBe(400);
    const error = ((await refused.json()) as { error: { details: { fields: Record<string, string> } } }).error;
    expect(error.details.fields.trackClicks).toBe("Track clicks must be true or false");
    const stepRefused = await save({ ...body, sequence: [{ ...step("Hi", "a"), trackClicks: 1 }] });
    expect(stepRefused.status).toBe(400);
    const unchanged = (await (
      await ctx.request(`/api/campaigns/${id}`, { cookie: alice.cookie })
    ).json()) as CampaignDetail;
    expect(unchanged).toEqual(after);
  });
});

describe("a step's size (text and inline images, at most 7 MB)", () => {
  /** A rich-text body with an inline image of `bytes` bytes. */
  const withImage = (bytes: number) => ({
    ...step("Hi", `<p>Hi</p><p><img src="data:image/png;base64,${Buffer.alloc(bytes, 1).toString("base64")}"></p>`),
    bodyFormat: "html" as const,
  });
  const refusal = (n: number, size: string) =>
    `Step ${n}'s message is ${size}; a step can be at most 7 MB with its images.`;

  it("refuses a campaign with a step over the limit, naming it and the sizes, storing nothing", async () => {
    const before = await rowCounts();
    const res = await create(alice.cookie, input({ sequence: [step("Hi", "Hello"), withImage(7_200_000)] }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(refusal(2, "7.3 MB"));
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses an edit that makes a step too large, leaving the campaign as it was", async () => {
    const created = (await (await create(alice.cookie, input())).json()) as CampaignDetail;
    const res = await ctx.request(`/api/campaigns/${created.campaign.id}`, {
      method: "PUT",
      cookie: alice.cookie,
      json: { name: "Bigger", sequence: [withImage(9_000_000)], senderAccounts: created.senders },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(refusal(1, "9.1 MB"));
    const again = (await (
      await ctx.request(`/api/campaigns/${created.campaign.id}`, { cookie: alice.cookie })
    ).json()) as CampaignDetail;
    expect(again).toEqual(created);
  });
});

describe("status and delete", () => {
  it("activates a draft, pauses an active campaign, reactivates it, and refuses completed ones", async () => {
    const { campaign } = (await (await create(alice.cookie, input())).json()) as CampaignDetail;
    const setStatus = (status: string) =>
      ctx.request(`/api/campaigns/${campaign.id}/status`, { method: "PATCH", cookie: alice.cookie, json: { status } });
    expect(((await (await setStatus("active")).json()) as { status: string }).status).toBe("active");
    expect(((await (await setStatus("paused")).json()) as { status: string }).status).toBe("paused");
    expect((await setStatus("paused")).status).toBe(409);
    expect(((await (await setStatus("active")).json()) as { status: string }).status).toBe("active");
    expect((await setStatus("completed")).status).toBe(400);
    await ctx.database.db.update(campaigns).set({ status: "completed" }).where(eq(campaigns.id, campaign.id));
    expect((await setStatus("active")).status).toBe(409);
  });

  it("deletes the campaign with its senders, contacts and steps", async () => {
    const { campaign } = (await (await create(alice.cookie, input())).json()) as CampaignDetail;
    const res = await ctx.request(`/api/campaigns/${campaign.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(res.status).toBe(204);
    expect(await rowCounts(campaign.id)).toEqual({ campaigns: 0, senders: 0, contacts: 0, steps: 0 });
    expect((await ctx.request(`/api/campaigns/${campaign.id}`, { cookie: alice.cookie })).status).toBe(404);
  });
});

describe("tenant isolation", () => {
  it("another user can never see or change a campaign", async () => {
    const created = (await (await create(alice.cookie, input({ name: "Private" }))).json()) as CampaignDetail;
    const id = created.campaign.id;
    const bobsList = (await (await ctx.request("/api/campaigns", { cookie: bob.cookie })).json()) as {
      campaigns: unknown[];
    };
    expect(bobsList.campaigns).toEqual([]);
    expect((await ctx.request(`/api/campaigns/${id}`, { cookie: bob.cookie })).status).toBe(404);
    const put = await ctx.request(`/api/campaigns/${id}`, {
      method: "PUT",
      cookie: bob.cookie,
      json: {
        name: "Hijacked",
        sequence: [step("a", "b")],
        senderAccounts: [{ email: "b@b.io", provider: "gmail", dailyLimit: 5 }],
      },
    });
    expect(put.status).toBe(404);
    expect(
      (
        await ctx.request(`/api/campaigns/${id}/status`, {
          method: "PATCH",
          cookie: bob.cookie,
          json: { status: "active" },
        })
      ).status,
    ).toBe(404);
    expect((await ctx.request(`/api/campaigns/${id}`, { method: "DELETE", cookie: bob.cookie })).status).toBe(404);
    const still = (await (
      await ctx.request(`/api/campaigns/${id}`, { cookie: alice.cookie })
    ).json()) as CampaignDetail;
    expect(still).toEqual(created);
  });

  it("answers 404 for ids that are not uuids, and 401 without a session", async () => {
    expect((await ctx.request("/api/campaigns/not-a-uuid", { cookie: alice.cookie })).status).toBe(404);
    expect((await ctx.request("/api/campaigns")).status).toBe(401);
  });
});
