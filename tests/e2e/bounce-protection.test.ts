// Bounce protection where the user looks (issue 31 §2): a sender and a
// campaign that bounce protection paused show on the Senders card, the
// dashboard's banner and the campaign's page with the figure that paused them;
// Resume asks first (Cancel changes nothing) and then clears the pause. The
// Settings section and the sender's own thresholds are set through the forms.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { campaigns, scheduledEmails, senderProtection, userSettings } from "../../src/server/db/schema/index.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { weekdays } from "../../src/shared/db-enums.ts";
import { pauseMailbox } from "../support/protection-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

// Screenshots at 360, 768 and 1440 px for a visual review, only when asked:
//   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/bounce-protection.test.ts
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

/** The page (or only `part` of it) at each width. */
async function screenshots(page: Page, name: string, part?: Locator) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const path = join(shotsDir, `bounce-protection-${name}-${width}.png`);
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const SENDER = "outreach@bounce.test";
const DETAIL = "3 hard bounces in 52 sends (5.8%) in the last 7 days";

describeJourneys("bounce protection", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A saved sender and a campaign from it, launched while the sender is paused: its emails wait. */
  async function pausedSenderAndCampaign(page: Page, userId: string) {
    const saved = await page.request.post(`${app.baseUrl}/api/senders`, {
      data: {
        email: SENDER,
        provider: "custom",
        dailyLimit: 50,
        smtp: { host: "127.0.0.1", port: app.capturePort, security: "none", username: SENDER, password: "any" },
      },
    });
    expect(saved.status()).toBe(201);
    const { id: senderId } = (await saved.json()) as { id: string };
    await pauseMailbox(app.database.db, userId, SENDER, DETAIL);
    const input: CreateCampaignInput = {
      name: "Spring outreach",
      description: null,
      emailColumn: "email",
      senderAccounts: [{ email: SENDER, provider: "custom", dailyLimit: 50, savedSenderId: senderId }],
      contacts: ["ana", "ben"].map((first) => ({
        email: `${first}@prospect.test`,
        firstName: first,
        lastName: null,
        company: null,
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
    };
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: input });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as CampaignDetail).campaign;
    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${id}/launch`);
    expect(((await launched.json()) as { emailsSent: number }).emailsSent).toBe(0);
    // And the campaign paused as the check pauses one (its rows held, the figure on it).
    const db = app.database.db;
    await db
      .update(campaigns)
      .set({
        status: "paused",
        autoPausedAt: new Date(),
        autoPauseReason: "bounce_rate",
        autoPauseDetail: "2 hard bounces in 50 sends (4.0%) in the last 7 days",
      })
      .where(eq(campaigns.id, id));
    await db
      .update(scheduledEmails)
      .set({ status: "paused" })
      .where(and(eq(scheduledEmails.campaignId, id), eq(scheduledEmails.status, "scheduled")));
    return id;
  }

  it("shows the pauses on the Senders card, the dashboard and the campaign's page; Resume asks first, then clears them", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "protection");
    const db = app.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));
    const window = { timezone: "UTC", sendTimeStart: "00:00", sendTimeEnd: "23:59", sendingDays: [...weekdays] };
    await db
      .insert(userSettings)
      .values({ userId: owner!.id, ...window })
      .onConflictDoUpdate({ target: userSettings.userId, set: window });
    const campaignId = await pausedSenderAndCampaign(page, owner!.id);

    // The sender's card: the pause, its figure, and Resume.
    await page.goto(`${app.baseUrl}/senders`);
    const card = page.getByRole("listitem", { name: SENDER });
    const cardPause = card.getByRole("status").filter({ hasText: "Paused by bounce protection" });
    await cardPause.getByText(`Hard-bounce rate: ${DETAIL}.`).waitFor();
    await cardPause.getByText("It sends nothing, in any campaign, until you resume it.").waitFor();
    await card.getByText("Pauses at 3% hard bounces of 50+ sends (your settings)").waitFor();
    await screenshots(page, "senders", card);

    // The dashboard's banner: the sender and the campaign, each with its figure.
    await page.goto(`${app.baseUrl}/`);
    const banner = page.getByRole("region", { name: "Paused by bounce protection" });
    await banner.getByText(SENDER, { exact: true }).waitFor();
    await banner.getByText(`Hard-bounce rate: ${DETAIL}.`).waitFor();
    await banner.getByRole("link", { name: "Campaign Spring outreach" }).waitFor();
    await banner.getByText("Hard-bounce rate: 2 hard bounces in 50 sends (4.0%) in the last 7 days.").waitFor();
    await screenshots(page, "dashboard");

    // Resume asks first: Cancel leaves it paused.
    await banner.getByRole("button", { name: `Resume ${SENDER}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Resume sending from ${SENDER}?` });
    await confirm
      .getByText(
        "Its queued emails go out again, in every campaign that sends from it. What paused it will not pause it again: its bounces, complaints and unsubscribes count from now.",
      )
      .waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    const pauseOf = async () =>
      (
        await db
          .select()
          .from(senderProtection)
          .where(and(eq(senderProtection.userId, owner!.id), eq(senderProtection.email, SENDER)))
      )[0];
    expect((await pauseOf())?.pausedAt).not.toBeNull();

    // Resume, confirmed: the sender's pause is gone from the banner; its figures count from now.
    await banner.getByRole("button", { name: `Resume ${SENDER}` }).click();
    await page
      .getByRole("alertdialog", { name: `Resume sending from ${SENDER}?` })
      .getByRole("button", { name: "Resume" })
      .click();
    await toast(page, "Sending resumed").waitFor();
    await eventually(async () => banner.getByText(SENDER, { exact: true }).count()).toBe(0);
    expect(await pauseOf()).toMatchObject({ pausedAt: null, pauseDetail: null });
    expect((await pauseOf())?.countsFrom).toBeInstanceOf(Date);

    // The campaign's page: its own pause, and Resume.
    await page.goto(`${app.baseUrl}/campaigns/edit/${campaignId}`);
    const onPage = page.getByRole("region", { name: "Paused by bounce protection" });
    await onPage.getByText("This campaign", { exact: true }).waitFor();
    await onPage.getByText("Its queued emails wait until you resume it; nothing is dropped.").waitFor();
    await screenshots(page, "campaign");
    await onPage.getByRole("button", { name: "Resume campaign Spring outreach" }).click();
    await page
      .getByRole("alertdialog", { name: "Resume the campaign Spring outreach?" })
      .getByRole("button", { name: "Resume" })
      .click();
    await toast(page, "Campaign resumed").waitFor();
    await onPage.waitFor({ state: "detached" });
    const [resumed] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(resumed).toMatchObject({ status: "active", autoPausedAt: null });
    // Its held emails are queued again (the worker sends them from its next round).
    const queue = await db.execute(
      sql`select count(*)::int as n from scheduled_emails where campaign_id = ${campaignId}::uuid and status = 'paused'`,
    );
    expect((queue as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    // Back on Senders: no pause on the card any more.
    await page.goto(`${app.baseUrl}/senders`);
    await card.getByText("Pauses at 3% hard bounces of 50+ sends (your settings)").waitFor();
    expect(await card.getByText("Paused by bounce protection").count()).toBe(0);
  });

  it("sets the thresholds in Settings and a sender's own in its dialog, with the fields' limits", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "protection-settings");
    await page.goto(`${app.baseUrl}/settings`);
    const section = page.getByRole("region", { name: "Bounce protection" });
    expect(await section.getByRole("switch", { name: "Bounce protection" }).getAttribute("aria-checked")).toBe("true");
    await section
      .getByText(
        "A sender or a campaign is paused when, over the last 7 days, hard bounces reach 3% of at least 50 sends; at least 3 emails are marked as spam and that is at least 0.3% of its sends; or unsubscribes reach 5% of at least 50 sends.",
        { exact: false },
      )
      .waitFor();
    await section.getByLabel("Hard-bounce rate (%)").fill("0");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await section.getByText("Hard-bounce rate must be at least 0.01%").waitFor();
    await section.getByLabel("Hard-bounce rate (%)").fill("2");
    await section.getByLabel("Minimum sends").fill("20");
    await section.getByText("hard bounces reach 2% of at least 20 sends", { exact: false }).waitFor();
    await screenshots(page, "settings", section);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Settings saved successfully").waitFor();
    const saved = await page.request.get(`${app.baseUrl}/api/settings`);
    expect(await saved.json()).toMatchObject({ bounceRatePercent: 2, bounceMinSends: 20 });

    // A sender's own thresholds.
    const added = await page.request.post(`${app.baseUrl}/api/senders`, {
      data: {
        email: "own@bounce.test",
        provider: "custom",
        dailyLimit: 50,
        smtp: {
          host: "127.0.0.1",
          port: app.capturePort,
          security: "none",
          username: "own@bounce.test",
          password: "x",
        },
      },
    });
    expect(added.status()).toBe(201);
    await page.goto(`${app.baseUrl}/senders`);
    const card = page.getByRole("listitem", { name: "own@bounce.test" });
    await card.getByText("Pauses at 2% hard bounces of 20+ sends (your settings)").waitFor();
    await card.getByRole("button", { name: "Bounce protection of own@bounce.test" }).click();
    const dialog = page.getByRole("dialog", { name: "Bounce protection of own@bounce.test" });
    await dialog.getByLabel("Minimum sends").fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Minimum sends must be between 1 and 100,000").waitFor();
    await dialog.getByLabel("Hard-bounce rate (%)").fill("5");
    await dialog.getByLabel("Minimum sends").fill("100");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Bounce protection saved").waitFor();
    await card.getByText("Pauses at 5% hard bounces of 100+ sends (its own)").waitFor();
  });
});
