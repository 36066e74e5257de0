// Launching from the wizard (docs/product.md §9.9): the campaign built in the six
// steps is created and launched, the first batch goes out at once (within the
// sender's daily limit), the toast says how many, the user is back on the
// campaign list, and the messages are in the capture outbox.
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, scheduledEmails } from "../../src/server/db/schema/index.ts";
import { contactFixture } from "../fixtures/contacts/contact-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { turnPacingOff } from "./support/sender-pacing.ts";
import { signedInUser } from "./support/users.ts";

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describeJourneys("launching a campaign", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("launches from the wizard, reports the emails sent, and the messages are in the outbox", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "launch");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await page.getByRole("link", { name: "New Campaign" }).click();

    await page.getByLabel("Campaign Name *").fill("Launch Journey");
    await next.click();

    // One sender allowed 3 emails a day, for 4 contacts: 3 go now, 1 tomorrow.
    await page.getByRole("button", { name: "Add Your First Account" }).click();
    const form = page.getByRole("form", { name: "Add sender manually" });
    await form.getByLabel("Email").fill("hello@acme.test");
    await choose(page, form, "Provider", "Custom SMTP");
    await form.getByLabel("Daily Limit").fill("3");
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("list", { name: "Sender accounts" }).getByText("hello@acme.test").waitFor();
    await turnPacingOff(page, "hello@acme.test");
    await next.click();

    await page.getByLabel("Contact list file").setInputFiles(contactFixture("bom-quoted-crlf.csv"));
    await toast(page, "Contacts imported successfully").waitFor();
    await next.click();
    await toast(page, "No Duplicates Found").waitFor();
    // The toasts sit over the button's corner: press it from the keyboard.
    await page.getByRole("button", { name: "Proceed to Email Sequence (4 contacts)" }).press("Enter");

    const first = page.getByRole("group", { name: "Email 1", exact: true });
    await first.getByLabel("Subject").fill("Hello {{firstName}}");
    await first.getByRole("textbox", { name: "Body" }).fill("Hi {{firstName}}, a quick question about {{company}}.");
    await next.click();

    await page.getByText("Ready to Launch").waitFor();
    // A double click launches once.
    await page.getByRole("button", { name: "Launch Campaign" }).dblclick();
    // The fourth waits for tomorrow's capacity: the toast says so.
    await toast(
      page,
      "Campaign launched successfully! Sent 3 emails. 1 more email is queued and will be sent within your sending window and daily limits.",
    ).waitFor();
    // docs/product.md §9.9: the user returns to the campaign list.
    await page.waitForURL(`${app.baseUrl}/campaigns-overview`);
    const card = page.getByRole("list", { name: "Campaigns" }).getByRole("listitem").filter({
      hasText: "Launch Journey",
    });
    await card.getByText("Active", { exact: true }).waitFor();

    // The fourth waits for tomorrow's capacity.
    const db = app.database.db;
    const stored = await db.select().from(campaigns).where(eq(campaigns.name, "Launch Journey"));
    expect(stored).toHaveLength(1);
    const [campaign] = stored;
    expect(campaign).toMatchObject({ status: "active" });
    const queue = await db.select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, campaign!.id));
    expect(queue.map((q) => q.status).sort()).toEqual(["scheduled", "sent", "sent", "sent"]);

    // The outbox holds the three messages, merged per contact.
    await page.goto(`${app.baseUrl}/outbox`);
    const captured = page.getByRole("list", { name: "Captured messages" });
    const launched = captured.getByRole("link").filter({ hasText: /Hello (Ana|Ben|Chen|Dana)/ });
    await launched.first().waitFor();
    expect(await launched.count()).toBe(3);
    await launched.first().click();
    await page.getByText("hello@acme.test").first().waitFor();
    const body = page.frameLocator('iframe[title^="Message:"]');
    await body.getByText(/Hi (Ana|Ben|Chen|Dana), a quick question about/).waitFor();
    await body.getByRole("link", { name: "Unsubscribe" }).waitFor();
  });
});
