// Contact time zones in the browser (docs/product.md §9.4, §9.8, §10.2): a file
// with a Time Zone column in the wizard (a bad zone leaves its row out and is
// listed; the review counts the rest per zone), and on the campaign page the
// counts per zone and a contact's zone changed with the picker.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, contacts, user } from "../../src/server/db/schema/index.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";
import { openUploadStep } from "./support/wizard.ts";

const zoneLine = (page: Page) => page.getByTestId("zone-counts");

describeJourneys("contact time zones", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("wizard: a Time Zone column fills each contact's zone, a bad one is listed, the review counts them per zone", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "zones-wizard");
    await openUploadStep(page, app.baseUrl);
    const csv = [
      "email,first_name,Time Zone",
      "ny@acme.io,Ny,America/New_York",
      "in@acme.io,In,+05:30",
      "br@acme.io,Br,UTC-3",
      "none@acme.io,None,",
      "bad@acme.io,Bad,garbage",
    ].join("\n");
    await page
      .getByLabel("Contact list file")
      .setInputFiles({ name: "zones.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await toast(page, "Contacts imported successfully").waitFor();
    await page
      .getByText('Time zone "garbage" is not a time zone name or UTC offset', { exact: false })
      .first()
      .waitFor();

    await page.getByRole("button", { name: "Review & Launch" }).click();
    await eventually(() => zoneLine(page).textContent()).toBe(
      "Time zones: America/New_York 1 · UTC-03:00 1 · UTC+05:30 1 · Your time zone (UTC) 1",
    );
  });

  it("campaign page: counts per zone, and a contact's zone changed with the picker", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "zones-edit");
    const db = app.database.db;
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    const [campaign] = await db.insert(campaigns).values({ userId: row!.id, name: "Zones" }).returning();
    await db.insert(contacts).values([
      { userId: row!.id, campaignId: campaign!.id, email: "a@acme.io", timezone: "America/New_York" },
      { userId: row!.id, campaignId: campaign!.id, email: "b@acme.io", timezone: "America/New_York" },
      { userId: row!.id, campaignId: campaign!.id, email: "c@acme.io" },
    ]);

    await page.goto(`${app.baseUrl}/campaigns/edit/${campaign!.id}`);
    await page.getByRole("tab", { name: "Contacts (3)" }).click();
    await eventually(() => zoneLine(page).textContent()).toBe(
      "Time zones: America/New_York 2 · Your time zone (UTC) 1",
    );

    await page.getByRole("button", { name: "Time zone of c@acme.io: your time zone. Change" }).click();
    const picker = page.getByRole("combobox", { name: "Time zone of c@acme.io" });
    await picker.fill("berl");
    await page
      .getByRole("listbox", { name: "Time zone of c@acme.io" })
      .getByRole("option", { name: "Europe/Berlin" })
      .click();
    await toast(page, "Time zone of c@acme.io set to Europe/Berlin").waitFor();
    await eventually(() => zoneLine(page).textContent()).toBe("Time zones: America/New_York 2 · Europe/Berlin 1");
    const [stored] = await db.select().from(contacts).where(eq(contacts.email, "c@acme.io"));
    expect(stored!.timezone).toBe("Europe/Berlin");
  });
});
