// The main journey of campaign building (docs/product.md §9, §10, §3.2
// dashboard rows): a campaign built through all six steps from an uploaded CSV
// with a BOM, quoted commas and a duplicate of an earlier send; then edited,
// activated, paused and deleted from the dashboard.
import { asc, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  campaigns,
  contacts,
  emailSends,
  emailSequences,
  senderAccounts,
  user,
} from "../../src/server/db/schema/index.ts";
import { contactFixture } from "../fixtures/contacts/contact-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { turnPacingOff } from "./support/sender-pacing.ts";
import { storedDraft } from "./support/stored-draft.ts";
import { signedInUser, type TestUser } from "./support/users.ts";

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const emailStep = (page: Page, n: number) => page.getByRole("group", { name: `Email ${n}`, exact: true });

/** An earlier campaign of this user that already emailed `email`. */
async function seedEarlierSend(app: AppServer, owner: TestUser, email: string) {
  const db = app.database.db;
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: row!.id, name: "Spring Outreach", status: "active" })
    .returning();
  const [contact] = await db.insert(contacts).values({ userId: row!.id, campaignId: campaign!.id, email }).returning();
  await db.insert(emailSends).values({
    userId: row!.id,
    campaignId: campaign!.id,
    contactId: contact!.id,
    toEmail: email,
    fromEmail: "old@acme.test",
    subject: "Hello",
    body: "Hello",
    status: "sent",
    sentAt: new Date("2026-04-02T10:00:00Z"),
  });
  return campaign!.id;
}

/** With E2E_SCREENSHOTS_DIR set, the journey also saves screenshots of each screen for a visual check. */
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;
async function shot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/wizard-${name}.png`, fullPage: true });
}

describeJourneys("building a campaign", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("builds a campaign through the six steps, edits it, and manages it from the dashboard", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "wizard");
    // ben.okafor@example.com is in the fixture file: it becomes the duplicate.
    const earlier = await seedEarlierSend(app, owner, "ben.okafor@example.com");
    const next = page.getByRole("button", { name: "Next", exact: true });

    await page.getByRole("link", { name: "New Campaign" }).click();
    await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
    await page.getByText("17% complete").waitFor();

    // 1. Campaign Details
    await page.getByLabel("Campaign Name *").fill("Berlin Founders Q4");
    await page.getByLabel("Description").fill("Seed-stage founders met at events");
    await shot(page, "details");
    await next.click();

    // 2. Sender Accounts
    await page.getByRole("heading", { name: "Email Sender Accounts" }).waitFor();
    await page.getByRole("button", { name: "Add Your First Account" }).click();
    const form = page.getByRole("form", { name: "Add sender manually" });
    await form.getByLabel("Email").fill("hello@acme.test");
    await choose(page, form, "Provider", "Custom SMTP");
    await form.getByLabel("Daily Limit").fill("2");
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("list", { name: "Sender accounts" }).getByText("hello@acme.test").waitFor();
    await turnPacingOff(page, "hello@acme.test");
    await shot(page, "senders");
    await next.click();

    // 3. Upload Contacts: BOM, CRLF, quoted commas, a blank row.
    await page.getByRole("heading", { name: "Upload Contact List" }).waitFor();
    await page.getByLabel("Contact list file").setInputFiles(contactFixture("bom-quoted-crlf.csv"));
    await toast(page, "Contacts imported successfully").waitFor();
    const preview = page.getByRole("table", { name: "Contact preview" });
    await preview.getByText("Acme, Inc.").waitFor();
    const imported = await preview.locator("tbody tr").count();
    expect(imported).toBeGreaterThanOrEqual(3);
    await shot(page, "upload");
    await next.click();

    // 4. Detect Emails: the earlier send is found and removed.
    await toast(page, "Duplicates Found").waitFor();
    await page.getByRole("button", { name: "Remove All" }).click();
    const proceed = page.getByRole("button", { name: `Proceed to Email Sequence (${imported - 1} contacts)` });
    await shot(page, "detect");
    await proceed.click();

    // 5. Email Sequence: two steps with merge tags.
    await page.getByRole("button", { name: "Add Email Step" }).waitFor();
    await emailStep(page, 1).getByLabel("Subject").fill("Quick question, {{firstName}}");
    await emailStep(page, 1).getByRole("textbox", { name: "Body" }).fill("Hi {{firstName}}, how is {{company}} doing?");
    await page.getByRole("button", { name: "Add Email Step" }).click();
    await emailStep(page, 2).getByLabel("Subject").fill("Following up");
    await emailStep(page, 2).getByRole("textbox", { name: "Body" }).fill("Just checking in, {{firstName}}.");
    await shot(page, "sequence");
    await next.click();

    // 6. Review & Launch
    await page.getByText("Ready to Launch").waitFor();
    // 3 contacts at 2 a day → 2 days.
    await page
      .getByText(`${imported - 1} contacts`, { exact: false })
      .first()
      .waitFor();
    await page.getByText("estimated duration", { exact: false }).waitFor();
    // The schedule preview plans the draft: its first day sends step 1 from the one sender (2 a day).
    const schedule = page.getByRole("table", { name: /Planned sends for the first \d+ sending days/ });
    await schedule
      .getByRole("row")
      .nth(1)
      .getByRole("button", { name: /: per sender/ })
      .click();
    await schedule.getByText("hello@acme.test").waitFor();
    expect(await schedule.getByRole("row").nth(1).getByRole("cell").nth(0).textContent()).toBe("2");
    await page.getByText("Estimated end:", { exact: false }).waitFor();
    await page.getByText("2 days").first().waitFor();
    await shot(page, "review");
    await page.getByRole("button", { name: "Launch Campaign" }).click();
    // The sender's daily limit of 2 caps the first batch; the third waits for tomorrow.
    await toast(
      page,
      "Campaign launched successfully! Sent 2 emails. 1 more email is queued and will be sent within your sending window and daily limits.",
    ).waitFor();
    // docs/product.md §9.9: back on the campaign list, the draft discarded.
    await page.waitForURL(`${app.baseUrl}/campaigns-overview`);
    await page
      .getByRole("list", { name: "Campaigns" })
      .getByRole("listitem")
      .filter({ hasText: "Berlin Founders Q4" })
      .waitFor();
    expect(await storedDraft(page)).toBeNull();

    // Stored in one piece: the duplicate left out, names and company mapped, two steps.
    const db = app.database.db;
    const [created] = await db.select().from(campaigns).where(eq(campaigns.name, "Berlin Founders Q4"));
    expect(created).toMatchObject({ status: "active", description: "Seed-stage founders met at events" });
    const stored = await db.select().from(contacts).where(eq(contacts.campaignId, created!.id));
    expect(stored.map((c) => c.email).sort()).not.toContain("ben.okafor@example.com");
    expect(stored).toHaveLength(imported - 1);
    expect(stored.find((c) => c.email === "ana.lima@example.com")).toMatchObject({
      firstName: "Ana",
      lastName: "Lima",
      company: "Acme, Inc.",
    });
    const steps = await db
      .select()
      .from(emailSequences)
      .where(eq(emailSequences.campaignId, created!.id))
      .orderBy(asc(emailSequences.stepNumber));
    expect(steps.map((s) => s.subject)).toEqual(["Quick question, {{firstName}}", "Following up"]);
    expect(await db.select().from(senderAccounts).where(eq(senderAccounts.campaignId, created!.id))).toHaveLength(1);

    // The dashboard row.
    await page.getByRole("link", { name: "Dashboard", exact: true }).click();
    const rows = page.getByRole("list", { name: "Your Campaigns" });
    const row = rows.getByRole("listitem").filter({ hasText: "Berlin Founders Q4" });
    await row.getByText("Active", { exact: true }).waitFor();

    await shot(page, "dashboard");
    // Edit: rename and change step 2, Save Changes, reload.
    await row.getByRole("link", { name: "Edit Berlin Founders Q4" }).click();
    await page.getByRole("heading", { level: 1, name: "Edit Campaign" }).waitFor();
    await page.getByLabel("Campaign Name *").fill("Berlin Founders Q4 (v2)");
    await page.getByRole("tab", { name: "Email Sequence (2)" }).click();
    await emailStep(page, 2).getByLabel("Subject").fill("Any thoughts, {{firstName}}?");
    await page.getByRole("tab", { name: `Contacts (${imported - 1})` }).waitFor();
    await shot(page, "edit-sequence");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Campaign updated successfully").waitFor();
    await page.reload();
    await eventually(() => page.getByLabel("Campaign Name *").inputValue()).toBe("Berlin Founders Q4 (v2)");
    const [step2] = await db.select().from(emailSequences).where(eq(emailSequences.id, steps[1]!.id));
    expect(step2?.subject).toBe("Any thoughts, {{firstName}}?");

    // Dashboard: Pause, Activate, Delete with the spec's confirmation.
    await page.getByRole("link", { name: "Dashboard" }).click();
    const renamed = rows.getByRole("listitem").filter({ hasText: "Berlin Founders Q4 (v2)" });
    await renamed.getByRole("button", { name: "Pause" }).click();
    await toast(page, "Campaign deactivated successfully").waitFor();
    await renamed.getByText("Paused", { exact: true }).waitFor();
    await renamed.getByRole("button", { name: "Activate" }).click();
    await toast(page, "Campaign activated successfully").waitFor();
    await renamed.getByText("Active", { exact: true }).waitFor();
    await renamed.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to delete this campaign? This action cannot be undone.").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Campaign deleted successfully").waitFor();
    await renamed.waitFor({ state: "detached" });
    expect(await db.select().from(campaigns).where(eq(campaigns.id, created!.id))).toEqual([]);
    // The earlier campaign is untouched.
    expect(await db.select().from(campaigns).where(eq(campaigns.id, earlier))).toHaveLength(1);
  });

  it("keeps a half-built campaign across a reload", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "draft");
    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByLabel("Campaign Name *").fill("Half built");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "Email Sender Accounts" }).waitFor();
    // The draft is written to IndexedDB shortly after a change.
    await eventually(async () => (await storedDraft(page))?.name ?? null).toBe("Half built");
    await page.reload();
    await page.getByRole("heading", { name: "Email Sender Accounts" }).waitFor();
    await page.getByText("Draft restored from this browser").waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    expect(await page.getByLabel("Campaign Name *").inputValue()).toBe("Half built");
    await page.getByRole("button", { name: "Start over" }).click();
    await eventually(() => page.getByLabel("Campaign Name *").inputValue()).toBe("");
  });

  it("blocks Launch while the review lists issues", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "issues");
    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("button", { name: "Review & Launch" }).click();
    await page.getByText("Issues Found").waitFor();
    for (const issue of [
      "Campaign name is required",
      "At least one sender account is required",
      "Contact list is required",
      "All email steps must have subject and body",
    ]) {
      await page.getByText(issue, { exact: true }).waitFor();
    }
    expect(await page.getByRole("button", { name: "Launch Campaign" }).isDisabled()).toBe(true);
  });
});
