// The Create Campaign wizard keeps its draft in this browser
// (docs/product.md §9.1): these journeys drive it at automation speed, as a person in a hurry
// (or a script) would, and then reload or close the tab at once. Nothing the
// user saw on screen may be missing from the restored draft.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user } from "../../src/server/db/schema/index.ts";
import { contactFixture, largeCsv } from "../fixtures/contacts/contact-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { storedDraft } from "./support/stored-draft.ts";
import { signedInUser } from "./support/users.ts";

const SENDER = "ops@acme.test";

/**
 * The fast sequence: details, one imported saved sender, a wrong file type, a
 * header-only CSV, then 25 contacts. Each action waits only for the UI to show
 * its result, never for the draft to be saved.
 */
async function buildDraftFast(page: Page, baseUrl: string) {
  const res = await page.request.post(`${baseUrl}/api/senders`, {
    data: { email: SENDER, provider: "outlook", dailyLimit: 80 },
  });
  expect(res.status()).toBe(201);
  await page.goto(`${baseUrl}/campaigns/create`);
  const next = page.getByRole("button", { name: "Next", exact: true });

  await page.getByLabel("Campaign Name *").fill("Fast Draft");
  await page.getByLabel("Description").fill("Typed at machine speed");
  await next.click();

  await page.getByRole("button", { name: "Import Senders" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Senders" });
  await dialog.getByRole("checkbox", { name: new RegExp(SENDER.replace(".", "\\.")) }).click();
  await dialog.getByRole("button", { name: "Import (1)" }).click();
  await page.getByRole("list", { name: "Sender accounts" }).getByText(SENDER).waitFor();
  await next.click();

  const file = page.getByLabel("Contact list file");
  await file.setInputFiles(contactFixture("not-a-spreadsheet.txt"));
  await toast(page, "Invalid file type").waitFor();
  await file.setInputFiles({ name: "headers.csv", mimeType: "text/csv", buffer: Buffer.from("email,first_name\r\n") });
  await toast(page, "Upload failed")
    .getByText("CSV file must contain at least one row of data besides headers", { exact: true })
    .waitFor();
  await file.setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: largeCsv(25) });
  await toast(page, "Contacts imported successfully").getByText("Imported 25 contact(s)").waitFor();
}

/** After a reload: the restored draft is the one built above, on the upload step. */
async function expectRestoredDraft(page: Page) {
  await page.getByText("Draft restored from this browser").waitFor();
  await page.getByRole("heading", { name: "Upload Contact List" }).waitFor();
  await page.getByText("Showing the first 10 of 25 contacts").waitFor();
  await page.getByRole("button", { name: "Sender Accounts" }).click();
  await page.getByRole("list", { name: "Sender accounts" }).getByText(SENDER).waitFor();
  await page.getByRole("button", { name: "Campaign Details" }).click();
  expect(await page.getByLabel("Campaign Name *").inputValue()).toBe("Fast Draft");
  expect(await page.getByLabel("Description").inputValue()).toBe("Typed at machine speed");
}

type BrowserLocalStorage = {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

/** Puts a copy of the draft where a closing page leaves one (localStorage), named and dated. */
function writeDraftCopy(page: Page, key: string, name: string, savedAt: string) {
  return page.evaluate(([k, value]) => (globalThis as unknown as BrowserLocalStorage).localStorage.setItem(k, value), [
    key,
    JSON.stringify({ version: 1, draft: { name }, stepIndex: 0, savedAt }),
  ] as const);
}

function readDraftCopy(page: Page, key: string) {
  return page.evaluate((k) => (globalThis as unknown as BrowserLocalStorage).localStorage.getItem(k), key);
}

describeJourneys("the wizard draft", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("keeps every change of a fast session across a reload right after the last one", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "draft-fast");
    await buildDraftFast(page, app.baseUrl);
    await page.reload();
    await expectRestoredDraft(page);
  });

  it("has written every change of a fast session to IndexedDB shortly after, and restores it", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "draft-settled");
    await buildDraftFast(page, app.baseUrl);
    // The report reloaded about 2 s later. Instead of sleeping a fixed time,
    // wait until IndexedDB holds it all: the debounced save must get there by
    // itself, with no reload or hidden tab to flush it.
    await eventually(() => storedDraft(page)).toMatchObject({ name: "Fast Draft", senders: 1, contacts: 25 });
    await page.reload();
    await expectRestoredDraft(page);
  });

  it("keeps a change made right before the tab is closed", async () => {
    const { page, context } = browser;
    await signedInUser(page, app.baseUrl, "draft-close");
    const tab = await context.newPage();
    await tab.goto(`${app.baseUrl}/campaigns/create`);
    await tab.getByLabel("Campaign Name *").fill("Closed in a hurry");
    await tab.close({ runBeforeUnload: true });

    const again = await context.newPage();
    await again.goto(`${app.baseUrl}/campaigns/create`);
    await again.getByText("Draft restored from this browser").waitFor();
    expect(await again.getByLabel("Campaign Name *").inputValue()).toBe("Closed in a hurry");
  });

  it("restores the copy a closing page left in localStorage when it is newer than IndexedDB's, once", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "draft-copy");
    const [row] = await app.database.db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    const key = `coldreach:campaign-draft:${row!.id}`;
    const name = page.getByLabel("Campaign Name *");
    await page.goto(`${app.baseUrl}/campaigns/create`);
    await name.fill("Saved in IndexedDB");
    await eventually(() => storedDraft(page)).toMatchObject({ name: "Saved in IndexedDB" });

    // An older copy loses, and is removed.
    await writeDraftCopy(page, key, "Older copy", "2000-01-01T00:00:00.000Z");
    await page.reload();
    await page.getByText("Draft restored from this browser").waitFor();
    expect(await name.inputValue()).toBe("Saved in IndexedDB");
    await eventually(() => readDraftCopy(page, key)).toBeNull();

    // A newer one (IndexedDB's write did not finish before the page was gone) wins and moves into IndexedDB.
    await writeDraftCopy(page, key, "Newer copy", new Date(Date.now() + 60_000).toISOString());
    await page.reload();
    await page.getByText("Draft restored from this browser").waitFor();
    expect(await name.inputValue()).toBe("Newer copy");
    await eventually(() => readDraftCopy(page, key)).toBeNull();
    expect(await storedDraft(page)).toMatchObject({ name: "Newer copy" });
  });
});
