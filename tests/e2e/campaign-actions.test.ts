// Acting on a campaign afterwards (issue 30 §5): Clone from the dashboard's
// row (a new draft, opened for editing), and Retry failed sends on the
// campaign page and per row on Failed emails; the app's own worker sends
// what was queued again (it reaches the outbox), a hard bounce is never
// offered a Retry.
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
import { buildSendErrorMessage } from "../../src/shared/sending/send-error-message.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const PEOPLE = [
  { email: "ana@example.com", firstName: "Ana", lastName: "Lima", category: "authentication" as const, hard: false },
  { email: "bo@example.com", firstName: "Bo", lastName: "Berg", category: "invalid_address" as const, hard: true },
  { email: "cy@example.com", firstName: "Cy", lastName: "Chen", category: "network" as const, hard: false },
];

/** A launched campaign whose step 1 failed for good for each of PEOPLE, as the engine leaves it. */
async function seedFailedCampaign(app: AppServer, email: string, name: string) {
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = owner!.id;
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name, description: "Nordic founders", status: "active", launchedAt: new Date() })
    .returning();
  await db
    .insert(campaignStats)
    .values({ campaignId: campaign!.id, userId, failed: PEOPLE.length })
    .onConflictDoUpdate({ target: campaignStats.campaignId, set: { failed: PEOPLE.length } });
  const [sender] = await db
    .insert(senderAccounts)
    .values({ userId, campaignId: campaign!.id, email: "me@acme.test", provider: "custom" })
    .returning();
  const [step1] = await db
    .insert(emailSequences)
    .values([
      { campaignId: campaign!.id, stepNumber: 1, subject: "Hello {{firstName}}", body: "Hi {{firstName}}" },
      { campaignId: campaign!.id, stepNumber: 2, subject: "Following up", body: "Again", delayAmount: 3 },
    ])
    .returning();
  const rows = await db
    .insert(contacts)
    .values(
      PEOPLE.map(({ email, firstName, lastName }) => ({
        userId,
        campaignId: campaign!.id,
        email,
        firstName,
        lastName,
      })),
    )
    .returning();
  for (const [i, p] of PEOPLE.entries()) {
    const contact = rows.find((r) => r.email === p.email)!;
    const sendId = crypto.randomUUID();
    const messageId = `<${crypto.randomUUID()}@acme.test>`;
    const at = new Date(Date.now() - (i + 1) * 60_000);
    await db.insert(scheduledEmails).values({
      campaignId: campaign!.id,
      contactId: contact.id,
      sequenceId: step1!.id,
      senderAccountId: sender!.id,
      status: "failed",
      scheduledFor: at,
      attempts: 1,
      sendId,
      messageId,
    });
    await db.insert(emailSends).values({
      id: sendId,
      userId,
      campaignId: campaign!.id,
      contactId: contact.id,
      sequenceId: step1!.id,
      senderAccountId: sender!.id,
      toEmail: p.email,
      fromEmail: "me@acme.test",
      subject: `Hello ${p.firstName}`,
      body: `Hi ${p.firstName}`,
      status: "failed",
      failureCategory: p.category,
      bounceType: p.hard ? "hard" : null,
      errorMessage: buildSendErrorMessage({
        error: p.hard ? 'The server refused the recipient: "550 5.1.1 No such user"' : "The server refused the login",
        recipient: p.email,
        sender: "me@acme.test",
        subject: `Hello ${p.firstName}`,
        timestamp: at,
        category: p.category,
      }),
      messageId,
      createdAt: at,
    });
  }
  return { campaignId: campaign!.id };
}

describeJourneys("campaign actions: clone, retry failed sends", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer({ WORKER_POLL_MS: "300" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const outboxTo = async (address: string) => {
    const res = await fetch(`${app.baseUrl}/api/outbox`);
    const body = (await res.json()) as { messages: { to: string[] }[] };
    return body.messages.filter((m) => m.to.some((to) => to.includes(address))).length;
  };

  it("Clone on a dashboard row makes a draft copy, with its contacts when asked, and opens it for editing", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "clone");
    const { campaignId } = await seedFailedCampaign(app, user.email, "Spring Outreach");

    await page.goto(`${app.baseUrl}/`);
    const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Spring Outreach" }) });
    await row.getByRole("button", { name: "Clone Spring Outreach" }).click();
    const dialog = page.getByRole("dialog", { name: "Clone campaign" });
    const name = dialog.getByLabel("Name of the copy");
    expect(await name.inputValue()).toBe("Spring Outreach (copy)");
    // An empty name is refused in place.
    await name.fill(" ");
    await dialog.getByRole("button", { name: "Clone" }).click();
    await dialog.getByText("Campaign name is required").waitFor();
    await name.fill("Spring Outreach, second wave");
    await dialog.getByLabel("Include contacts").check();
    await dialog.getByRole("button", { name: "Clone" }).click();
    await toast(page, "Campaign cloned").waitFor();

    await page.getByRole("heading", { level: 1, name: "Edit Campaign" }).waitFor();
    const id = new URL(page.url()).pathname.split("/").pop()!;
    expect(id).not.toBe(campaignId);
    await page.getByText("Spring Outreach, second wave").first().waitFor();
    await page.getByRole("tab", { name: "Contacts (3)" }).waitFor();
    await page.getByRole("tab", { name: "Email Sequence (2)" }).waitFor();
    await page.getByText("Draft", { exact: true }).first().waitFor();
    // A draft: nothing of the original's failures came along, so nothing to retry.
    expect(await page.getByRole("button", { name: /Retry failed sends/ }).count()).toBe(0);
    const [copy] = await app.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(copy).toMatchObject({ status: "draft", launchedAt: null, description: "Nordic founders" });
  });

  it("Retry on a Failed emails row and Retry failed sends on the campaign page queue the failures again; a hard bounce is never offered", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "retry");
    const { campaignId } = await seedFailedCampaign(app, user.email, "Winter Retry");

    await page.getByRole("link", { name: "Failed emails" }).click();
    const failures = page.getByRole("list", { name: "Recent failures" });
    const itemOf = (email: string) => failures.getByRole("listitem").filter({ hasText: email });
    await itemOf("cy@example.com").waitFor();
    expect(await itemOf("bo@example.com").getByRole("button", { name: "Retry" }).count()).toBe(0);
    await itemOf("cy@example.com").getByRole("button", { name: "Retry" }).click();
    await toast(page, "The failed email was queued again").waitFor();
    await eventually(() => outboxTo("cy@example.com")).toBe(1);

    // The campaign page counts what is left to retry (Ana's sign-in failure), and asks first.
    await page.goto(`${app.baseUrl}/campaigns/edit/${campaignId}`);
    await page.getByRole("heading", { level: 1, name: "Edit Campaign" }).waitFor();
    await page.getByRole("button", { name: "Retry failed sends (1)" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Retry 1 failed email?" });
    await confirm
      .getByText("Hard bounces, refusals, unsubscribed and suppressed addresses are never retried.", { exact: false })
      .waitFor();
    await confirm.getByRole("button", { name: "Retry failed sends" }).click();
    await toast(page, "1 failed email queued again").waitFor();
    await page.getByText("Not retried: 1 not worth retrying", { exact: false }).waitFor();
    await eventually(() => outboxTo("ana@example.com")).toBe(1);
    await page.getByRole("button", { name: /Retry failed sends/ }).waitFor({ state: "detached" });

    // Bo's hard bounce was never sent again; Ana's and Cy's follow-ups are queued as usual.
    expect(await outboxTo("bo@example.com")).toBe(0);
    const sends = await app.database.db.select().from(emailSends).where(eq(emailSends.campaignId, campaignId));
    expect(sends.map((s) => [s.toEmail, s.status]).sort()).toEqual([
      ["ana@example.com", "sent"],
      ["bo@example.com", "failed"],
      ["cy@example.com", "sent"],
    ]);
    await eventually(
      async () =>
        (await app.database.db.select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, campaignId))).filter(
          (r) => r.status === "scheduled",
        ).length,
    ).toBe(2);
  });
});
