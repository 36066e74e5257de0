// A/B variants end to end (issue 30 §1): a campaign of 40 contacts with two
// variants launched through the API, sent by the real claim over SMTP into a
// sink; the even split, each message's text, a retry that keeps its variant,
// the figures per variant, the automatic and the hand-picked winner, the
// API's refusals and another user's campaign.
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CampaignVariants } from "#shared/sequences/ab-variants.schemas.ts";
import {
  createCampaign,
  DAY,
  drain,
  fakeClock,
  HOUR,
  launch,
  people,
  registerSendingHarness,
  step,
  testWorker,
} from "../../../../tests/support/sending-fixtures.ts";
import { smtpFaults } from "../../../../tests/support/smtp-sink.ts";
import { campaigns, contacts, emailSends, emailSequences, scheduledEmails } from "../../db/schema/index.ts";

// Monday 7 December 2026, 09:00 UTC.
const START = "2026-12-07T09:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
const db = () => h.ctx.database.db;
let n = 0;
const newUser = () => h.ctx.signUpVerified(`ab-owner-${++n}@example.com`);
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });

async function variantsOf(cookie: string, campaignId: string) {
  const res = await h.ctx.request(`/api/campaigns/${campaignId}/variants`, { cookie });
  return { status: res.status, body: (await res.json()) as CampaignVariants & { error?: { message: string } } };
}

async function call(cookie: string, path: string, method: "POST" | "PUT", json: unknown) {
  const res = await h.ctx.request(path, { method, cookie, json });
  return {
    status: res.status,
    body: (await res.json()) as CampaignVariants & { error?: { message: string; details?: unknown } },
  };
}

/** Each contact's queue row of step `stepNumber`: contact order, rank and variant. */
async function rowsOfStep(campaignId: string, stepNumber: number) {
  return db()
    .select({
      email: contacts.email,
      rank: scheduledEmails.contactRank,
      variant: scheduledEmails.variantIndex,
      status: scheduledEmails.status,
      attempts: scheduledEmails.attempts,
    })
    .from(scheduledEmails)
    .innerJoin(contacts, eq(contacts.id, scheduledEmails.contactId))
    .innerJoin(emailSequences, eq(emailSequences.id, scheduledEmails.sequenceId))
    .where(and(eq(scheduledEmails.campaignId, campaignId), eq(emailSequences.stepNumber, stepNumber)))
    .orderBy(asc(contacts.createdAt), asc(contacts.id));
}

const twoVariantSequence = [
  {
    ...step("A: Hi {{firstName}}", "Hello {{firstName}} at {{company}}"),
    variants: [{ subject: "B: Quick question, {{firstName}}", body: null }],
  },
  {
    ...step("A: Following up", "Any thoughts, {{firstName}}?", { amount: 2, unit: "days" }),
    variants: [{ subject: "B: One more thing", body: "B body for {{firstName}}" }],
  },
];

describe("a campaign of 40 contacts with two variants per step", () => {
  it("splits 20/20 by contact order, sends each variant's text, keeps a retry's variant, counts per variant, and follows the winner", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const created = await createCampaign(h.ctx, owner.cookie, {
      name: "A/B",
      senderAccounts: [{ email: "anna@acme.test", provider: "custom", dailyLimit: 200 }],
      contacts: people(40, "ab"),
      sequence: twoVariantSequence,
    });
    const id = created.campaign.id;
    expect(created.sequence[0]?.variants).toEqual([{ subject: "B: Quick question, {{firstName}}", body: null }]);

    // The second contact in the campaign's order (rank 1: variant B) is turned away
    // once: a temporary failure, retried later.
    const [, secondContact] = await db()
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.campaignId, id))
      .orderBy(asc(contacts.createdAt), asc(contacts.id));
    const turnedAway = secondContact!.email;
    h.sink.addFault(smtpFaults.tryAgainLater(turnedAway));
    expect((await launch(h.ctx, owner.cookie, id)).status).toBe(200);
    await drain(worker());
    const retrying = (await rowsOfStep(id, 1)).find((r) => r.email === turnedAway)!;
    expect(retrying).toMatchObject({ status: "scheduled", attempts: 1, variant: 1 });

    // The retry, after a restart (a new worker): the same variant.
    clock.advance(HOUR);
    await drain(worker());
    const first = await rowsOfStep(id, 1);
    expect(first.every((r) => r.status === "sent")).toBe(true);
    expect(first.map((r) => r.rank)).toEqual(first.map((_, i) => i));
    expect(first.map((r) => r.variant)).toEqual(first.map((_, i) => i % 2));
    expect(first.filter((r) => r.variant === 0)).toHaveLength(20);

    // Each message's subject is its contact's variant's.
    const stepOne = h.sink.messages.filter((m) => !m.parsed.inReplyTo);
    expect(stepOne).toHaveLength(40);
    const numberOf = (email: string) => email.match(/^ab-(\d+)@/)![1];
    for (const row of first) {
      const [message] = h.sink.messagesTo(row.email);
      const who = `First${numberOf(row.email)}`;
      expect(message?.parsed.subject).toBe(row.variant === 0 ? `A: Hi ${who}` : `B: Quick question, ${who}`);
      // Subject only: variant B sends the step's body.
      expect(message?.parsed.text).toContain(`Hello ${who} at Company ${numberOf(row.email)}`);
    }
    // The send records carry the variant too.
    const records = await db()
      .select({ to: emailSends.toEmail, variant: emailSends.variantIndex, subject: emailSends.subject })
      .from(emailSends)
      .where(eq(emailSends.campaignId, id));
    expect(records.filter((r) => r.variant === 1)).toHaveLength(20);
    // The contact turned away once (rank 1) was sent variant B, on its retry.
    expect(records.find((r) => r.to === turnedAway)).toMatchObject({
      variant: 1,
      subject: `B: Quick question, First${numberOf(turnedAway)}`,
    });

    // The follow-up is queued with the contact's rank, so each contact keeps its variant.
    const second = await rowsOfStep(id, 2);
    expect(second.map((r) => r.variant)).toEqual(first.map((r) => r.variant));

    // Replies: 1 of A's 20, 6 of B's 20.
    const replied = [first[0]!, ...first.filter((r) => r.variant === 1).slice(0, 6)].map((r) => r.email);
    await db()
      .update(emailSends)
      .set({ repliedAt: clock.now() })
      .where(and(eq(emailSends.campaignId, id), sql`${emailSends.toEmail} in ${replied}`));

    const figures = await variantsOf(owner.cookie, id);
    expect(figures.status).toBe(200);
    expect(figures.body.settings).toEqual({ autoWinner: false, minSends: 50, confidence: 95 });
    expect(figures.body.steps.map((s) => s.stepNumber)).toEqual([1, 2]);
    const one = figures.body.steps[0]!;
    expect(
      one.variants.map(({ letter, sent, replied, replyRate, ownBody }) => ({
        letter,
        sent,
        replied,
        replyRate,
        ownBody,
      })),
    ).toEqual([
      { letter: "A", sent: 20, replied: 1, replyRate: 0.05, ownBody: true },
      { letter: "B", sent: 20, replied: 6, replyRate: 0.3, ownBody: false },
    ]);
    expect(one.variants[0]?.opened).toBe(0);
    expect(one.verdict).toEqual({ kind: "waiting", reason: "not enough sends yet: 20 of 50" });
    expect(one.winner).toBeNull();
    expect(figures.body.steps[1]).toMatchObject({ unsent: 40, verdict: { reason: "not enough sends yet: 0 of 50" } });

    // Another user sees and changes nothing of it.
    expect((await variantsOf(stranger.cookie, id)).status).toBe(404);
    const strangerPick = await call(stranger.cookie, `/api/campaigns/${id}/steps/${one.stepId}/winner`, "POST", {
      variant: 1,
    });
    expect(strangerPick.status).toBe(404);
    const strangerSettings = await call(stranger.cookie, `/api/campaigns/${id}/ab-settings`, "PUT", {
      autoWinner: true,
      minSends: 1,
      confidence: 80,
    });
    expect(strangerSettings.status).toBe(404);
    const [untouched] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(untouched).toMatchObject({ abAutoWinner: false, abMinSends: 50 });

    // Settings the rule cannot use are refused, naming the limit, and nothing is stored.
    const bad = await call(owner.cookie, `/api/campaigns/${id}/ab-settings`, "PUT", {
      autoWinner: true,
      minSends: 20,
      confidence: 100,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe("Confidence must be between 80% and 99%");

    // The automatic winner, with 20 sends each required: 30% against 5% (p = 0.037) at 95%.
    const auto = await call(owner.cookie, `/api/campaigns/${id}/ab-settings`, "PUT", {
      autoWinner: true,
      minSends: 20,
      confidence: 95,
    });
    expect(auto.status).toBe(200);
    expect(auto.body.steps[0]?.winner).toMatchObject({
      index: 1,
      letter: "B",
      mode: "auto",
      reason: "Variant B wins: 30.0% vs 5.0% replies (95% confidence)",
    });

    // Step 2 by hand: A, for every contact not yet sent it.
    const stepTwo = figures.body.steps[1]!;
    const noSuch = await call(owner.cookie, `/api/campaigns/${id}/steps/${stepTwo.stepId}/winner`, "POST", {
      variant: 3,
    });
    expect(noSuch.status).toBe(400);
    expect(noSuch.body.error?.message).toBe("Step 2 has no variant D");
    const picked = await call(owner.cookie, `/api/campaigns/${id}/steps/${stepTwo.stepId}/winner`, "POST", {
      variant: 0,
    });
    expect(picked.status).toBe(200);
    expect(picked.body.steps[1]?.winner).toMatchObject({
      letter: "A",
      mode: "manual",
      reason: "Variant A picked by hand",
    });
    expect((await rowsOfStep(id, 2)).every((r) => r.variant === 0)).toBe(true);

    clock.advance(2 * DAY);
    h.sink.reset();
    await drain(worker());
    expect(h.sink.messages).toHaveLength(40);
    expect(
      h.sink.messages.every((m) => m.parsed.subject?.startsWith("Re: A: Hi") || m.parsed.subject === "A: Following up"),
    ).toBe(true);
    expect(h.sink.messages.some((m) => m.parsed.text?.includes("B body"))).toBe(false);
    const after = await variantsOf(owner.cookie, id);
    expect(after.body.steps[1]?.variants.map((v) => v.sent)).toEqual([40, 0]);
  });

  it("refuses more than 5 variants or a variant without a subject, naming the step and variant, and stores nothing", async () => {
    const owner = await newUser();
    const request = (sequence: unknown) =>
      h.ctx.request("/api/campaigns", {
        method: "POST",
        cookie: owner.cookie,
        json: {
          name: "Refused",
          description: null,
          emailColumn: "email",
          senderAccounts: [{ email: "anna@acme.test", provider: "custom", dailyLimit: 50 }],
          contacts: people(2, "refused"),
          sequence,
        },
      });
    const five = Array.from({ length: 5 }, (_, i) => ({ subject: `V${i}`, body: null }));
    const tooMany = await request([{ ...step("Hi", "Hello"), variants: five }]);
    expect(tooMany.status).toBe(400);
    const tooManyBody = (await tooMany.json()) as {
      error: { message: string; details: { fields: Record<string, string> } };
    };
    expect(tooManyBody.error.message).toBe("A step has at most 5 variants: A and 4 more");
    expect(Object.keys(tooManyBody.error.details.fields)).toEqual(["sequence.0.variants"]);

    const noSubject = await request([
      step("Hi", "Hello"),
      {
        ...step("Again", "Hello again"),
        variants: [
          { subject: "ok", body: null },
          { subject: "  ", body: "x" },
        ],
      },
    ]);
    expect(noSubject.status).toBe(400);
    const noSubjectBody = (await noSubject.json()) as {
      error: { message: string; details: { fields: Record<string, string> } };
    };
    expect(noSubjectBody.error.message).toBe("Step 2, variant C: a subject is required");
    expect(noSubjectBody.error.details.fields).toHaveProperty(["sequence.1.variants.1.subject"]);

    const mine = await db().select().from(campaigns).where(eq(campaigns.name, "Refused"));
    expect(mine).toHaveLength(0);
  });

  it("takes the automatic winner's settings with the campaign (the wizard's), defaults without them, refuses bad ones", async () => {
    const owner = await newUser();
    const create = (name: string, abSettings?: unknown) =>
      h.ctx.request("/api/campaigns", {
        method: "POST",
        cookie: owner.cookie,
        json: {
          name,
          description: null,
          emailColumn: "email",
          senderAccounts: [{ email: "anna@acme.test", provider: "custom", dailyLimit: 50 }],
          contacts: people(2, `ab-settings-${name}`),
          sequence: twoVariantSequence,
          ...(abSettings === undefined ? {} : { abSettings }),
        },
      });
    const idOf = async (res: Response) => ((await res.json()) as { campaign: { id: string } }).campaign.id;
    const chosen = await create("Chosen", { autoWinner: true, minSends: 30, confidence: 90 });
    expect(chosen.status).toBe(201);
    expect((await variantsOf(owner.cookie, await idOf(chosen))).body.settings).toEqual({
      autoWinner: true,
      minSends: 30,
      confidence: 90,
    });
    const defaults = await create("Defaults");
    expect((await variantsOf(owner.cookie, await idOf(defaults))).body.settings).toEqual({
      autoWinner: false,
      minSends: 50,
      confidence: 95,
    });
    const bad = await create("Bad", { autoWinner: true, minSends: 0, confidence: 99.5 });
    expect(bad.status).toBe(400);
    const error = ((await bad.json()) as { error: { details: { fields: Record<string, string> } } }).error;
    expect(error.details.fields).toMatchObject({
      "abSettings.minSends": "Minimum sends must be at least 1",
      "abSettings.confidence": "Confidence must be a whole percentage",
    });
    expect(await db().select().from(campaigns).where(eq(campaigns.name, "Bad"))).toHaveLength(0);
  });

  it("Edit Campaign: a variant added to a launched campaign splits the unsent rows; removing it takes its winner away", async () => {
    const owner = await newUser();
    const created = await createCampaign(h.ctx, owner.cookie, {
      name: "Edited",
      senderAccounts: [{ email: "anna@acme.test", provider: "custom", dailyLimit: 200 }],
      contacts: people(6, "edit"),
      sequence: [step("One", "Body one"), step("Two", "Body two", { amount: 2, unit: "days" })],
    });
    const id = created.campaign.id;
    expect((await launch(h.ctx, owner.cookie, id)).status).toBe(200);
    await drain(worker());
    expect((await rowsOfStep(id, 2)).map((r) => r.variant)).toEqual([0, 0, 0, 0, 0, 0]);

    const save = (sequence: unknown) =>
      h.ctx.request(`/api/campaigns/${id}`, {
        method: "PUT",
        cookie: owner.cookie,
        json: {
          name: "Edited",
          description: null,
          sequence,
          senderAccounts: created.senders.map((s) => ({
            id: s.id,
            email: s.email,
            provider: s.provider,
            dailyLimit: s.dailyLimit,
          })),
        },
      });
    const withThree = [
      step("One", "Body one"),
      {
        ...step("Two", "Body two", { amount: 2, unit: "days" }),
        variants: [
          { subject: "Two B", body: null },
          { subject: "Two C", body: "" },
        ],
      },
    ];
    const saved = await save(withThree);
    expect(saved.status).toBe(200);
    // An empty body is stored as "uses the step's body".
    expect(((await saved.json()) as { sequence: { variants: unknown }[] }).sequence[1]?.variants).toEqual([
      { subject: "Two B", body: null },
      { subject: "Two C", body: null },
    ]);
    expect((await rowsOfStep(id, 2)).map((r) => r.variant)).toEqual([0, 1, 2, 0, 1, 2]);

    const stepTwo = (await variantsOf(owner.cookie, id)).body.steps[0]!;
    expect(
      (await call(owner.cookie, `/api/campaigns/${id}/steps/${stepTwo.stepId}/winner`, "POST", { variant: 2 })).status,
    ).toBe(200);
    expect((await rowsOfStep(id, 2)).map((r) => r.variant)).toEqual([2, 2, 2, 2, 2, 2]);

    expect(
      (await save([step("One", "Body one"), { ...withThree[1]!, variants: [{ subject: "Two B", body: null }] }]))
        .status,
    ).toBe(200);
    const [row] = await db().select().from(emailSequences).where(eq(emailSequences.id, stepTwo.stepId));
    expect(row).toMatchObject({ abWinner: null, abWinnerMode: null });
    expect((await rowsOfStep(id, 2)).map((r) => r.variant)).toEqual([0, 1, 0, 1, 0, 1]);
  });
});
