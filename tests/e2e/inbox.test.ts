// Inbox (docs/product.md §14.1): sends grouped by contact with their counters,
// a failed send's error details with its troubleshooting hints, raw text when
// the details are not JSON, the Replies list, and Reply opening Compose
// prefilled. The sends are written to the app's database as the sending
// engine writes them (a failure's JSON built by the same function).
import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { campaigns, contacts, emailSends, emailSequences, replies } from "../../src/server/db/schema/index.ts";
import { buildSendErrorMessage, failureTroubleshooting } from "../../src/shared/sending/send-error-message.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function seedSends(app: AppServer, email: string) {
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = owner!.id;
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name: "Spring Outreach", status: "active" })
    .returning();
  const [step1, step2] = await db
    .insert(emailSequences)
    .values([
      { campaignId: campaign!.id, stepNumber: 1, subject: "Hello {{firstName}}", body: "<p>Hi</p>" },
      { campaignId: campaign!.id, stepNumber: 2, subject: "Following up", body: "<p>Again</p>" },
    ])
    .returning();
  const [lee] = await db
    .insert(contacts)
    .values({
      userId,
      campaignId: campaign!.id,
      email: "lee@example.com",
      firstName: "Lee",
      lastName: "Park",
      company: "Initech",
      repliedAt: minutesAgo(5),
    })
    .returning();
  const base = {
    userId,
    campaignId: campaign!.id,
    contactId: lee!.id,
    toEmail: "lee@example.com",
    fromEmail: "me@acme.test",
  };
  await db.insert(emailSends).values([
    {
      ...base,
      sequenceId: step1!.id,
      subject: "Hello Lee",
      body: "<p>Hi Lee,</p><p>Would Tuesday work for a quick call?</p>",
      status: "sent",
      sentAt: minutesAgo(60),
      openedAt: minutesAgo(50),
      createdAt: minutesAgo(60),
    },
    {
      ...base,
      sequenceId: step2!.id,
      subject: "Following up",
      body: "<p>Just following up.</p>",
      status: "failed",
      failureCategory: "invalid_address",
      errorMessage: buildSendErrorMessage({
        error: "550 5.1.1 <lee@example.com>: Recipient address rejected: User unknown",
        recipient: "lee@example.com",
        sender: "me@acme.test",
        subject: "Following up",
        timestamp: minutesAgo(30),
        category: "invalid_address",
      }),
      createdAt: minutesAgo(30),
    },
  ]);
  // A direct send whose error details are not JSON.
  await db.insert(emailSends).values({
    userId,
    toEmail: "pat@example.org",
    fromEmail: "me@acme.test",
    subject: "Coffee?",
    body: "Hi Pat",
    status: "failed",
    failureCategory: "network",
    errorMessage: "SMTP error: 421 4.7.0 Try again later",
    createdAt: minutesAgo(10),
  });
  await db.insert(replies).values({
    userId,
    campaignId: campaign!.id,
    contactId: lee!.id,
    contactEmail: "lee@example.com",
    senderEmail: "me@acme.test",
    subject: "Re: Hello Lee",
    replyContent: "Tuesday works for me.",
    repliedAt: minutesAgo(5),
  });
}

async function counter(group: Locator, label: string): Promise<string> {
  const term = group.locator("dt", { hasText: label });
  return (await term.locator("xpath=following-sibling::dd[1]").textContent()) ?? "";
}

describeJourneys("inbox", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows 'No emails sent yet' before anything was sent", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "inbox-empty");
    await page.getByRole("link", { name: "Inbox" }).click();
    await page.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
    await page.getByText("No emails sent yet").waitFor();
    await page.getByRole("link", { name: "Compose" }).waitFor();
  });

  it("groups sends by contact, shows a failure's troubleshooting hint, and Reply opens Compose prefilled", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "inbox");
    await seedSends(app, user.email);
    await page.goto(`${app.baseUrl}/inbox`);

    const groups = page.getByRole("list", { name: "Sent emails by contact" });
    // Latest activity first: the direct send (10 minutes ago), then Lee (30 minutes ago).
    const direct = groups.getByRole("listitem", { name: "Unknown Contact" });
    const lee = groups.getByRole("listitem", { name: "Lee Park" });
    await lee.waitFor();
    expect(await groups.locator(":scope > li h2").allTextContents()).toEqual(["Unknown Contact", "Lee Park"]);
    expect(await counter(lee, "Sent")).toBe("1");
    expect(await counter(lee, "Opened")).toBe("1");
    expect(await counter(lee, "Failed")).toBe("1");
    expect(await counter(lee, "Replied")).toBe("1");

    const historyToggle = lee.getByRole("button", { name: "Email History" });
    await historyToggle.click();
    await eventually(() => historyToggle.getAttribute("aria-expanded")).toBe("true");
    const history = lee.getByRole("region", { name: "Email history of Lee Park" });
    const failed = history.getByRole("listitem", { name: "Following up" });
    const errorDetails = failed.getByRole("region", { name: "Error Details" });
    await errorDetails.getByText("550 5.1.1 <lee@example.com>: Recipient address rejected: User unknown").waitFor();
    await errorDetails.getByText(failureTroubleshooting.invalid_address.suggestion).waitFor();
    await errorDetails.getByText("Common causes:").waitFor();
    await errorDetails.getByText("A typo in the address").waitFor();
    await failed.getByText("Campaign:").waitFor();
    expect(await failed.textContent()).toContain("Spring Outreach");

    const sent = history.getByRole("listitem", { name: "Hello Lee" });
    await sent.getByText("Would Tuesday work for a quick call?").waitFor();
    expect(await sent.getByRole("region", { name: "Error Details" }).count()).toBe(0);

    await lee.getByRole("button", { name: /Replies/ }).click();
    await lee.getByRole("region", { name: "Replies from Lee Park" }).getByText("Tuesday works for me.").waitFor();

    await direct.getByRole("button", { name: "Email History" }).click();
    const raw = direct.getByRole("region", { name: "Error Details" });
    await raw.getByText("SMTP error: 421 4.7.0 Try again later").waitFor();
    await direct.getByText("Unknown Campaign").waitFor();
    await direct.getByRole("button", { name: /Replies/ }).click();
    await direct.getByText("No replies yet").waitFor();

    await sent.getByRole("link", { name: "Reply" }).click();
    await page.getByRole("heading", { level: 1, name: "Compose Email" }).waitFor();
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe("me@acme.test");
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("lee@example.com");
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("Re: Hello Lee");

    await page.getByRole("link", { name: "Back to Inbox" }).click();
    await lee.getByRole("button", { name: "Email History" }).click();
    await lee
      .getByRole("region", { name: "Email history of Lee Park" })
      .getByRole("listitem", { name: "Following up" })
      .getByRole("link", { name: "New Email" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Compose Email" }).waitFor();
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("lee@example.com");
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("");
  });
});
