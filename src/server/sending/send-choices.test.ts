// Tracking as a choice and plain-text sending, through the engine: campaigns
// created and launched through the API, delivered over real SMTP to a sink, the
// raw messages read back. Also the campaign routes' validation of the options.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CampaignDetail, CampaignSummary } from "#shared/campaigns/campaigns.schemas.ts";
import {
  createCampaign,
  drain,
  fakeClock,
  launch,
  people,
  registerSendingHarness,
  setSendingSettings,
  step,
  testWorker,
} from "../../../tests/support/sending-fixtures.ts";
import { emailSends } from "../db/schema/index.ts";

const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);
let n = 0;
const h = registerSendingHarness(clock, START);

async function newUser() {
  n += 1;
  return h.ctx.signUpVerified(`choices-owner-${n}@example.com`);
}

const worker = () => testWorker({ db: h.ctx.database.db, config: h.ctx.config, transports: h.transports, clock });

/** Header block and parts as sent. */
const headOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
const header = (raw: string, name: string) =>
  headOf(raw)
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();

async function summaries(cookie: string): Promise<Record<string, CampaignSummary>> {
  const res = await h.ctx.request("/api/campaigns", { cookie });
  const { campaigns } = (await res.json()) as { campaigns: CampaignSummary[] };
  return Object.fromEntries(campaigns.map((c) => [c.name, c]));
}

describe("open tracking as a choice", () => {
  it("leaves the pixel out when the setting is off, unless the campaign turns it on; the figures say 'not tracked'", async () => {
    const owner = await newUser();
    await setSendingSettings(h.ctx.database.db, owner.userId, { trackOpens: false });
    const follows = await createCampaign(h.ctx, owner.cookie, {
      name: "Follows the setting",
      contacts: people(2, "follows"),
    });
    const tracked = await createCampaign(h.ctx, owner.cookie, {
      name: "Tracked",
      contacts: people(2, "tracked"),
      trackOpens: true,
    });
    expect(follows.campaign).toMatchObject({ trackOpens: null, opensTracked: false, sendAs: "html" });
    expect(tracked.campaign).toMatchObject({ trackOpens: true, opensTracked: true });
    expect((await launch(h.ctx, owner.cookie, follows.campaign.id)).status).toBe(200);
    expect((await launch(h.ctx, owner.cookie, tracked.campaign.id)).status).toBe(200);

    const untrackedMail = h.sink.messages.filter((m) => m.envelope.to[0]!.startsWith("follows-"));
    const trackedMail = h.sink.messages.filter((m) => m.envelope.to[0]!.startsWith("tracked-"));
    expect(untrackedMail).toHaveLength(2);
    expect(trackedMail).toHaveLength(2);
    for (const m of untrackedMail) {
      expect(m.parsed.html).toContain("Hello First");
      expect(m.parsed.html).not.toContain("<img");
      expect(m.raw).not.toContain("/t/o/");
      // The unsubscribe link and headers are not tracking: they stay.
      expect(header(m.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    }
    for (const m of trackedMail) expect(m.parsed.html).toMatch(/<img src="[^"]*\/t\/o\/[^"]+\.gif"/);

    const figures = await summaries(owner.cookie);
    expect(figures["Follows the setting"]).toMatchObject({ opensTracked: false, sentCount: 2 });
    expect(figures.Tracked).toMatchObject({ opensTracked: true, sentCount: 2 });
  });
});

describe("plain-text sending", () => {
  it("sends a plain-text campaign as text alone, and a step set to HTML with its HTML part", async () => {
    const owner = await newUser();
    await setSendingSettings(h.ctx.database.db, owner.userId, {
      defaultSignature: "Jane\nAcme",
      legalDisclaimer: "Acme Ltd",
    });
    const campaign = await createCampaign(h.ctx, owner.cookie, {
      name: "Plain",
      contacts: people(1, "plain"),
      sendAs: "plain_text",
      sequence: [
        step("Hi {{firstName}}", "Hello {{firstName}} at {{company}}: https://acme.test/page"),
        { ...step("Again", "Still there, {{firstName}}?", { amount: 1, unit: "days" }), sendAs: "html" as const },
      ],
    });
    expect(campaign.campaign.sendAs).toBe("plain_text");
    expect(campaign.sequence.map((s) => s.sendAs)).toEqual([null, "html"]);
    expect((await launch(h.ctx, owner.cookie, campaign.campaign.id)).status).toBe(200);

    const [first] = h.sink.messages;
    expect(header(first!.raw, "Content-Type")).toMatch(/^text\/plain/);
    expect(first!.raw).not.toMatch(/text\/html|multipart|\/t\/o\//i);
    expect(first!.parsed.html).toBe(false);
    const unsubscribe = /<(http[^>]+\/u\/[^>]+)>/.exec(header(first!.raw, "List-Unsubscribe") ?? "")?.[1];
    expect(unsubscribe).toBeDefined();
    expect(header(first!.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(first!.parsed.text).toBe(
      `Hello First1 at Company 1: https://acme.test/page\n\nJane\nAcme\n\nAcme Ltd\n\nUnsubscribe: ${unsubscribe}\n`,
    );
    // The Inbox keeps the text as it was sent.
    const [sent] = await h.ctx.database.db
      .select()
      .from(emailSends)
      .where(eq(emailSends.campaignId, campaign.campaign.id));
    expect(sent!.body).toContain("Hello First1 at Company 1");

    h.sink.reset();
    clock.set("2026-12-08T09:00:00.000Z");
    expect((await drain(worker())).sent).toBe(1);
    const [second] = h.sink.messages;
    expect(second!.parsed.html).toContain("Still there, First1?");
    expect(second!.parsed.html).toMatch(/<img src="[^"]*\/t\/o\//);
    expect(second!.parsed.inReplyTo).toBe(first!.parsed.messageId);
  });
});

describe("campaign routes: the sending options", () => {
  it("are validated (400, nothing stored), kept when left out of an update, and changed when given", async () => {
    const owner = await newUser();
    const base = { name: "Options", contacts: people(1, "opts") };
    for (const [patch, field, message] of [
      [{ sendAs: "rtf" }, "sendAs", "Send as must be html or plain_text"],
      [{ trackOpens: "yes" }, "trackOpens", "Track opens must be true, false or null"],
    ] as const) {
      const res = await h.ctx.request("/api/campaigns", {
        method: "POST",
        cookie: owner.cookie,
        json: {
          ...base,
          senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 50 }],
          sequence: [step("s", "b")],
          emailColumn: "email",
          ...patch,
        },
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { details: { fields: Record<string, string> } } };
      expect(body.error.details.fields[field]).toBe(message);
    }
    const badStep = await h.ctx.request("/api/campaigns", {
      method: "POST",
      cookie: owner.cookie,
      json: {
        ...base,
        senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 50 }],
        emailColumn: "email",
        sequence: [{ ...step("s", "b"), sendAs: "fax" }],
      },
    });
    expect(badStep.status).toBe(400);
    expect(Object.keys(await summaries(owner.cookie))).toEqual([]);

    const created = await createCampaign(h.ctx, owner.cookie, { ...base, trackOpens: false });
    const id = created.campaign.id;
    const put = (json: object) =>
      h.ctx.request(`/api/campaigns/${id}`, {
        method: "PUT",
        cookie: owner.cookie,
        json: {
          name: "Options",
          description: null,
          sequence: [step("s", "b")],
          senderAccounts: created.senders.map((s) => ({
            id: s.id,
            email: s.email,
            provider: s.provider,
            dailyLimit: s.dailyLimit,
          })),
          ...json,
        },
      });
    const kept = (await (await put({})).json()) as CampaignDetail;
    expect(kept.campaign).toMatchObject({ trackOpens: false, opensTracked: false, sendAs: "html" });
    const changed = (await (await put({ trackOpens: null, sendAs: "plain_text" })).json()) as CampaignDetail;
    expect(changed.campaign).toMatchObject({ trackOpens: null, opensTracked: true, sendAs: "plain_text" });
    const bad = await put({ sendAs: "PLAIN" });
    expect(bad.status).toBe(400);
    const got = (await (
      await h.ctx.request(`/api/campaigns/${id}`, { cookie: owner.cookie })
    ).json()) as CampaignDetail;
    expect(got.campaign.sendAs).toBe("plain_text");
    // Another user can neither read nor change them.
    const other = await newUser();
    const foreign = await h.ctx.request(`/api/campaigns/${id}`, {
      method: "PUT",
      cookie: other.cookie,
      json: {
        name: "x",
        description: null,
        sequence: [step("s", "b")],
        senderAccounts: [{ email: "a@b.test", provider: "custom", dailyLimit: 5 }],
        trackOpens: true,
      },
    });
    expect(foreign.status).toBe(404);
  });
});
