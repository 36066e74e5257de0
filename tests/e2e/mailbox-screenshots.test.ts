// Screenshots of the mailbox screens for a visual review, light and dark:
// Reply Tracker, Failed emails, Email Classification, Compose answering a
// reply, the dashboard's mail-sync card and a sender's sync state. Runs only
// when asked:
//   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/mailbox-screenshots.test.ts
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import {
  campaigns,
  contacts,
  emailSends,
  mailboxSyncs,
  replies,
  senderAccounts,
  spamEmails,
} from "../../src/server/db/schema/index.ts";
import type { ReplyClass } from "../../src/shared/db-enums.ts";
import { buildSendErrorMessage } from "../../src/shared/sending/send-error-message.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const dir = process.env.E2E_SCREENSHOTS_DIR;
const schemes = ["light", "dark"] as const;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function shot(page: Page, name: string) {
  // Let transitions and toasts settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(dir ?? ".", `${name}.png`) });
}

async function seed(app: AppServer, email: string) {
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = owner!.id;
  const [sender] = await db
    .insert(senderAccounts)
    .values({ userId, email: "hello@acme.test", imapHost: "imap.acme.test", imapPort: 993 })
    .returning();
  await db.insert(mailboxSyncs).values({
    senderAccountId: sender!.id,
    userId,
    lastSyncedAt: minutesAgo(12),
    lastError: "IMAP login failed: AUTHENTICATIONFAILED Invalid credentials",
    lastErrorAt: minutesAgo(3),
    errorCount: 2,
  });
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name: "Q4 SaaS founders", status: "active" })
    .returning();
  const people = [
    ["Rita", "Alvarez", 4],
    ["Lee", "Park", 30],
    ["Kim", "Nguyen", null],
    ["Sam", "Okafor", null],
    ["Ana", "Lima", null],
    ["Bo", "Berg", null],
  ] as const;
  const rows = await db
    .insert(contacts)
    .values(
      people.map(([first, last, replied], i) => ({
        userId,
        campaignId: campaign!.id,
        email: `${first.toLowerCase()}@${last.toLowerCase()}.example`,
        firstName: first,
        lastName: last,
        repliedAt: replied === null ? null : minutesAgo(replied),
        createdAt: minutesAgo(200 + i * 30),
      })),
    )
    .returning();
  const reply = (
    i: number,
    replyClass: ReplyClass,
    rule: string,
    content: string,
    extra: Partial<typeof replies.$inferInsert> = {},
  ) => ({
    userId,
    campaignId: campaign!.id,
    contactId: rows[i]!.id,
    contactEmail: rows[i]!.email,
    senderEmail: "hello@acme.test",
    subject: "Re: Quick question about your onboarding",
    replyContent: content,
    repliedAt: minutesAgo(4 + i * 25),
    replyClass,
    classRule: rule,
    ...extra,
  });
  await db.insert(replies).values([
    reply(
      0,
      "meeting_request",
      "phrase: 'are you free'",
      "Thanks for reaching out. Are you free Thursday afternoon for a 20-minute call?\n\nRita",
      { messageId: "<rita-1@alvarez.example>", referencesHeader: "<step-1@acme.test>" },
    ),
    reply(1, "interested", "phrase: 'tell me more'", "Interesting timing - tell me more about the pricing."),
    reply(2, "out_of_office", "header: Auto-Submitted: auto-replied", "I am out of the office until Monday.", {
      kind: "auto_reply",
    }),
    reply(3, "not_interested", "phrase: 'not interested'", "Not interested, thanks.", { classCorrected: true }),
  ]);
  await db.insert(spamEmails).values([
    {
      userId,
      subject: "URGENT: Your mailbox storage is full",
      senderEmail: "admin@mail-quota.example",
      content:
        "Your mailbox has exceeded its storage limit. To keep receiving email, verify your account within 24 hours by entering your password on the page below. Failure to do so will result in your account being closed permanently.",
      receivedAt: minutesAgo(20),
      senderAccountId: sender!.id,
      folder: "Junk",
    },
    {
      userId,
      subject: "You won a $1,000 gift card",
      senderEmail: "rewards@prize.example",
      content: "Claim your prize now.",
      receivedAt: minutesAgo(200),
    },
  ]);
  await db.insert(emailSends).values({
    userId,
    campaignId: campaign!.id,
    contactId: rows[5]!.id,
    toEmail: rows[5]!.email,
    fromEmail: "hello@acme.test",
    subject: "Quick question about your onboarding",
    body: "Hi",
    status: "failed",
    failureCategory: "invalid_address",
    bounceType: "hard",
    errorMessage: buildSendErrorMessage({
      error: `550 5.1.1 <${rows[5]!.email}>: Recipient address rejected: User unknown in virtual mailbox table`,
      recipient: rows[5]!.email,
      sender: "hello@acme.test",
      subject: "Quick question about your onboarding",
      timestamp: minutesAgo(60),
      category: "invalid_address",
    }),
    createdAt: minutesAgo(60),
  });
  // A bounce about the sender, read from the mailbox: its reason, soft.
  await db.insert(emailSends).values({
    userId,
    campaignId: campaign!.id,
    contactId: rows[4]!.id,
    toEmail: rows[4]!.email,
    fromEmail: "hello@acme.test",
    subject: "Quick question about your onboarding",
    body: "Hi",
    status: "failed",
    failureCategory: "blocked",
    failureReason: "reputation",
    bounceType: "soft",
    errorMessage: buildSendErrorMessage({
      error:
        "Bounced (soft) after delivery: 5.7.1 554 5.7.1 Service unavailable; Client host [198.51.100.7] blocked using zen.spamhaus.org",
      recipient: rows[4]!.email,
      sender: "hello@acme.test",
      subject: "Quick question about your onboarding",
      timestamp: minutesAgo(30),
      category: "blocked",
      reason: "reputation",
    }),
    createdAt: minutesAgo(30),
  });
  const [first] = await db.select().from(replies).where(eq(replies.contactId, rows[0]!.id));
  return { replyId: first!.id };
}

describeJourneys("mailbox screenshots for review", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    if (dir) mkdirSync(dir, { recursive: true });
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it.skipIf(!dir)(
    "Reply Tracker, Failed emails, Email Classification, Compose, mail sync: light and dark",
    async () => {
      const { page } = browser;
      const user = await signedInUser(page, app.baseUrl, "shots");
      const { replyId } = await seed(app, user.email);
      // Failed emails' reasons at a phone's, a tablet's and a desktop's width.
      for (const width of [360, 768, 1440]) {
        const sized = await (
          await browser.newContext({ viewport: { width, height: 1400 }, colorScheme: "light" })
        ).newPage();
        const sizedUser = await signedInUser(sized, app.baseUrl, `shots-${width}`);
        await seed(app, sizedUser.email);
        await sized.goto(`${app.baseUrl}/spam`);
        await sized.getByRole("region", { name: "Recent Failures" }).getByRole("listitem").first().waitFor();
        await sized.getByRole("region", { name: "Recent Failures" }).scrollIntoViewIfNeeded();
        await shot(sized, `failed-emails-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 1500 });
      for (const scheme of schemes) {
        await page
          .getByRole("complementary")
          .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
          .click();
        await page.goto(`${app.baseUrl}/replies`);
        await page.getByRole("region", { name: "Awaiting Replies" }).getByRole("listitem").first().waitFor();
        await shot(page, `reply-tracker-${scheme}`);

        await page.goto(`${app.baseUrl}/spam`);
        await page.getByRole("region", { name: "Recent Failures" }).getByRole("listitem").first().waitFor();
        await shot(page, `failed-emails-${scheme}`);

        await page.goto(`${app.baseUrl}/email-classification`);
        const list = page.getByRole("list", { name: "Classified replies" });
        await list.getByRole("listitem").first().waitFor();
        await list.getByRole("button", { name: "Out of office" }).hover();
        await page.getByRole("tooltip").waitFor();
        await shot(page, `email-classification-${scheme}`);

        await page.goto(`${app.baseUrl}/inbox/compose?reply=${replyId}`);
        await page.getByText(/in the same thread/).waitFor();
        await shot(page, `compose-answer-${scheme}`);

        await page.goto(`${app.baseUrl}/`);
        await page.getByText(/^(Gmail|Mail) sync has issues$/).waitFor();
        await page.getByRole("region", { name: "Mail Sync" }).scrollIntoViewIfNeeded();
        await shot(page, `dashboard-mail-sync-${scheme}`);

        await page.goto(`${app.baseUrl}/senders`);
        await page.getByText(/Mailbox sync failed/).waitFor();
        await shot(page, `senders-sync-${scheme}`);
      }
      const phone = await (
        await browser.newContext({ viewport: { width: 390, height: 1600 }, colorScheme: "light" })
      ).newPage();
      const phoneUser = await signedInUser(phone, app.baseUrl, "shots-phone");
      await seed(app, phoneUser.email);
      await phone.goto(`${app.baseUrl}/replies`);
      await phone.getByRole("region", { name: "Awaiting Replies" }).getByRole("listitem").first().waitFor();
      await shot(phone, "reply-tracker-phone");
      await phone.goto(`${app.baseUrl}/email-classification`);
      await phone.getByRole("list", { name: "Classified replies" }).getByRole("listitem").first().waitFor();
      await shot(phone, "email-classification-phone");
    },
  );
});
