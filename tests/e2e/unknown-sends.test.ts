// Sends whose delivery is unknown (handed to the mail server when the worker
// died) wait for the user on Failed emails and on the campaign's page: Send
// anyway queues the step again (the app's worker sends it: it appears in the
// outbox), Skip queues the next step. The unknown sends are made by the real
// recovery: rows left 'sending' and handed off by a worker that no longer
// exists, which the app's own worker recovers within its next round.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import {
  campaignStats,
  campaigns,
  contacts,
  emailSends,
  emailSequences,
  scheduledEmails,
  senderAccounts,
} from "../../src/server/db/schema/index.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

/** A campaign of two contacts whose step 1 was handed off by a worker that then died. */
async function seedDeadWorkersClaims(app: AppServer, email: string) {
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = owner!.id;
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name: "Winter Outreach", status: "active", launchedAt: new Date() })
    .returning();
  await db
    .insert(campaignStats)
    .values({ campaignId: campaign!.id, userId, scheduled: 2 })
    .onConflictDoUpdate({ target: campaignStats.campaignId, set: { scheduled: 2 } });
  const [sender] = await db
    .insert(senderAccounts)
    .values({ userId, campaignId: campaign!.id, email: "me@acme.test", provider: "custom" })
    .returning();
  const [step1, step2] = await db
    .insert(emailSequences)
    .values([
      { campaignId: campaign!.id, stepNumber: 1, subject: "Hello {{firstName}}", body: "<p>Hi</p>" },
      { campaignId: campaign!.id, stepNumber: 2, subject: "Following up", body: "<p>Again</p>", delayAmount: 0 },
    ])
    .returning();
  const people = await db
    .insert(contacts)
    .values([
      { userId, campaignId: campaign!.id, email: "ana@example.com", firstName: "Ana", lastName: "Lima" },
      { userId, campaignId: campaign!.id, email: "bo@example.com", firstName: "Bo", lastName: "Berg" },
    ])
    .returning();
  await db.insert(scheduledEmails).values(
    people.map((p) => ({
      campaignId: campaign!.id,
      contactId: p.id,
      sequenceId: step1!.id,
      senderAccountId: sender!.id,
      status: "sending" as const,
      scheduledFor: new Date(Date.now() - 60_000),
      attempts: 1,
      lockedBy: "a-worker-that-died",
      leaseExpiresAt: new Date(Date.now() + 10 * 60_000),
      handedOffAt: new Date(Date.now() - 30_000),
      sendId: crypto.randomUUID(),
      messageId: `<${crypto.randomUUID()}@acme.test>`,
    })),
  );
  return { campaignId: campaign!.id, step2: step2! };
}

describeJourneys("unknown sends", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer({ WORKER_POLL_MS: "300" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Failed emails and the campaign list them; Send anyway sends the email again, Skip moves on to the next step", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "unknown-sends");
    const { campaignId, step2 } = await seedDeadWorkersClaims(app, user.email);

    await page.getByRole("link", { name: "Failed emails" }).click();
    await page.getByRole("heading", { level: 1, name: "Failed emails" }).waitFor();
    // The app's worker recovers the dead worker's claims within its next rounds; the page shows them when it next loads.
    const unknownRows = async () =>
      (await app.database.db.select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, campaignId))).filter(
        (r) => r.status === "unknown",
      ).length;
    await eventually(unknownRows).toBe(2);
    await page.reload();
    await page.getByRole("heading", { name: "Delivery unknown (2)" }).waitFor();
    const panel = page.getByRole("region", { name: "Delivery unknown (2)" });
    await panel.getByText("Ana Lima <ana@example.com>").waitFor();
    const ana = panel.getByRole("listitem").filter({ hasText: "ana@example.com" });
    await ana.getByText("Step 1: Hello Ana · Winter Outreach").waitFor();
    await ana.getByRole("button", { name: "Send anyway" }).click();
    await toast(page, "The email will be sent again").waitFor();
    await page.getByRole("heading", { name: "Delivery unknown (1)" }).waitFor();

    // The worker sends it: it reaches the outbox once.
    const toAna = async () => {
      const res = await fetch(`${app.baseUrl}/api/outbox`);
      const body = (await res.json()) as { messages: { to: string[] }[] };
      return body.messages.filter((m) => m.to.some((to) => to.includes("ana@example.com"))).length;
    };
    await eventually(toAna).toBe(1);

    // While Bo's send waits, the dashboard shows the campaign as active (not completed),
    // with a link to where the decision is made.
    await page.goto(`${app.baseUrl}/`);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Winter Outreach" }) });
    await row.getByText("Active", { exact: true }).waitFor();
    await row.getByRole("link", { name: "1 awaiting your decision" }).click();

    // On the campaign's page, Bo's send waits; Skip queues his step 2 instead.
    await page.getByRole("heading", { level: 1, name: "Edit Campaign" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/campaigns/edit/${campaignId}`);
    const onCampaign = page.getByRole("region", { name: "Delivery unknown (1)" });
    await onCampaign.getByText("Bo Berg <bo@example.com>").waitFor();
    await onCampaign.getByRole("button", { name: "Skip" }).click();
    await toast(page, "Skipped; the sequence continues with the next step").waitFor();
    await onCampaign.waitFor({ state: "detached" });

    // His step 2 (no delay) goes out by itself; his step 1 is never sent again.
    const [bo] = await app.database.db.select().from(contacts).where(eq(contacts.email, "bo@example.com"));
    const boRows = await app.database.db.select().from(scheduledEmails).where(eq(scheduledEmails.contactId, bo!.id));
    expect(boRows.find((r) => r.sequenceId === step2.id)).toBeDefined();
    const toBo = async () => {
      const res = await fetch(`${app.baseUrl}/api/outbox`);
      const body = (await res.json()) as { messages: { to: string[]; subject: string }[] };
      return body.messages.filter((m) => m.to.some((to) => to.includes("bo@example.com"))).map((m) => m.subject);
    };
    await eventually(toBo).toEqual(["Following up"]);
    const boSends = await app.database.db.select().from(emailSends).where(eq(emailSends.contactId, bo!.id));
    expect(boSends.filter((s) => s.status === "sent").map((s) => s.sequenceId)).toEqual([step2.id]);
  });

  it("Send all anyway and Skip all ask first, then decide every send shown", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "unknown-sends-all");
    const { campaignId } = await seedDeadWorkersClaims(app, user.email);
    const rows = async () =>
      (await app.database.db.select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, campaignId))).map(
        (r) => r.status,
      );
    await eventually(async () => (await rows()).filter((s) => s === "unknown").length).toBe(2);

    await page.getByRole("link", { name: "Failed emails" }).click();
    const panel = page.getByRole("region", { name: "Delivery unknown (2)" });
    await panel.waitFor();

    // Send all anyway warns about duplicates; Cancel leaves both waiting.
    await panel.getByRole("button", { name: "Send all anyway" }).click();
    const sendAll = page.getByRole("alertdialog", { name: "Send all 2 emails again?" });
    await sendAll
      .getByText("Any of them that did reach the mail server will arrive twice.", { exact: false })
      .waitFor();
    await sendAll.getByRole("button", { name: "Cancel" }).click();
    await sendAll.waitFor({ state: "detached" });
    expect((await rows()).filter((s) => s === "unknown")).toHaveLength(2);

    await panel.getByRole("button", { name: "Skip all" }).click();
    const skipAll = page.getByRole("alertdialog", { name: "Skip all 2 emails?" });
    await skipAll.getByRole("button", { name: "Skip all" }).click();
    await toast(page, "2 emails skipped; the sequences continue").waitFor();
    await panel.waitFor({ state: "detached" });
    expect((await rows()).filter((s) => s === "cancelled")).toHaveLength(2);
  });
});
