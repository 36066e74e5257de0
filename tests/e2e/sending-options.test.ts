// Sending options (issue 17): 'Track opens' in Settings; a campaign's 'Track opens' and 'Send as' set on
// the edit page and seen there after a reload, the pixel's cost said beside the
// option, and a campaign whose opens are not tracked showing '—' with 'Open
// tracking is off for this campaign' on its overview card and dashboard row
// instead of 0%. The wizard's Review step offers the same options (component
// shared with the edit page).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { storeDraft } from "./support/stored-draft.ts";
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

/** A draft at the Review step, stored where the wizard keeps it (IndexedDB), then the page reloaded. */
async function seedReviewDraft(page: Page, baseUrl: string, userId: string) {
  const record = {
    version: 1,
    stepIndex: 5,
    savedAt: new Date().toISOString(),
    draft: {
      name: "Wizard Plain",
      description: "",
      senderAccounts: [
        { localId: "s1", email: "hello@acme.test", provider: "custom", dailyLimit: 10, savedSenderId: null },
      ],
      contacts: [{ email: "ana@prospect.test", first_name: "Ana" }],
      importedFields: ["email", "first_name"],
      fileName: "contacts.csv",
      emailColumn: "email",
      removedDuplicates: [],
      selectedColumns: ["email", "first_name"],
      sequence: [
        {
          id: "seed-1",
          subject: "Hello {{firstName}}",
          body: "Hi {{firstName}}",
          bodyFormat: "text",
          delay: 0,
          delayUnit: "days",
          scheduledDate: null,
          scheduledTime: null,
        },
      ],
    },
  };
  await page.goto(`${baseUrl}/campaigns/create`);
  await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
  await storeDraft(page, userId, record);
  await page.reload();
  await page.getByRole("heading", { name: "Sending Options" }).waitFor();
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

    // Settings: 'Track opens' on by default, with what a pixel costs; turned off, campaigns that follow it say so.
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    const setting = page.getByRole("switch", { name: "Track opens" });
    expect(await setting.isChecked()).toBe(true);
    await page.getByText(/A tracking pixel can add spam score to short messages\./).waitFor();
    await setting.click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Settings saved successfully").waitFor();

    await page.goto(`${app.baseUrl}/campaigns/edit/${id}`);
    const track = page.getByLabel("Track opens", { exact: true });
    await expect.poll(() => track.textContent()).toBe("Use my setting (off)");
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
    expect(await card.getByRole("progressbar").count()).toBe(0);
    await shot(page, "sending-options-overview");

    // The dashboard's row says the same.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.getByText("—/0 opened/sent (open tracking is off for this campaign)").waitFor();
  });

  it("sets the options on the wizard's Review step; the edit page shows them", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "wizard");
    const [owner] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    await seedReviewDraft(page, app.baseUrl, owner!.id);
    await page.getByText("A tracking pixel can add spam score to short messages.").waitFor();
    await choose(page, "Track opens", "Off for this campaign");
    await choose(page, "Send as", "Plain text only");
    await shot(page, "sending-options-review");
    await page.getByRole("button", { name: "Launch Campaign" }).click();
    // Back on the campaign list (docs/product.md §9.9).
    await page.getByRole("heading", { level: 1, name: "Campaigns" }).waitFor();

    await page.getByRole("link", { name: "Edit Wizard Plain" }).click();
    await expect
      .poll(() => page.getByLabel("Track opens", { exact: true }).textContent())
      .toBe("Off for this campaign");
    expect(await page.getByLabel("Send as", { exact: true }).textContent()).toBe("Plain text only");
  });

  it("sends a Compose email as plain text, and the outbox shows it as text with no HTML part", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "plain");
    await page.goto(`${app.baseUrl}/inbox/compose`);
    await page.getByLabel("From", { exact: true }).fill("me@acme.test");
    await page.getByLabel("To", { exact: true }).fill("lee@example.com");
    await page.getByLabel("Subject", { exact: true }).fill("Plain hello");
    await page.getByLabel("Message", { exact: true }).fill("Hi Lee,\nNotes: https://acme.test/notes");
    await page.getByLabel("Plain text", { exact: true }).click();
    await page.getByRole("button", { name: "Send" }).click();
    await toast(page, "Email sent successfully!").waitFor();

    await page.goto(`${app.baseUrl}/outbox`);
    await page
      .getByRole("list", { name: "Captured messages" })
      .getByRole("link", { name: /Plain hello/ })
      .click();
    await page.getByRole("heading", { level: 2, name: "Plain hello" }).waitFor();
    // A text-only message opens on its text.
    await page.getByRole("region", { name: "Text" }).getByText("Notes: https://acme.test/notes").waitFor();
    await page.getByRole("tab", { name: "HTML" }).click();
    await page.getByText("This message has no HTML part.").waitFor();
    await shot(page, "sending-options-outbox-plain");
  });
});
