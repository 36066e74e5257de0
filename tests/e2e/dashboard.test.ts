// The dashboard after a launch (issue 6): the figures count the campaign's
// sends, the 30-day chart has today's sends, the failure panel moves through
// its bands as failures come in, and the mail-sync card follows the senders.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { campaigns, contacts, emailSends, mailboxSyncs, senderAccounts } from "../../src/server/db/schema/index.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { utcDay } from "../../src/shared/dashboard/activity-series.ts";
import type { FailureCategory } from "../../src/shared/db-enums.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { buildSendErrorMessage } from "../../src/shared/sending/send-error-message.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

/** The value shown under a figure's label. */
function figure(scope: Page | Locator, label: string) {
  return scope.getByRole("group", { name: label, exact: true }).locator("p").nth(1);
}
const text = async (l: Locator) => (await l.textContent())?.trim();

/** Every layout shift of the page, from its first frame (an init script: the browser's own types). */
const recordLayoutShifts = `(() => {
  const shifts = (window.shifts = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) shifts.push(e.value);
  }).observe({ type: "layout-shift", buffered: true });
})();`;

const campaign = (name: string): CreateCampaignInput => ({
  name,
  description: "Dashboard journey",
  emailColumn: "email",
  // One sender allowed 3 a day for 4 contacts: 3 go at launch, 1 waits.
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 3 }],
  contacts: ["ana", "ben", "chen", "dana"].map((first) => ({
    email: `${first}@prospect.test`,
    firstName: first,
    lastName: null,
    company: "Prospect",
    customFields: {},
  })),
  sequence: [
    {
      subject: "Hello {{firstName}}",
      body: "Hi {{firstName}}",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    },
  ],
});

describeJourneys("dashboard", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function userId(email: string) {
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  function failedSend(owner: string, category: FailureCategory, to: string) {
    return {
      userId: owner,
      toEmail: to,
      fromEmail: "hello@acme.test",
      subject: "Hello",
      body: "Hi",
      status: "failed" as const,
      failureCategory: category,
      errorMessage: buildSendErrorMessage({
        error: `550 5.1.1 <${to}>: ${category === "bounced" ? "Mailbox unavailable" : "Message rejected"}`,
        recipient: to,
        sender: "hello@acme.test",
        subject: "Hello",
        timestamp: new Date(),
        category,
      }),
    };
  }

  it("counts a launched campaign, then shows the failure band and sync errors as failures come in", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "dashboard");
    const owner = await userId(account.email);
    const panel = page.getByRole("region", { name: "Email Failure Rate" });
    const sync = page.getByRole("region", { name: "Mail Sync" });

    // Before anything: empty states.
    await eventually(() => text(figure(page, "Total Campaigns"))).toBe("0");
    await panel.getByText("No emails sent yet").waitFor();
    await panel.getByText("Launch your first campaign to see email delivery statistics here.").waitFor();
    await sync.getByText("Gmail sync not configured").waitFor();
    // Gmail Sync lives on Senders (Settings has no Gmail section): both links go there (issue 28).
    expect(await sync.getByRole("link", { name: "Configure Gmail sync in Senders" }).getAttribute("href")).toBe(
      "/senders",
    );
    expect(await sync.getByRole("link", { name: "Gmail Settings" }).getAttribute("href")).toBe("/senders");
    await page.getByText("No campaigns yet").waitFor();

    // Launch a campaign (as the wizard does: create, then launch) in capture mode.
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign("Dashboard Journey") });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as CampaignDetail).campaign;
    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${id}/launch`);
    expect(launched.status()).toBe(200);
    expect(((await launched.json()) as LaunchResult).emailsSent).toBe(3);

    // Refresh refetches the page's data in place.
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await eventually(() => text(figure(page, "Emails Sent"))).toBe("3");
    expect(await text(figure(page, "Total Campaigns"))).toBe("1");
    expect(await text(figure(page, "Active Contacts"))).toBe("4");
    expect(await text(figure(page, "Open Rate"))).toBe("0%");
    expect(await text(figure(page, "Reply Rate"))).toBe("0%");
    expect(await text(figure(page, "Failure Rate"))).toBe("0%");
    await page
      .getByRole("list", { name: "Your Campaigns" })
      .getByRole("listitem")
      .filter({ hasText: "Dashboard Journey" })
      .waitFor();

    // The chart: today's three sends, in its summary and its data table.
    const chart = page.getByRole("region", { name: "Activity, Last 30 Days" });
    await chart.getByRole("img", { name: /3 sent, 0 opened, 0 replied/ }).waitFor();
    const todayRow = chart.getByRole("row").filter({ hasText: utcDay(new Date()) });
    expect(await todayRow.getByRole("cell").allTextContents()).toEqual(["3", "0", "0"]);
    await chart.getByRole("list", { name: "Legend" }).getByText("Replied").waitFor();

    // No failures yet.
    await panel.getByText("Perfect Delivery!").waitFor();
    expect(await text(figure(panel, "Overall Failure Rate"))).toBe("0%");
    expect(await text(figure(panel, "Success Rate"))).toBe("100%");
    expect(await panel.getByText("Failure Breakdown").count()).toBe(0);

    // Six more delivered and one bounce: 1 of 10 failed, moderate.
    await app.database.db.insert(emailSends).values([
      ...Array.from({ length: 6 }, (_, i) => ({
        userId: owner,
        toEmail: `direct${i}@prospect.test`,
        fromEmail: "hello@acme.test",
        subject: "Hello",
        body: "Hi",
        status: "sent" as const,
        sentAt: new Date(),
      })),
      failedSend(owner, "bounced", "gone@prospect.test"),
    ]);
    await panel.getByRole("button", { name: "Refresh failure statistics" }).click();
    await eventually(() => text(figure(panel, "Overall Failure Rate"))).toBe("10%");
    expect(await text(figure(panel, "Success Rate"))).toBe("90%");
    expect(await text(figure(panel, "Bounce Rate"))).toBe("10%");
    expect(await text(figure(panel, "Rejection Rate"))).toBe("0%");
    await panel.getByText("Moderate failure rate: monitor your sending").waitFor();
    const breakdown = panel.getByRole("region", { name: "Failure Breakdown" });
    await breakdown.getByText("Mailbox issues").waitFor();
    expect(await breakdown.getByText("Rejected").count()).toBe(0);
    const recent = panel.getByRole("list", { name: "Recent Failures" });
    await recent.getByText("gone@prospect.test", { exact: true }).waitFor();
    await recent.getByText("550 5.1.1 <gone@prospect.test>: Mailbox unavailable").waitFor();

    // Three rejections: 4 of 13 failed (31%), high.
    await app.database.db
      .insert(emailSends)
      .values([1, 2, 3].map((i) => failedSend(owner, "rejected", `refused${i}@prospect.test`)));
    await panel.getByRole("button", { name: "Refresh failure statistics" }).click();
    await eventually(() => text(figure(panel, "Overall Failure Rate"))).toBe("31%");
    expect(await text(figure(panel, "Rejection Rate"))).toBe("23%");
    await panel.getByText("High failure rate: needs immediate attention").waitFor();
    await breakdown.getByText("Server rejection").waitFor();
    expect(await recent.getByRole("listitem").count()).toBe(4);

    // Gmail sync on the sender: disabled until it holds a token, then the mailbox sync's failure shows as issues.
    await app.database.db
      .update(senderAccounts)
      .set({ gmailSyncEnabled: true })
      .where(eq(senderAccounts.userId, owner));
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await sync.getByText("Gmail sync disabled").waitFor();
    await app.database.db
      .update(senderAccounts)
      .set({ gmailRefreshTokenEncrypted: "encrypted" })
      .where(eq(senderAccounts.userId, owner));
    // Connected: the app's mailbox sync reads it at its next run (made due now). The stored token
    // cannot be opened here (it is not one the app sealed), so that run fails and the card says so.
    await app.database.db
      .update(mailboxSyncs)
      .set({ nextSyncAt: new Date(Date.now() - 1_000) })
      .where(eq(mailboxSyncs.userId, owner));
    await eventually(async () => {
      await page.getByRole("button", { name: "Refresh", exact: true }).click();
      return sync.getByText("Gmail sync has issues").isVisible();
    }).toBe(true);
    await sync.getByText(/1 recent sync error\b/).waitFor();
    // The page-level refresh updated the figures too.
    expect(await text(figure(page, "Failure Rate"))).toBe("31%");
  }, 120_000);

  it("reports each IMAP mailbox the sync reads as working or has issues, and leads to Senders", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "dashboard-imap");
    const owner = await userId(account.email);
    const db = app.database.db;
    const sync = page.getByRole("region", { name: "Mail Sync" });
    const [reader] = await db
      .insert(senderAccounts)
      .values({ userId: owner, email: "replies@acme.test", imapHost: "imap.acme.test", imapPort: 993 })
      .returning();
    // What the mailbox sync records after reading it; not due, so the app's own sync leaves it as written.
    await db.insert(mailboxSyncs).values({
      senderAccountId: reader!.id,
      userId: owner,
      lastSyncedAt: new Date(),
      nextSyncAt: new Date(Date.now() + 3_600_000),
    });
    await page.reload();
    await sync.getByText("Mail sync working properly", { exact: true }).waitFor();
    expect(await sync.getByText("Gmail sync not configured").count()).toBe(0);
    const mailbox = sync
      .getByRole("list", { name: "Mailboxes read" })
      .getByRole("listitem", { name: "replies@acme.test" });
    await mailbox.getByText("working", { exact: true }).waitFor();
    expect(await mailbox.textContent()).toMatch(
      /^replies@acme\.test \(IMAP\): working, last synced less than a minute ago$/,
    );

    // The mailbox fails: the card says so, naming the mailbox.
    await db
      .update(mailboxSyncs)
      .set({ errorCount: 1, lastError: "IMAP login failed: AUTHENTICATIONFAILED", lastErrorAt: new Date() })
      .where(eq(mailboxSyncs.senderAccountId, reader!.id));
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await sync.getByText("Mail sync has issues", { exact: true }).waitFor();
    await mailbox.getByText("has issues", { exact: true }).waitFor();
    await sync.getByText(/IMAP login failed: AUTHENTICATIONFAILED/).waitFor();

    // Its link leads to Senders, where the Gmail Sync sections are.
    await sync.getByRole("link", { name: "Gmail Settings" }).click();
    await page.waitForURL(`${app.baseUrl}/senders`);
    await page.getByRole("listitem", { name: "replies@acme.test" }).waitFor();
  });

  // Issue 28 §5: the capture banner came after the shell, and the figures' hints and the chart's legend after
  // their skeletons, each pushing the page down as it loaded (CLS 0.10 on Lighthouse's phone). And the entry's
  // early session and app-info requests are the ones the stores use, not a second copy of each.
  it("loads without moving anything, reading the session and the app info once", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "dashboard-steady");
    await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign("Steady") });
    await page.addInitScript({ content: recordLayoutShifts });
    const reads: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path === "/api/auth/get-session" || path === "/api/app-info") reads.push(path);
    });
    for (const width of [390, 1440]) {
      reads.length = 0;
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${app.baseUrl}/`);
      await page
        .getByRole("region", { name: "Mail delivery" })
        .getByRole("link", { name: "Open the outbox" })
        .waitFor();
      await eventually(() => text(figure(page, "Total Campaigns"))).toBe("1");
      await page.getByText("0 of them replied").waitFor();
      await page.getByRole("list", { name: "Legend" }).getByText("0").first().waitFor();
      await page.getByRole("list", { name: "Your Campaigns" }).getByText("Steady").waitFor();
      // The legend's numbers replacing their placeholders may nudge its items sideways (about 0.0002).
      const shifts = await page.evaluate(() => (globalThis as unknown as { shifts: number[] }).shifts);
      const total = shifts.reduce((a, b) => a + b, 0);
      expect({ width, total: total < 0.001 ? "none" : total }).toEqual({ width, total: "none" });
      expect(reads.sort()).toEqual(["/api/app-info", "/api/auth/get-session"]);
    }
  });

  // The shell waits for the app info (its capture banner would otherwise push the page down), but only a
  // moment: app info the server does not answer must not keep a signed-in user on a spinner.
  it("shows the dashboard when the app info does not answer, and the banner once it does", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "dashboard-slow-info");
    const held: Array<() => Promise<void>> = [];
    await page.route("**/api/app-info", (route) => {
      held.push(() => route.continue());
    });
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole("region", { name: "Mail delivery" }).count()).toBe(0);
    expect(held.length).toBeGreaterThan(0);
    for (const release of held) await release();
    await page.unroute("**/api/app-info");
    await page.getByRole("region", { name: "Mail delivery" }).getByRole("link", { name: "Open the outbox" }).waitFor();
  });

  it("says 'Failed to load dashboard data' when the figures cannot be loaded", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/dashboard\/summary: .*status of 500/, "the summary is made to fail");
    await signedInUser(page, app.baseUrl, "dashboard-error");
    await page.route("**/api/dashboard/summary", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal_error", message: "boom" } }),
      }),
    );
    await page.reload();
    const error = toast(page, "Error");
    await error.getByText("Failed to load dashboard data").waitFor();
    expect(await text(figure(page, "Emails Sent"))).toBe("—");
    // The rest of the page still works.
    await page.getByRole("region", { name: "Email Failure Rate" }).getByText("No emails sent yet").waitFor();
  });

  // A visual review of the dashboard with a month of realistic activity, light and dark. Runs only when asked:
  //   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/dashboard.test.ts
  it.skipIf(!shotsDir)(
    "screenshots with a month of activity",
    async () => {
      const { page } = browser;
      const account = await signedInUser(page, app.baseUrl, "dashboard-shots");
      const owner = await userId(account.email);
      const db = app.database.db;
      const created = await page.request.post(`${app.baseUrl}/api/campaigns`, {
        data: campaign("Q4 Founders, Berlin"),
      });
      const { id } = ((await created.json()) as CampaignDetail).campaign;
      await page.request.post(`${app.baseUrl}/api/campaigns/${id}/launch`);
      await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign("SaaS CFOs (draft)") });

      // A month of sends: more on weekdays, a third opened a day later, a few replies and failures.
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
      const people = await db
        .insert(contacts)
        .values(
          Array.from({ length: 180 }, (_, i) => ({
            userId: owner,
            campaignId: row!.id,
            email: `lead${i}@prospect.test`,
            repliedAt: i % 14 === 0 ? new Date(Date.now() - ((i * 7) % 28) * 86_400_000) : null,
          })),
        )
        .returning();
      const categories: FailureCategory[] = ["bounced", "invalid_address", "rejected", "spam", "network"];
      await db.insert(emailSends).values(
        people.map((p, i) => {
          const daysBack = (i * 11) % 30;
          const at = new Date(Date.now() - daysBack * 86_400_000 - (i % 7) * 3_600_000);
          if (i % 19 === 0)
            return {
              ...failedSend(owner, categories[i % categories.length]!, p.email),
              contactId: p.id,
              campaignId: row!.id,
              createdAt: at,
            };
          return {
            userId: owner,
            campaignId: row!.id,
            contactId: p.id,
            toEmail: p.email,
            fromEmail: "hello@acme.test",
            subject: "Hello",
            body: "Hi",
            status: "sent" as const,
            sentAt: at,
            openedAt: i % 3 === 0 && daysBack > 0 ? new Date(at.getTime() + 86_400_000) : null,
            createdAt: at,
          };
        }),
      );
      await db
        .update(senderAccounts)
        .set({ gmailSyncEnabled: true, gmailRefreshTokenEncrypted: "encrypted" })
        .where(eq(senderAccounts.userId, owner));

      mkdirSync(shotsDir!, { recursive: true });
      await page.setViewportSize({ width: 1280, height: 2300 });
      for (const scheme of ["light", "dark"] as const) {
        await page
          .getByRole("complementary")
          .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
          .click();
        await page.reload();
        await page.getByRole("region", { name: "Email Failure Rate" }).getByText("Failure Breakdown").waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(shotsDir!, `dashboard-${scheme}.png`) });
      }
      await page.setViewportSize({ width: 390, height: 3200 });
      await page.reload();
      await page.getByRole("region", { name: "Email Failure Rate" }).getByText("Failure Breakdown").waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(shotsDir!, "dashboard-phone-dark.png") });
    },
    120_000,
  );
});
