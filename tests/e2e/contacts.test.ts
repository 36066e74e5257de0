// Contacts page (docs/product.md §6): two campaigns launched in capture mode share
// an address (in different letter case); the page shows it once with both
// campaigns and both sends, the details dialog lists the history, the search
// narrows the table and the export downloads every matching contact as CSV.
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { format } from "date-fns";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CreateCampaignInput } from "#shared/campaigns/campaigns.schemas.ts";
import { user as users } from "../../src/server/db/schema/auth.ts";
import {
  campaigns,
  contacts,
  emailSends,
  emailSequences,
  scheduledMeetings,
  schedulingLinks,
} from "../../src/server/db/schema/index.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
import { createVerifiedUser, signedInUser } from "./support/users.ts";

/** A scheduling link row written directly needs its organizer (the API fills it from the owner's senders). */
const organizer = { organizerName: "Olivia Owner", organizerEmail: "olivia@sender.test" };

/** Screenshots for a visual review, only when asked: E2E_SCREENSHOTS_DIR=/tmp/shots. */
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const campaign = (name: string, contacts: CreateCampaignInput["contacts"]): CreateCampaignInput => ({
  name,
  description: null,
  emailColumn: "email",
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 50 }],
  contacts,
  sequence: [
    {
      subject: "Hello {{firstName}}",
      body: "Hi {{firstName}}, a quick question.",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    },
  ],
});

/** Creates and launches a campaign through the API, as the signed-in user of `page`. */
async function launchCampaign(page: Page, baseUrl: string, input: CreateCampaignInput) {
  const created = await page.request.post(`${baseUrl}/api/campaigns`, { data: input });
  expect(created.status(), await created.text()).toBe(201);
  const { campaign: c } = (await created.json()) as { campaign: { id: string } };
  const launched = await page.request.post(`${baseUrl}/api/campaigns/${c.id}/launch`);
  expect(launched.status(), await launched.text()).toBe(200);
}

describeJourneys("contacts", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("merges an address across two campaigns, shows its history, searches and exports", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "contacts");
    await page.getByRole("link", { name: "Contacts" }).click();
    await page.getByRole("heading", { level: 1, name: "Contacts" }).waitFor();
    await page.getByText("No contacts yet").waitFor();

    await launchCampaign(
      page,
      app.baseUrl,
      campaign("Spring Launch", [
        { email: "Jane@Example.com", firstName: "Jane", lastName: "Doe", company: "Initech", customFields: {} },
        { email: "raj@example.com", firstName: "Raj", lastName: null, company: null, customFields: {} },
      ]),
    );
    await launchCampaign(
      page,
      app.baseUrl,
      campaign("Autumn Promo", [
        { email: "jane@example.com", firstName: null, lastName: null, company: null, customFields: {} },
        // A name a spreadsheet would run as a formula.
        { email: "li@example.com", firstName: "=1+2", lastName: "Li", company: null, customFields: {} },
      ]),
    );

    await page.getByRole("button", { name: "Refresh" }).click();
    const table = page.getByRole("table", { name: "Contacts" });
    const rows = table.getByRole("row");
    // A header row and three contacts: Jane once, for both campaigns.
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByText("3 contacts").waitFor();
    const jane = rows.filter({ hasText: "Jane Doe" });
    expect(await jane.count()).toBe(1);
    await jane.getByText("Spring Launch").waitFor();
    await jane.getByText("Autumn Promo").waitFor();
    const cells = await jane.getByRole("cell").allTextContents();
    // Contact, Email, Campaigns, Email Status, Lead Status, Emails Sent, Replied, Added, details.
    expect(cells[1]).toBe("jane@example.com");
    expect(cells[3]).toBe("Sent");
    // Launched: the engine's send made the lead Contacted.
    expect(cells[4]).toBe("Contacted");
    expect(cells[5]).toBe("2");
    expect(cells[6]).toBe("No");

    await jane.getByRole("button", { name: "View details for jane@example.com" }).click();
    const dialog = page.getByRole("dialog", { name: "Jane Doe" });
    await dialog.getByText("Contact Information").waitFor();
    const history = dialog.getByRole("table", { name: "Email history" });
    await expect.poll(() => history.getByRole("row").count()).toBe(3);
    expect(await history.getByRole("row").nth(1).getByRole("cell").nth(0).textContent()).toBe("Autumn Promo");
    expect(await history.getByRole("row").nth(2).getByRole("cell").nth(0).textContent()).toBe("Spring Launch");
    expect(await history.getByRole("cell", { name: "Sent", exact: true }).count()).toBe(2);
    // The dialog stays within 80% of the screen's height.
    const box = await dialog.boundingBox();
    expect(box?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(800 * 0.8 + 1);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    const search = page.getByRole("searchbox", { name: "Search contacts" });
    expect(await search.getAttribute("placeholder")).toBe("Search by name, email, or campaign...");
    await search.fill("raj");
    await expect.poll(() => rows.count()).toBe(2);
    await rows.filter({ hasText: "raj@example.com" }).waitFor();
    await search.fill("autumn");
    await expect.poll(() => rows.count()).toBe(3);
    await rows.filter({ hasText: "li@example.com" }).waitFor();

    // The export holds what the search shows, formulas neutralised.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Contact,Email,Company,Campaigns,Email Status,Lead Status,Emails Sent,Opened,Failed,Replied,Added",
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes("li@example.com"))).toMatch(
      /^'=1\+2 Li,li@example\.com,,Autumn Promo,Sent,Contacted,1,/,
    );
    expect(lines.find((l) => l.includes("jane@example.com"))).toMatch(
      /^Jane Doe,jane@example\.com,Initech,Autumn Promo; Spring Launch,Sent,Contacted,2,0,0,,/,
    );

    await search.fill("nobody here");
    await page.getByText("No contacts found").waitFor();
  });

  it("shows the meetings an address booked in its details, and only the user's own", async () => {
    const { page } = browser;
    const signedIn = await signedInUser(page, app.baseUrl, "contacts-meetings");
    await launchCampaign(
      page,
      app.baseUrl,
      campaign("Meetings Campaign", [
        { email: "sam@example.com", firstName: "Sam", lastName: "Lee", company: null, customFields: {} },
        { email: "kim@example.com", firstName: "Kim", lastName: null, company: null, customFields: {} },
      ]),
    );
    // Booked through the owner's link (the public booking page stores the same row), by
    // the address in another letter case; another user's meeting with Sam stays theirs.
    const db = app.database.db;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, signedIn.email));
    const other = await createVerifiedUser(app.baseUrl, "contacts-other");
    const [stranger] = await db.select({ id: users.id }).from(users).where(eq(users.email, other.email));
    const startsAt = new Date(Date.UTC(2027, 2, 1, 10, 0));
    for (const [userId, title, linkCode] of [
      [owner!.id, "Intro call", "e2eINTRO"],
      [stranger!.id, "Someone else's call", "e2eOTHER"],
    ] as const) {
      const [link] = await db
        .insert(schedulingLinks)
        .values({ userId, title, linkCode, ...organizer })
        .returning();
      await db.insert(scheduledMeetings).values({
        linkId: link!.id,
        userId,
        prospectEmail: "Sam@Example.com",
        scheduledDate: startsAt,
        durationMinutes: 30,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        timezone: "Asia/Baghdad",
      });
    }

    await page.goto(`${app.baseUrl}/contacts`);
    await page.getByRole("button", { name: "View details for sam@example.com" }).click();
    const dialog = page.getByRole("dialog", { name: "Sam Lee" });
    const meetings = dialog.getByRole("table", { name: "Meetings" });
    await meetings.waitFor();
    const rows = meetings.getByRole("row");
    expect(await rows.count()).toBe(2);
    const cells = await rows.nth(1).getByRole("cell").allTextContents();
    expect(cells).toEqual([format(startsAt, "MMM d, yyyy h:mm a"), "30 min", "Intro call", "Scheduled"]);
    expect(await dialog.getByText("Someone else's call").count()).toBe(0);
    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: join(shotsDir, "contacts-details-meetings.png") });
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await page.getByRole("button", { name: "View details for kim@example.com" }).click();
    const kim = page.getByRole("dialog", { name: "Kim" });
    await kim.getByRole("table", { name: "Email history" }).waitFor();
    await kim.getByText("No meetings", { exact: true }).waitFor();
  });

  it.skipIf(!shotsDir)("screenshots of the page and the details dialog, light and dark", async () => {
    const { page } = browser;
    const signedIn = await signedInUser(page, app.baseUrl, "contacts-shots");
    await seedRealisticContacts(app, signedIn.email);
    mkdirSync(shotsDir ?? ".", { recursive: true });
    const shot = async (name: string) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(shotsDir ?? ".", `${name}.png`) });
    };
    for (const scheme of ["light", "dark"] as const) {
      await page
        .getByRole("complementary")
        .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
        .click();
      await page.goto(`${app.baseUrl}/contacts`);
      await page.getByRole("table", { name: "Contacts" }).waitFor();
      await shot(`contacts-${scheme}`);
      await page
        .getByRole("button", { name: /^View details for maria/i })
        .first()
        .click();
      await page.getByRole("table", { name: "Email history" }).waitFor();
      await shot(`contacts-details-${scheme}`);
      await page.keyboard.press("Escape");
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseUrl}/contacts`);
    await page.getByRole("table", { name: "Contacts" }).waitFor();
    await shot("contacts-phone-dark");
    await page
      .getByRole("button", { name: /^View details for maria/i })
      .first()
      .click();
    await page.getByRole("table", { name: "Email history" }).waitFor();
    await shot("contacts-details-phone-dark");
  });
});

/** Four campaigns, ~60 addresses (some in several campaigns), sends, opens, failures and replies. */
async function seedRealisticContacts(app: AppServer, email: string) {
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = owner!.id;
  const first = [
    "Maria",
    "James",
    "Aiko",
    "Lars",
    "Priya",
    "Tomás",
    "Chen",
    "Fatima",
    "Noah",
    "Olga",
    "Kwame",
    "Sofia",
  ];
  const last = ["Garcia", "Smith", "Tanaka", "Nilsson", "Patel", "Ruiz", "Wei", "Haddad", "Becker", "Ivanova"];
  const companies = ["Initech", "Globex Corporation", "Umbrella Health", "Stark Logistics", null, "Wayne Analytics"];
  const names = ["Q4 Founders Outreach", "SaaS CTOs — Berlin", "Agency partners", "Re-engagement November"];
  const day = (d: number, h = 9) => new Date(Date.UTC(2026, 10, d, h));
  for (const [i, name] of names.entries()) {
    const [campaign] = await db
      .insert(campaigns)
      .values({ userId, name, createdAt: day(1 + i * 3) })
      .returning();
    const steps = await db
      .insert(emailSequences)
      .values([1, 2, 3].map((n) => ({ campaignId: campaign!.id, stepNumber: n, subject: `Step ${n}`, body: "Hi" })))
      .returning();
    const people = Array.from({ length: 18 }, (_, k) => {
      // Overlapping ranges: many addresses are in two campaigns.
      const n = [0, 10, 20, 25][i]! + k;
      const f = first[n % first.length]!;
      const l = last[(n * 3) % last.length]!;
      return {
        userId,
        campaignId: campaign!.id,
        email: `${f}.${l}${n}@${(companies[n % companies.length] ?? "gmail").toLowerCase().split(" ")[0]}.com`,
        firstName: f,
        lastName: l,
        company: companies[n % companies.length] ?? null,
        createdAt: day(1 + i * 3, 9 + (k % 8)),
        repliedAt: n % 9 === 0 ? day(5 + i * 3, 14) : null,
      };
    });
    const rows = await db.insert(contacts).values(people).onConflictDoNothing().returning();
    const sends = rows.flatMap((c, k) =>
      steps.slice(0, 1 + (k % 3)).map((step, s) => {
        const kind = (k + s + i) % 7;
        const created = new Date(c.createdAt.getTime() + (s + 1) * 86_400_000);
        return {
          userId,
          campaignId: campaign!.id,
          contactId: c.id,
          sequenceId: step.id,
          toEmail: c.email,
          fromEmail: "hello@acme.test",
          subject: `Step ${s + 1}`,
          body: "Hi",
          status: kind === 0 ? ("failed" as const) : kind === 1 ? ("pending" as const) : ("sent" as const),
          failureCategory: kind === 0 ? ("bounced" as const) : null,
          sentAt: kind > 1 ? created : null,
          openedAt: kind > 4 ? new Date(created.getTime() + 3_600_000) : null,
          createdAt: created,
        };
      }),
    );
    await db.insert(emailSends).values(sends);
  }
}
