// The Emails screen and the Campaigns overview after a launch (issue 6): the
// sent emails are listed with their badges and 'To:', search narrows the list,
// the overview card counts the sends; an open through the tracking pixel turns
// a row Opened and moves it first, and the card's open figures follow.
// With E2E_SCREENSHOTS_DIR set, it also saves screenshots (light and dark).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { campaignStats, campaigns, emailSends } from "../../src/server/db/schema/index.ts";
import { trackingUrls } from "../../src/server/mail/tokens.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";
import { scrollPastLoaded, scrollToEnd, scrollToStart } from "./support/virtual-list.ts";

const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456";
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

// Four contacts, two with both names: 'To:' shows their full name, the others their address.
const people = [
  { email: "ana@prospect.test", firstName: "Ana", lastName: "Lopez" },
  { email: "ben@prospect.test", firstName: "Ben", lastName: null },
  { email: "chen@prospect.test", firstName: "Chen", lastName: "Wu" },
  { email: "dana@prospect.test", firstName: null, lastName: null },
];
const toLabel = (p: (typeof people)[number]) => (p.firstName && p.lastName ? `${p.firstName} ${p.lastName}` : p.email);

const campaign = (name: string): CreateCampaignInput => ({
  name,
  description: "Founders in Berlin",
  emailColumn: "email",
  // One sender allowed 3 a day for 4 contacts: 3 go at launch, 1 waits for tomorrow.
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 3 }],
  contacts: people.map((p) => ({ ...p, company: "Prospect", customFields: {} })),
  sequence: [
    {
      subject: "Quick question for {{company}}",
      body: "Hi {{firstName}}",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    },
  ],
});

const text = async (l: Locator) => (await l.textContent())?.trim();

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

describeJourneys("Emails and Campaigns overview", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer({ APP_SECRET });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lists the sent emails, searches them, shows the campaign's card, and moves an opened email first", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "emails");
    const db = app.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));

    // Before any send: the empty states.
    await page.getByRole("link", { name: "Emails", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Emails" }).waitFor();
    await page.getByText("View and manage your sent emails with opened emails shown first").waitFor();
    await page.getByRole("heading", { name: "No emails yet" }).waitFor();
    expect(await page.getByRole("link", { name: "Create Your First Campaign" }).getAttribute("href")).toBe(
      "/campaigns/create",
    );
    await page.getByRole("link", { name: "Campaigns", exact: true }).click();
    await page.getByRole("heading", { name: "No campaigns yet" }).waitFor();

    // Launch a campaign (as the wizard does: create, then launch) in capture mode.
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign("Berlin Founders") });
    expect(created.status()).toBe(201);
    const { id: campaignId } = ((await created.json()) as CampaignDetail).campaign;
    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${campaignId}/launch`);
    expect(launched.status()).toBe(200);
    expect(((await launched.json()) as LaunchResult).emailsSent).toBe(3);
    // And a direct email that failed: no campaign to edit.
    await db.insert(emailSends).values({
      userId: owner!.id,
      toEmail: "nobody@nowhere.test",
      fromEmail: "hello@acme.test",
      subject: "Direct note",
      body: "Hi",
      status: "failed",
      failureCategory: "invalid_address",
      createdAt: new Date(Date.now() - 60_000),
    });
    const sends = await db
      .select()
      .from(emailSends)
      .where(and(eq(emailSends.userId, owner!.id), eq(emailSends.campaignId, campaignId)));
    expect(sends).toHaveLength(3);

    // The Emails list: three Sent rows for the campaign's recipients and the Failed direct one.
    await page.getByRole("link", { name: "Emails", exact: true }).click();
    const list = page.getByRole("list", { name: "Emails" });
    const rows = list.getByRole("listitem");
    await eventually(() => rows.count()).toBe(4);
    const sentTo = people.filter((p) => sends.some((s) => s.toEmail === p.email));
    for (const person of sentTo) {
      const row = rows.filter({ hasText: `To: ${toLabel(person)}` });
      await row.getByText("Quick question for Prospect").waitFor();
      await row.getByText("Berlin Founders").waitFor();
      await row.getByText("Sent", { exact: true }).waitFor();
      await row.getByText(/^Sent [A-Z][a-z]{2} \d/).waitFor();
      expect(await row.getByRole("link", { name: "Edit Campaign" }).getAttribute("href")).toBe(
        `/campaigns/edit/${campaignId}`,
      );
    }
    const direct = rows.filter({ hasText: "Direct note" });
    await direct.getByText("Failed", { exact: true }).waitFor();
    await direct.getByText("To: nobody@nowhere.test").waitFor();
    expect(await direct.getByRole("link", { name: "Edit Campaign" }).count()).toBe(0);
    await shot(page, "emails-light");

    // Search narrows (debounced, on the server): by contact name, by address, by campaign name.
    const search = page.getByRole("searchbox", { name: "Search emails" });
    expect(await search.getAttribute("placeholder")).toBe("Search emails...");
    const named = sentTo.find((p) => p.firstName && p.lastName) ?? sentTo[0]!;
    await search.fill(toLabel(named));
    await eventually(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByText(`To: ${toLabel(named)}`)
      .waitFor();
    await search.fill("nowhere.test");
    await eventually(async () => (await rows.count()) === 1 && (await text(rows.first().locator("h2")))).toBe(
      "Direct note",
    );
    await search.fill("berlin founders");
    await eventually(() => rows.count()).toBe(3);
    await search.fill("no such thing");
    await page.getByRole("heading", { name: "No emails found" }).waitFor();
    await page.getByText("Try adjusting your search terms").waitFor();
    await search.fill("");
    await eventually(() => rows.count()).toBe(4);

    // The overview card: 3 emails, all sent, none opened yet; 1 still scheduled → Active.
    await page.getByRole("link", { name: "Campaigns", exact: true }).click();
    const card = page.getByRole("list", { name: "Campaigns" }).getByRole("listitem", { name: "Berlin Founders" });
    await card.waitFor();
    const figure = (label: string) =>
      card.getByRole("term").filter({ hasText: label }).locator("xpath=..").locator("dd");
    expect(await text(figure("Total Emails"))).toBe("3");
    expect(await text(figure("Open Rate"))).toBe("0%");
    expect(await text(figure("Sent"))).toBe("3");
    await card.getByText("Opened: 0 of 3").waitFor();
    await card.getByText("Active", { exact: true }).waitFor();
    await card.getByText("Founders in Berlin").waitFor();
    await card.getByText(/^Launched: [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor();
    expect(await card.getByText(/^Ended:/).count()).toBe(0);
    expect(await card.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
    expect(await card.getByRole("link", { name: "Edit Berlin Founders" }).getAttribute("href")).toBe(
      `/campaigns/edit/${campaignId}`,
    );
    const overviewSearch = page.getByRole("searchbox", { name: "Search campaigns" });
    expect(await overviewSearch.getAttribute("placeholder")).toBe("Search campaigns...");
    await overviewSearch.fill("paris");
    await page.getByRole("heading", { name: "No campaigns found" }).waitFor();
    await overviewSearch.fill("berlin");
    await card.waitFor();

    // The recipient of the list's last campaign email opens it: the pixel loads.
    await page.getByRole("link", { name: "Emails", exact: true }).click();
    await eventually(() => rows.count()).toBe(4);
    const lastCampaignRow = rows.filter({ hasText: "Berlin Founders" }).last();
    const lastLabel = (await text(lastCampaignRow.getByText(/^To: /)))?.replace(/^To: /, "");
    const opened = sends.find((s) => toLabel(people.find((p) => p.email === s.toEmail)!) === lastLabel);
    expect(opened).toBeDefined();
    const reader = await (await browser.newContext()).newPage();
    const pixel = await reader.goto(trackingUrls(app.baseUrl, APP_SECRET, opened!.id).openPixel);
    expect(pixel?.status()).toBe(200);

    // The row is now Opened, with its opened date, and first.
    await page.reload();
    await eventually(() => text(rows.first().getByText(/^To: /))).toBe(`To: ${lastLabel}`);
    await rows.first().getByText("Opened", { exact: true }).waitFor();
    await rows
      .first()
      .getByText(/^Opened [A-Z][a-z]{2} \d/)
      .waitFor();
    expect(await rows.getByText("Opened", { exact: true }).count()).toBe(1);
    await shot(page, "emails-opened-light");

    // The card's open figures follow: 1 of 3 → 33%.
    await page.getByRole("link", { name: "Campaigns", exact: true }).click();
    await card.getByText("Opened: 1 of 3").waitFor();
    expect(await text(figure("Open Rate"))).toBe("33%");
    expect(await card.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("33");
    await shot(page, "campaigns-overview-light");

    // A long history comes a page at a time: 60 older direct emails make 64, 50 on the first page.
    await db.insert(emailSends).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: owner!.id,
        toEmail: `old${i}@archive.test`,
        fromEmail: "hello@acme.test",
        subject: `Archived ${i}`,
        body: "Hi",
        status: "sent" as const,
        sentAt: new Date(Date.now() - (i + 2) * 3_600_000),
        createdAt: new Date(Date.now() - (i + 2) * 3_600_000),
      })),
    );
    // The list is virtualised: the rows say how many are loaded (aria-setsize), and the last is reached by scrolling.
    await page.getByRole("link", { name: "Emails", exact: true }).click();
    await eventually(() => rows.first().getAttribute("aria-setsize")).toBe("50");
    // Scrolled to the end of the first page, the rest loads by itself (issue 15).
    expect(await scrollPastLoaded(list)).toBe(64);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    await scrollToEnd(list, 64);
    await rows.last().getByText("Archived 59").waitFor();

    // Edit Campaign opens the campaign's editor (the first row is rendered again once scrolled back to).
    await page.getByRole("link", { name: "Emails", exact: true }).click();
    await scrollToStart(list);
    await rows.first().getByRole("link", { name: "Edit Campaign" }).click();
    await page.waitForURL(`${app.baseUrl}/campaigns/edit/${campaignId}`);

    if (shotsDir) {
      // More cards for the review: a campaign that ended and a draft.
      const [done, draft] = await db
        .insert(campaigns)
        .values([
          {
            userId: owner!.id,
            name: "Q3 Partners",
            description: "Agencies that resell our plan",
            status: "completed",
            launchedAt: new Date(Date.now() - 40 * 86_400_000),
          },
          { userId: owner!.id, name: "Holiday Promo", description: "Draft for December", status: "draft" },
        ])
        .returning();
      await db.insert(campaignStats).values([
        { campaignId: done!.id, userId: owner!.id, sent: 120, failed: 3, opened: 45 },
        { campaignId: draft!.id, userId: owner!.id },
      ]);
      await page.getByRole("complementary").getByTitle("Dark", { exact: true }).click();
      await page.getByRole("link", { name: "Emails", exact: true }).click();
      await rows.first().waitFor();
      await shot(page, "emails-dark");
      await page.getByRole("link", { name: "Campaigns", exact: true }).click();
      await card.waitFor();
      await shot(page, "campaigns-overview-dark");
      const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await phone.context().addCookies(await page.context().cookies());
      await phone.goto(`${app.baseUrl}/campaigns`);
      await phone.getByRole("list", { name: "Emails" }).getByRole("listitem").first().waitFor();
      await shot(phone, "emails-phone-dark");
      await phone.goto(`${app.baseUrl}/campaigns-overview`);
      await phone.getByRole("list", { name: "Campaigns" }).getByRole("listitem").first().waitFor();
      await shot(phone, "campaigns-overview-phone-dark");
    }
  });
});
