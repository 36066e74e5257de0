// A/B variants from the wizard to the campaign's figures (docs/product.md §9.6,
// §10.3, issue 30 §1): a campaign whose first email has two variants is built
// and launched, its four contacts are split 2/2, and the A/B Variants tab of
// Edit Campaign shows each variant's figures, why there is no winner yet, and
// a winner picked by hand.
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, emailSends } from "../../src/server/db/schema/index.ts";
import { contactFixture } from "../fixtures/contacts/contact-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { turnPacingOff } from "./support/sender-pacing.ts";
import { signedInUser } from "./support/users.ts";

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describeJourneys("A/B variants", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("builds a step with two variants, launches, and sees the figures per variant and a hand-picked winner", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "ab-variants");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await page.getByRole("link", { name: "New Campaign" }).click();

    await page.getByLabel("Campaign Name *").fill("A/B Journey");
    await next.click();

    await page.getByRole("button", { name: "Add Your First Account" }).click();
    const form = page.getByRole("form", { name: "Add sender manually" });
    await form.getByLabel("Email").fill("hello@acme.test");
    await choose(page, form, "Provider", "Custom SMTP");
    await form.getByLabel("Daily Limit").fill("20");
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("list", { name: "Sender accounts" }).getByText("hello@acme.test").waitFor();
    await turnPacingOff(page, "hello@acme.test");
    await next.click();

    await page.getByLabel("Contact list file").setInputFiles(contactFixture("bom-quoted-crlf.csv"));
    await toast(page, "Contacts imported successfully").waitFor();
    await next.click();
    await toast(page, "No Duplicates Found").waitFor();
    await page.getByRole("button", { name: "Proceed to Email Sequence (4 contacts)" }).press("Enter");

    const first = page.getByRole("group", { name: "Email 1", exact: true });
    await first.getByLabel("Subject", { exact: true }).fill("Hello {{firstName}}");
    await first.getByRole("textbox", { name: "Body", exact: true }).fill("Hi {{firstName}}, a quick question.");
    await first.getByRole("button", { name: "Add variant to Email 1" }).click();
    const variantB = first.getByRole("group", { name: "Email 1 variant B" });
    // A variant without a subject is flagged at once.
    await variantB.getByText("Variant B needs a subject.").waitFor();
    // The variant's subject is checked as the step's is: spintax and unknown tags under its field.
    const variantSubject = variantB.getByLabel("Email 1 variant B subject");
    await variantSubject.fill("{Quick|} question, {{frist_name}}");
    await variantB.getByText("Variant B subject: Empty choice in {Quick|} at position 1").waitFor();
    await variantB.getByText("Unknown merge tag: {{frist_name}}. Did you mean {{first_name}}?").waitFor();
    await variantB.getByRole("button", { name: "Use {{first_name}}" }).click();
    expect(await variantSubject.inputValue()).toBe("{Quick|} question, {{first_name}}");
    await variantSubject.fill("Quick question, {{firstName}}");
    expect(await variantB.getByRole("alert").count()).toBe(0);
    await variantB.getByText("Subject only: sends the step's body.").waitFor();

    // The automatic winner's settings, as on Edit Campaign: defaults 50 and 95%, refused in place and on Review.
    const minSends = page.getByLabel("Minimum sends per variant");
    expect(await minSends.inputValue()).toBe("50");
    expect(await page.getByLabel("Confidence (%)").inputValue()).toBe("95");
    expect(await page.getByRole("switch", { name: "Pick the winner automatically" }).isChecked()).toBe(false);
    await minSends.fill("0");
    await page.getByText("Minimum sends must be at least 1").waitFor();
    await next.click();
    await page.getByText("Issues Found").waitFor();
    await page.getByRole("listitem").filter({ hasText: "Minimum sends must be at least 1" }).waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByLabel("Minimum sends per variant").fill("40");
    await page.getByLabel("Confidence (%)").fill("85");
    // Kept with the draft across a reload.
    await page.reload();
    await page.getByRole("group", { name: "Email 1 variant B" }).waitFor();
    expect(await page.getByLabel("Minimum sends per variant").inputValue()).toBe("40");
    expect(await page.getByLabel("Confidence (%)").inputValue()).toBe("85");
    await next.click();

    await page.getByText("Ready to Launch").waitFor();
    await page.getByRole("button", { name: "Launch Campaign" }).click();
    await toast(page, "Campaign launched successfully! Sent 4 emails.").waitFor();
    await page.waitForURL(`${app.baseUrl}/campaigns-overview`);

    // Split 2/2, each message with its variant's subject.
    const db = app.database.db;
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.name, "A/B Journey"));
    const sends = await db.select().from(emailSends).where(eq(emailSends.campaignId, campaign!.id));
    expect(sends.map((s) => s.variantIndex).sort()).toEqual([0, 0, 1, 1]);
    for (const s of sends)
      expect(s.subject.startsWith(s.variantIndex === 1 ? "Quick question, " : "Hello ")).toBe(true);

    await page.getByRole("link", { name: "Edit A/B Journey" }).click();
    await page.getByRole("tab", { name: "A/B Variants" }).click();
    const table = page.getByRole("table", { name: "Email 1 variants" });
    const rowA = table.getByRole("row").filter({ hasText: "Hello {{firstName}}" });
    const rowB = table.getByRole("row").filter({ hasText: "Quick question, {{firstName}}" });
    await rowA.getByRole("cell", { name: "2", exact: true }).first().waitFor();
    await rowB.getByText("Subject only").waitFor();
    expect(await rowB.getByRole("cell").allInnerTexts()).toEqual(expect.arrayContaining(["B", "2", "0", "0.0%"]));
    // The wizard's settings were stored with the campaign.
    await page.getByText("No winner yet: not enough sends yet: 2 of 40").waitFor();
    expect(await page.getByLabel("Minimum sends per variant").inputValue()).toBe("40");
    expect(await page.getByLabel("Confidence (%)").inputValue()).toBe("85");

    // The automatic winner's settings: a confidence out of range is refused in place.
    await page.getByLabel("Confidence (%)").fill("100");
    await page.getByText("Confidence must be between 80% and 99%").waitFor();
    expect(await page.getByRole("button", { name: "Save A/B settings" }).isDisabled()).toBe(true);
    await page.getByLabel("Confidence (%)").fill("90");
    await page.getByRole("switch", { name: "Pick the winner automatically" }).click();
    await page.getByRole("button", { name: "Save A/B settings" }).click();
    await toast(page, "A/B settings saved").waitFor();

    // Pick as winner asks first.
    await page.getByRole("button", { name: "Pick as winner: Email 1 variant B" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Pick variant B as the winner of Email 1?").waitFor();
    await dialog.getByRole("button", { name: "Pick as winner" }).click();
    await toast(page, "Variant B is the winner of Email 1").waitFor();
    await page.getByText("Winner: Variant B (picked by hand)", { exact: true }).waitFor();
    await rowB.getByText("Winner", { exact: true }).waitFor();
    const [stored] = await db.select().from(campaigns).where(eq(campaigns.id, campaign!.id));
    expect(stored).toMatchObject({ abAutoWinner: true, abConfidence: 90, abMinSends: 40 });
  });
});
