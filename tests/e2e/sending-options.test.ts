// Sending options (issue 17): a campaign's 'Track opens' and 'Send as' set on
// the edit page and seen there after a reload, the pixel's cost said beside the
// option, and a campaign whose opens are not tracked showing '—' with 'Open
// tracking is off for this campaign' on its overview card and dashboard row
// instead of 0%. The wizard's Review step offers the same options (component
// shared with the edit page).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const campaign = (name: string): CreateCampaignInput => ({
  name,
  description: null,
  emailColumn: "email",
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 10 }],
  contacts: [{ email: "ana@prospect.test", firstName: "Ana", lastName: null, company: "Prospect", customFields: {} }],
  sequence: [
    {
      subject: "Quick question",
      body: "Hi {{firstName}}",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    },
  ],
});

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

describeJourneys("Sending options", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("sets Track opens off and Send as plain text on the edit page; the open figures show '—'", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "options");
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign("Quiet Outreach") });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as CampaignDetail).campaign.id;

    await page.goto(`${app.baseUrl}/campaigns/edit/${id}`);
    const track = page.getByLabel("Track opens", { exact: true });
    await expect.poll(() => track.textContent()).toBe("Use my setting (on)");
    await page.getByText("A tracking pixel can add spam score to short messages.").waitFor();
    expect(await page.getByLabel("Send as", { exact: true }).textContent()).toBe("HTML and plain text");
    await choose(page, "Track opens", "Off for this campaign");
    await choose(page, "Send as", "Plain text only");
    await shot(page, "sending-options-edit");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Campaign updated successfully").waitFor();

    await page.reload();
    await expect
      .poll(() => page.getByLabel("Track opens", { exact: true }).textContent())
      .toBe("Off for this campaign");
    expect(await page.getByLabel("Send as", { exact: true }).textContent()).toBe("Plain text only");

    // The overview card: '—' with the explanation, not 0%.
    await page.getByRole("link", { name: "Campaigns", exact: true }).click();
    const card = page.getByRole("list", { name: "Campaigns" }).getByRole("listitem", { name: "Quiet Outreach" });
    await card.waitFor();
    const openRate = card.getByRole("term").filter({ hasText: "Open Rate" }).locator("xpath=..").locator("dd");
    expect((await openRate.textContent())?.trim()).toBe("—");
    expect(await openRate.locator("[title]").getAttribute("title")).toBe("Open tracking is off for this campaign");
    await card.getByText("Open tracking is off for this campaign").waitFor();
    expect(await card.getByText(/^Opened:/).count()).toBe(0);
    await shot(page, "sending-options-overview");

    // The dashboard's row says the same.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.getByText("—/0 opened/sent (open tracking is off for this campaign)").waitFor();
  });
});
