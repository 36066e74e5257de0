// Sender statistics and the sender profile (docs/product.md §17.2, §17.3):
// after a launch, the sender's card on the Senders page counts what went out
// (Active Senders, today's figures, the email history), its profile shows
// Total Sent, Daily Email Activity and Recent Emails, 'Back to Senders' returns,
// and an unknown sender gets the spec's not-found messages.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailSends } from "../../src/server/db/schema/sending.ts";
import type { CampaignDetail } from "../../src/shared/campaigns/campaigns.schemas.ts";
import type { Sender } from "../../src/shared/senders/senders.schemas.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { buildSendErrorMessage } from "../../src/shared/sending/send-error-message.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

// Screenshots for a visual review run only when asked:
//   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/sender-profile.test.ts
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const contacts = ["ana", "ben", "chen", "dana"].map((name) => ({
  email: `${name}@prospects.test`,
  firstName: name[0]?.toUpperCase() + name.slice(1),
  lastName: "Lee",
  company: "Initech",
  customFields: {},
}));

/**
 * A saved sender allowed `dailyLimit` emails a day, and a campaign that
 * imports it, launched through the API as the wizard does: the first batch
 * goes out at once, within the limit.
 */
async function launchWithSavedSender(page: Page, baseUrl: string, email: string, dailyLimit: number) {
  const created = await page.request.post(`${baseUrl}/api/senders`, {
    data: { email, provider: "custom", dailyLimit },
  });
  expect(created.status()).toBe(201);
  const sender = (await created.json()) as Sender;
  const campaign = await page.request.post(`${baseUrl}/api/campaigns`, {
    data: {
      name: "Profile Journey",
      description: null,
      emailColumn: "email",
      senderAccounts: [{ email, provider: "custom", dailyLimit, savedSenderId: sender.id }],
      contacts,
      sequence: [
        {
          subject: "Hello {{firstName}}",
          body: "Hi {{firstName}}, a quick question.",
          bodyFormat: "text",
          delayAmount: 0,
          delayUnit: "days",
          scheduledDate: null,
          scheduledTime: null,
        },
      ],
    },
  });
  expect(campaign.status()).toBe(201);
  const { campaign: c } = (await campaign.json()) as CampaignDetail;
  const launched = await page.request.post(`${baseUrl}/api/campaigns/${c.id}/launch`);
  expect(launched.status()).toBe(200);
  return { sender, launch: (await launched.json()) as LaunchResult };
}

/** A stats table row ("Sent", "Opened", …) as its cells: today, last 7 days, last month. */
async function statsRow(page: Page, email: string, row: string): Promise<string[]> {
  return page
    .getByRole("table", { name: `Statistics of ${email}` })
    .getByRole("row", { name: new RegExp(`^${row}`) })
    .getByRole("cell")
    .allTextContents();
}

describeJourneys("sender statistics and profile", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("after a launch, the sender card counts the emails and the profile shows them; Back to Senders returns", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "sender-profile");
    const { launch } = await launchWithSavedSender(page, app.baseUrl, "hello@acme.test", 3);
    expect(launch).toMatchObject({ emailsSent: 3, emailsFailed: 0 });
    // An unused one, for the other group.
    await page.request.post(`${app.baseUrl}/api/senders`, {
      data: { email: "spare@acme.test", provider: "gmail", dailyLimit: 50 },
    });

    await page.goto(`${app.baseUrl}/senders`);
    await page.getByRole("heading", { level: 1, name: "Senders" }).waitFor();
    const card = page.getByRole("list", { name: "Active Senders" }).getByRole("listitem", { name: "hello@acme.test" });
    await card.getByText("3 emails sent").waitFor();
    await page
      .getByRole("list", { name: "Unused Senders" })
      .getByRole("listitem", { name: "spare@acme.test" })
      .waitFor();

    // Today's, the week's and the month's figures: 3 sent, nothing failed or opened yet.
    await eventually(() => statsRow(page, "hello@acme.test", "Sent")).toEqual(["3", "3", "3"]);
    expect(await statsRow(page, "hello@acme.test", "Failed")).toEqual(["0", "0", "0"]);
    expect(await statsRow(page, "hello@acme.test", "Success rate")).toEqual(["100%", "100%", "100%"]);
    expect(await statsRow(page, "hello@acme.test", "Open rate")).toEqual(["0%", "0%", "0%"]);

    // The expandable email history lists the three sends.
    const toggle = card.getByRole("button", { name: "Email History of hello@acme.test" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await eventually(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const history = card.getByRole("list", { name: "Email history of hello@acme.test" });
    await eventually(() => history.getByRole("listitem").count()).toBe(3);
    await history
      .getByText(/^Hello (Ana|Ben|Chen|Dana)$/)
      .first()
      .waitFor();

    // The profile, by sender email.
    await card.getByRole("link", { name: "View profile of hello@acme.test" }).click();
    await page.waitForURL(`${app.baseUrl}/senders/profile/hello%40acme.test`);
    await page.getByRole("heading", { level: 1, name: "Sender Profile" }).waitFor();
    await page.getByRole("group", { name: "Total Sent" }).getByText("3", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Success Rate" }).getByText("100%", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Open Rate" }).getByText("0%", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Scheduled Today" }).waitFor();
    await page.getByRole("heading", { name: "Account information" }).waitFor();
    await page.getByText("3 emails/day").waitFor();
    // 3 sent of a daily limit of 3.
    await page.getByText("100% of limit").waitFor();
    const recent = page.getByRole("list", { name: "Recent Emails" });
    await eventually(() => recent.getByRole("listitem").count()).toBe(3);
    await recent
      .getByText(/^To: (ana|ben|chen|dana)@prospects\.test$/)
      .first()
      .waitFor();

    await page.getByRole("link", { name: "Back to Senders" }).click();
    await page.waitForURL(`${app.baseUrl}/senders`);
    await page.getByRole("heading", { level: 1, name: "Senders" }).waitFor();
  });

  it("says the sender account could not be found for an unknown address", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/senders\/profile.*status of 404/, "the journey opens an unknown sender");
    await signedInUser(page, app.baseUrl, "sender-missing");
    await page.goto(`${app.baseUrl}/senders/profile/${encodeURIComponent("nobody@acme.test")}`);
    await page.getByRole("heading", { name: "Sender account not found" }).waitFor();
    await page.getByText("The requested sender account could not be found.").waitFor();
    await page.getByRole("link", { name: "Back to Senders" }).click();
    await page.waitForURL(`${app.baseUrl}/senders`);
  });

  it.skipIf(!shotsDir)(
    "screenshots: the Senders page with figures and the sender profile, light and dark",
    async () => {
      const { page } = browser;
      const dir = shotsDir ?? ".";
      mkdirSync(dir, { recursive: true });
      // The app scrolls inside its shell, so a tall window shows the whole screen.
      const shot = async (name: string) => {
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(dir, `${name}.png`) });
      };
      await page.setViewportSize({ width: 1280, height: 1500 });
      await signedInUser(page, app.baseUrl, "profile-shots");
      const sender = "anna.moreau@northwind-trading.test";
      await launchWithSavedSender(page, app.baseUrl, sender, 3);
      await page.request.post(`${app.baseUrl}/api/senders`, {
        data: { email: "sales@northwind.test", provider: "outlook", dailyLimit: 50 },
      });
      // Realistic figures: one of the three opened, one failed today, older sends in the last weeks.
      const db = app.database.db;
      const [first] = await db.select().from(emailSends).where(eq(emailSends.fromEmail, sender)).limit(1);
      if (!first) throw new Error("no send");
      await db.update(emailSends).set({ openedAt: new Date() }).where(eq(emailSends.id, first.id));
      const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
      await db.insert(emailSends).values([
        {
          userId: first.userId,
          toEmail: "old.address@prospects.test",
          fromEmail: sender,
          subject: "Quick question about Initech",
          body: "Hi",
          status: "failed",
          failureCategory: "invalid_address",
          errorMessage: buildSendErrorMessage({
            error: "550 5.1.1 <old.address@prospects.test>: Recipient address rejected: User unknown",
            recipient: "old.address@prospects.test",
            sender,
            subject: "Quick question about Initech",
            timestamp: new Date(),
            category: "invalid_address",
          }),
        },
        ...[2, 3, 5, 12].map((n) => ({
          userId: first.userId,
          toEmail: `lead${n}@prospects.test`,
          fromEmail: sender,
          subject: "Following up on our chat",
          body: "Hi",
          status: "sent" as const,
          createdAt: daysAgo(n),
          sentAt: daysAgo(n),
          openedAt: n < 5 ? daysAgo(n - 1) : null,
        })),
      ]);
      for (const scheme of ["light", "dark"] as const) {
        await page
          .getByRole("complementary")
          .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
          .click();
        await page.goto(`${app.baseUrl}/senders`);
        await page.getByRole("list", { name: "Active Senders" }).waitFor();
        await page.getByRole("button", { name: /^Email History of anna/ }).click();
        await page.getByRole("list", { name: /^Email history of anna/ }).waitFor();
        await shot(`senders-stats-${scheme}`);
        await page.getByRole("link", { name: /^View profile of anna/ }).click();
        await page.getByRole("list", { name: "Recent Emails" }).waitFor();
        await shot(`sender-profile-${scheme}`);
      }
      await page.setViewportSize({ width: 390, height: 1700 });
      await page.reload();
      await page.getByRole("list", { name: "Recent Emails" }).waitFor();
      await shot("sender-profile-phone-dark");
      await page.goto(`${app.baseUrl}/senders`);
      await page.getByRole("list", { name: "Active Senders" }).waitFor();
      await shot("senders-stats-phone-dark");
    },
  );
});
