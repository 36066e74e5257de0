// Issue 30 §6 in one journey: a campaign built in the wizard with two variants,
// spintax, a Time Zone column and pacing (one sender with an hourly limit and
// no gap, one with the default 2–5 minutes between sends), its schedule
// previewed, launched, with the figures per variant on the A/B Variants tab.
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, contacts, emailSends } from "../../src/server/db/schema/index.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function addSender(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Add sender manually" });
  await form.getByLabel("Email").fill(email);
  await choose(page, form, "Provider", "Custom SMTP");
  await form.getByLabel("Daily Limit").fill("20");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  const row = page.getByRole("list", { name: "Sender accounts" }).getByRole("listitem").filter({ hasText: email });
  await row.getByText("2–5 min between sends", { exact: true }).waitFor();
  return row;
}

describeJourneys("sequence features", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("builds a campaign with variants, spintax, contact time zones and pacing, launches it and sees the figures per variant", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "sequence-features");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await page.getByRole("link", { name: "New Campaign" }).click();
    await page.getByLabel("Campaign Name *").fill("Sequence Journey");
    await next.click();

    // Pacing: one sender at most 20 an hour and no wait, the other with the default 2–5 minutes.
    await page.getByRole("button", { name: "Add Your First Account" }).click();
    const fast = await addSender(page, "fast@acme.test");
    await addSender(page, "slow@acme.test");
    await fast.getByRole("button", { name: "Pacing of fast@acme.test" }).click();
    const pacing = page.getByRole("dialog", { name: "Pacing of fast@acme.test" });
    await pacing.getByLabel("Shortest wait").fill("0");
    await pacing.getByLabel("Longest wait").fill("0");
    await pacing.getByLabel("Hourly limit").fill("20");
    await pacing.getByRole("button", { name: "Save pacing" }).click();
    await toast(page, "Pacing saved").waitFor();
    await fast.getByText("at most 20 an hour", { exact: true }).waitFor();
    await next.click();

    // Contacts with a Time Zone column.
    const csv = [
      "email,first_name,company,Time Zone",
      "ny@prospect.test,Nia,Acme,America/New_York",
      "be@prospect.test,Ben,Beta,Europe/Berlin",
      "in@prospect.test,Ira,Gamma,Asia/Kolkata",
      "uk@prospect.test,Una,Delta,",
    ].join("\n");
    await page
      .getByLabel("Contact list file")
      .setInputFiles({ name: "zones.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await toast(page, "Contacts imported successfully").waitFor();
    await next.click();
    await toast(page, "No Duplicates Found").waitFor();
    await page.getByRole("button", { name: "Proceed to Email Sequence (4 contacts)" }).press("Enter");

    // Spintax in the subject, and a second variant.
    const first = page.getByRole("group", { name: "Email 1", exact: true });
    await first.getByLabel("Subject", { exact: true }).fill("{Hi|Hello} {{firstName}}");
    await first.getByRole("textbox", { name: "Body", exact: true }).fill("A quick question about {{company}}.");
    await first.getByRole("button", { name: "Add variant to Email 1" }).click();
    const variantB = first.getByRole("group", { name: "Email 1 variant B" });
    await variantB.getByLabel("Email 1 variant B subject").fill("Quick question, {{firstName}}");
    await next.click();

    await page.getByText("Ready to Launch").waitFor();
    await eventually(() => page.getByTestId("zone-counts").textContent()).toBe(
      "Time zones: America/New_York 1 · Asia/Kolkata 1 · Europe/Berlin 1 · Your time zone (UTC) 1",
    );
    // The schedule preview: all four go on the first day (each sender's day holds 20), no follow-ups.
    await page.getByRole("heading", { name: "Schedule preview" }).waitFor();
    const plan = page.getByRole("table", { name: /Planned sends for the first \d+ sending days/ });
    const firstDay = plan.getByRole("row").nth(1);
    await eventually(() => firstDay.getByRole("cell").nth(0).textContent()).toBe("4");
    expect(await firstDay.getByRole("cell").nth(1).textContent()).toBe("0");
    await page.getByText("Estimated end:", { exact: false }).waitFor();
    await page.getByLabel("New contacts per day").fill("50");
    await page.getByRole("button", { name: "Launch Campaign" }).click();
    // Round-robin: fast sends its two at once; slow sends one and waits 2–5 minutes for the next.
    await toast(
      page,
      "Campaign launched successfully! Sent 3 emails. 1 more email is queued and will be sent within your sending window and daily limits.",
    ).waitFor();
    await page.waitForURL(`${app.baseUrl}/campaigns-overview`);

    const db = app.database.db;
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.name, "Sequence Journey"));
    expect(campaign?.dailyNewContactsLimit).toBe(50);
    const stored = await db.select().from(contacts).where(eq(contacts.campaignId, campaign!.id));
    expect(stored.map((c) => c.timezone).sort()).toEqual(["America/New_York", "Asia/Kolkata", "Europe/Berlin", null]);
    const sends = await db.select().from(emailSends).where(eq(emailSends.campaignId, campaign!.id));
    expect(sends).toHaveLength(3);
    for (const s of sends) {
      // Spintax resolved, never sent as written; variant B has its own subject.
      expect(s.subject).not.toContain("{");
      expect(s.subject).toMatch(s.variantIndex === 1 ? /^Quick question, / : /^(Hi|Hello) /);
    }
    expect(sends.filter((s) => s.fromEmail === "fast@acme.test")).toHaveLength(2);

    await page.getByRole("link", { name: "Edit Sequence Journey" }).click();
    await page.getByRole("tab", { name: "A/B Variants" }).click();
    const table = page.getByRole("table", { name: "Email 1 variants" });
    await table.getByRole("row").filter({ hasText: "Quick question, {{firstName}}" }).waitFor();
    const sentOf = (index: number) => String(sends.filter((s) => (s.variantIndex ?? 0) === index).length);
    const rowA = table.getByRole("row").filter({ hasText: "{Hi|Hello} {{firstName}}" });
    const rowB = table.getByRole("row").filter({ hasText: "Quick question, {{firstName}}" });
    expect(await rowA.getByRole("cell").allInnerTexts()).toEqual(expect.arrayContaining(["A", sentOf(0)]));
    expect(await rowB.getByRole("cell").allInnerTexts()).toEqual(expect.arrayContaining(["B", sentOf(1)]));
  });
});
