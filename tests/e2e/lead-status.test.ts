// Lead status (docs/product.md §24) in the browser: a reply has arrived and the
// mailbox made its lead Interested, suggested (seeded as the mailbox path
// leaves it: the send, the reply row and applyLeadStatusChanges); the Inbox
// shows the status with 'Suggested'; the user changes it with the keyboard
// only; the status filter narrows the Inbox and Contacts; the lead's history
// says who changed what, in the Inbox and in the contact's details.
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, contacts, emailSends, replies, user } from "../../src/server/db/schema/index.ts";
import { applyLeadStatusChanges } from "../../src/server/domain/lead-status.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const shotsDir = process.env.E2E_SCREENSHOTS_DIR;
async function shots(page: Page, name: string, focus?: Locator) {
  if (!shotsDir) return;
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/lead-status-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function seed(app: AppServer, email: string) {
  const db = app.database.db;
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const userId = owner!.id;
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId, name: "Spring Outreach", status: "active" })
    .returning();
  const people = await db
    .insert(contacts)
    .values([
      { userId, campaignId: campaign!.id, email: "lee@example.com", firstName: "Lee", lastName: "Park" },
      { userId, campaignId: campaign!.id, email: "sam@example.com", firstName: "Sam", lastName: "Stone" },
      { userId, campaignId: campaign!.id, email: "kim@example.com", firstName: "Kim", lastName: "Lane" },
    ])
    .returning();
  await db.insert(emailSends).values(
    people.map((c, i) => ({
      userId,
      campaignId: campaign!.id,
      contactId: c.id,
      toEmail: c.email,
      fromEmail: "me@acme.test",
      subject: `Hello ${c.firstName}`,
      body: "<p>Hi</p>",
      status: "sent" as const,
      sentAt: minutesAgo(60 + i),
      createdAt: minutesAgo(60 + i),
    })),
  );
  // What the engine and the mailbox did: both sent (Contacted), then Lee replied with interest.
  await applyLeadStatusChanges(
    db,
    people.map((c) => ({
      userId,
      email: c.email,
      status: "contacted" as const,
      suggested: false,
      source: "sending" as const,
    })),
  );
  await db.insert(replies).values({
    userId,
    campaignId: campaign!.id,
    contactId: people[0]!.id,
    contactEmail: "lee@example.com",
    senderEmail: "me@acme.test",
    subject: "Re: Hello Lee",
    replyContent: "Sounds interesting, tell me more.",
    replyClass: "interested",
    repliedAt: minutesAgo(5),
  });
  await applyLeadStatusChanges(db, [
    { userId, email: "lee@example.com", status: "interested", suggested: true, source: "mailbox" },
    // An auto-reply read as out of office: confirmed with one click below.
    { userId, email: "kim@example.com", status: "out_of_office", suggested: true, source: "mailbox" },
  ]);
}

describeJourneys("lead status", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows a reply's suggested status, changes it from the keyboard, filters by it and shows it in the history", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "lead-status");
    await seed(app, owner.email);
    await page.goto(`${app.baseUrl}/inbox`);

    const groups = page.getByRole("list", { name: "Sent emails by contact" });
    const lee = groups.getByRole("listitem", { name: "Lee Park" });
    const sam = groups.getByRole("listitem", { name: "Sam Stone" });
    const status = lee.getByRole("combobox", { name: "Lead status" });
    await status.waitFor();
    expect(await status.textContent()).toBe("Interested");
    await lee.getByText("Suggested", { exact: true }).waitFor();
    expect(await sam.getByRole("combobox", { name: "Lead status" }).textContent()).toBe("Contacted");
    expect(await sam.getByText("Suggested", { exact: true }).count()).toBe(0);
    await shots(page, "inbox", lee);

    // Keyboard only: focus, open, one down from Interested to Meeting booked, choose.
    await status.focus();
    await page.keyboard.press("Enter");
    const options = page.getByRole("listbox");
    await options.waitFor();
    await eventually(() => options.locator("[role=option][data-highlighted]").textContent()).toBe("Interested");
    await page.keyboard.press("ArrowDown");
    await eventually(() => options.locator("[role=option][data-highlighted]").textContent()).toBe("Meeting booked");
    await page.keyboard.press("Enter");
    await options.waitFor({ state: "hidden" });
    await eventually(() => status.textContent()).toBe("Meeting booked");
    await lee.getByText("Lead status set to Meeting booked").waitFor();
    await eventually(() => lee.getByText("Suggested", { exact: true }).count()).toBe(0);

    // One click confirms a suggestion.
    const kim = groups.getByRole("listitem", { name: "Kim Lane" });
    await kim.getByRole("button", { name: "Confirm Out of office" }).click();
    await kim.getByText("Lead status set to Out of office").waitFor();
    await eventually(() => kim.getByText("Suggested", { exact: true }).count()).toBe(0);
    expect(await kim.getByRole("combobox", { name: "Lead status" }).textContent()).toBe("Out of office");

    // The Inbox filter.
    const filter = page.getByRole("combobox", { name: "Filter by lead status" });
    await filter.click();
    await page.getByRole("option", { name: "Meeting booked" }).click();
    await eventually(() => groups.locator(":scope > li h2").allTextContents()).toEqual(["Lee Park"]);
    await filter.click();
    await page.getByRole("option", { name: "Contacted" }).click();
    await eventually(() => groups.locator(":scope > li h2").allTextContents()).toEqual(["Sam Stone"]);
    await filter.click();
    await page.getByRole("option", { name: "Not interested" }).click();
    await page.getByText("No contact with the lead status Not interested.").waitFor();
    await filter.click();
    await page.getByRole("option", { name: "All lead statuses" }).click();
    await eventually(() => groups.locator(":scope > li h2").count()).toBe(3);

    // The history in the Inbox card: newest first, who did it.
    await lee.getByRole("button", { name: "Status history" }).click();
    const inboxHistory = lee.getByRole("list", { name: "Status history" });
    await eventually(() => inboxHistory.getByRole("listitem").count()).toBe(3);
    // Words as a screen reader reads them ("Interested → to Meeting booked"), spaces collapsed.
    const items = (await inboxHistory.getByRole("listitem").allTextContents()).map((t) => t.replace(/\s+/g, " "));
    expect(items[0]).toMatch(/^Interested → to Meeting booked\s*You · /);
    expect(items[1]).toMatch(/^Contacted → to Interested \(suggested\)\s*The app, from a reply · /);
    expect(items[2]).toMatch(/^New → to Contacted\s*The app, from a send · /);

    // Contacts: the column, the filter, and the contact's details with the control and its history.
    await page.getByRole("link", { name: "Contacts" }).click();
    const table = page.getByRole("table", { name: "Contacts" });
    const rows = table.getByRole("row");
    await eventually(() => rows.count()).toBe(4);
    const leeRow = rows.filter({ hasText: "lee@example.com" });
    await leeRow.getByText("Meeting booked").waitFor();
    await page.getByRole("combobox", { name: "Filter by lead status" }).click();
    await page.getByRole("option", { name: "Contacted" }).click();
    await eventually(() => rows.count()).toBe(2);
    await rows.filter({ hasText: "sam@example.com" }).waitFor();
    await page.getByRole("combobox", { name: "Filter by lead status" }).click();
    await page.getByRole("option", { name: "All lead statuses" }).click();
    await eventually(() => rows.count()).toBe(4);

    await leeRow.getByRole("button", { name: "View details for lee@example.com" }).click();
    const dialog = page.getByRole("dialog", { name: "Lee Park" });
    const dialogHistory = dialog.getByRole("list", { name: "Status history" });
    await eventually(() => dialogHistory.getByRole("listitem").count()).toBe(3);
    expect(await dialog.getByRole("combobox", { name: "Lead status" }).textContent()).toBe("Meeting booked");
    await shots(page, "contact-details", dialogHistory);

    // Changed here too: the history grows at once.
    await dialog.getByRole("combobox", { name: "Lead status" }).click();
    await page.getByRole("option", { name: "Not interested" }).click();
    await eventually(() => dialogHistory.getByRole("listitem").count()).toBe(4);
    expect((await dialogHistory.getByRole("listitem").first().textContent())?.replace(/\s+/g, " ")).toMatch(
      /^Meeting booked → to Not interested\s*You · /,
    );
    await page.keyboard.press("Escape");
    await eventually(() => leeRow.getByText("Not interested").count()).toBe(1);
    await shots(page, "contacts", table);
  });
});
