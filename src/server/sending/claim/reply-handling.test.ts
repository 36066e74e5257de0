// Settings › Reply handling ("Stop a contact's remaining steps when they
// reply"): on (the default) a reply ends the contact's sequence; off, the
// reply is recorded and the follow-up still goes, through the real claim.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
} from "../../../../tests/support/sending-fixtures.ts";
import { contacts } from "../../db/schema/index.ts";
import { stopContactSequence } from "../../domain/stop-contact-sequence.ts";

const START = "2026-12-07T10:00:00.000Z";
const clock = fakeClock(START);
const h = registerSendingHarness(clock, START);
const db = () => h.ctx.database.db;
const worker = () => testWorker({ db: db(), config: h.ctx.config, transports: h.transports, clock });
let n = 0;

async function repliedAfterStepOne(replyHandlingEnabled: boolean) {
  n += 1;
  const owner = await h.ctx.signUpVerified(`reply-handling-${n}@example.com`);
  await setSendingSettings(db(), owner.userId, { replyHandlingEnabled });
  const prefix = `reply-${n}`;
  const c = await createCampaign(h.ctx, owner.cookie, {
    contacts: people(1, prefix),
    sequence: [step("Hi", "One"), step("Re: Hi", "Two", { amount: 1, unit: "days" })],
  });
  await launch(h.ctx, owner.cookie, c.campaign.id);
  const [contact] = await db()
    .select()
    .from(contacts)
    .where(and(eq(contacts.campaignId, c.campaign.id)));
  await stopContactSequence(db(), contact!.id, "replied", clock.now());
  clock.set("2026-12-08T10:00:30.000Z");
  await drain(worker());
  const [after] = await db().select().from(contacts).where(eq(contacts.id, contact!.id));
  return {
    followUps: h.sink.messages.filter((m) => m.parsed.subject === "Re: Hi").length,
    repliedAt: after!.repliedAt,
  };
}

describe("Reply handling", () => {
  it("on: a reply stops the contact's remaining steps", async () => {
    const out = await repliedAfterStepOne(true);
    expect(out.repliedAt).not.toBeNull();
    expect(out.followUps).toBe(0);
  });

  it("off: the reply is recorded and the follow-up still goes", async () => {
    const out = await repliedAfterStepOne(false);
    expect(out.repliedAt).not.toBeNull();
    expect(out.followUps).toBe(1);
  });
});
