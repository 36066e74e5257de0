// One status for a campaign on every screen (issue 26): a campaign that has
// sent everything shows 'Completed', with no Pause or Activate, on the
// dashboard, the Campaigns overview and its Edit page; one with an email still
// queued shows 'Active' with Pause, until the contact that waits is removed on
// its Edit page, when it shows 'Completed' there and on the dashboard.
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { contacts, scheduledEmails, userSettings } from "../../src/server/db/schema/index.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { weekdays } from "../../src/shared/db-enums.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const campaign = (name: string, dailyLimit: number): CreateCampaignInput => ({
  name,
  description: null,
  emailColumn: "email",
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit }],
  contacts: ["ana", "ben"].map((first) => ({
    email: `${first}.${name.split(" ")[0]!.toLowerCase()}@prospect.test`,
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
});

/** The status badge shown in `scope`, and the toggles in `buttons` (the scope itself by default). */
async function expectStatus(
  scope: Locator,
  status: "Completed" | "Active",
  toggle: "Pause" | null,
  buttons: Locator = scope,
) {
  await scope.getByText(status, { exact: true }).waitFor();
  const other = status === "Completed" ? "Active" : "Completed";
  expect(await scope.getByText(other, { exact: true }).count()).toBe(0);
  for (const name of ["Pause", "Activate"]) {
    expect(await buttons.getByRole("button", { name, exact: true }).count(), name).toBe(name === toggle ? 1 : 0);
  }
}

/** The Edit page's title line (the heading and the campaign's status badge). */
const editTitle = (page: Page) =>
  page.locator("div", { has: page.getByRole("heading", { level: 1, name: "Edit Campaign" }) }).last();

describeJourneys("campaign status", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function launched(page: Page, input: CreateCampaignInput, sent: number) {
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: input });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as CampaignDetail).campaign;
    const launch = await page.request.post(`${app.baseUrl}/api/campaigns/${id}/launch`);
    expect(((await launch.json()) as LaunchResult).emailsSent).toBe(sent);
    return id;
  }

  it("shows Completed without a toggle on the dashboard, the overview and the Edit page, the same everywhere", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "status-journey");
    const db = app.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));
    // Any hour of any day, so that the launch sends now.
    const window = { timezone: "UTC", sendTimeStart: "00:00", sendTimeEnd: "23:59", sendingDays: [...weekdays] };
    await db
      .insert(userSettings)
      .values({ userId: owner!.id, ...window })
      .onConflictDoUpdate({ target: userSettings.userId, set: window });
    // Both contacts are sent to at once: nothing is left to send.
    const finished = await launched(page, campaign("Finished outreach", 50), 2);
    // One a day: the second contact waits for tomorrow.
    const waiting = await launched(page, campaign("Waiting outreach", 1), 1);

    const row = (name: string) =>
      page.getByRole("list", { name: "Your Campaigns" }).getByRole("listitem").filter({ hasText: name });
    await page.goto(`${app.baseUrl}/`);
    await expectStatus(row("Finished outreach"), "Completed", null);
    await expectStatus(row("Waiting outreach"), "Active", "Pause");

    await page.goto(`${app.baseUrl}/campaigns-overview`);
    const card = (name: string) =>
      page.getByRole("list", { name: "Campaigns" }).getByRole("listitem").filter({ hasText: name });
    await expectStatus(card("Finished outreach"), "Completed", null);
    await expectStatus(card("Waiting outreach"), "Active", null);

    await page.goto(`${app.baseUrl}/campaigns/edit/${finished}`);
    await expectStatus(editTitle(page), "Completed", null, page.locator("main"));

    // The waiting campaign's Edit page: removing the contact that waits leaves nothing to send.
    await page.goto(`${app.baseUrl}/campaigns/edit/${waiting}`);
    await expectStatus(editTitle(page), "Active", null, page.locator("main"));
    const [queued] = await db
      .select({ email: contacts.email })
      .from(scheduledEmails)
      .innerJoin(contacts, eq(contacts.id, scheduledEmails.contactId))
      .where(and(eq(scheduledEmails.campaignId, waiting), eq(scheduledEmails.status, "scheduled")));
    await page.getByRole("tab", { name: /^Contacts/ }).click();
    await page.getByRole("button", { name: `Delete ${queued!.email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await toast(page, "Contact removed from campaign").waitFor();
    await expectStatus(editTitle(page), "Completed", null, page.locator("main"));

    await page.goto(`${app.baseUrl}/`);
    await expectStatus(row("Waiting outreach"), "Completed", null);
    // The email it was sent still counts.
    await row("Waiting outreach").getByText("0/1 opened/sent").waitFor();
  });
});
