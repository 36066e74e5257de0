// Contact import in the Create Campaign wizard (docs/product.md §9.4, §9.5:
// file import and duplicate detection).
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, contacts, emailSends, user } from "../../src/server/db/schema/index.ts";
import { buildXlsx, contactFixture, largeCsv } from "../fixtures/contacts/contact-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, toasts, useBrowser } from "./support/browser.ts";
import { signedInUser, type TestUser } from "./support/users.ts";
import { openUploadStep } from "./support/wizard.ts";

type BrowserDrop = { DataTransfer: new () => { items: { add(file: File): void } } };

const fileInput = (page: Page) => page.getByLabel("Contact list file");
const preview = (page: Page) => page.getByRole("table", { name: "Contact preview" });

/** The preview's body rows as arrays of cell texts (without the action column). */
async function previewRows(page: Page): Promise<string[][]> {
  const rows = preview(page).locator("tbody tr");
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = await rows.nth(i).locator("td").allTextContents();
    out.push(cells.slice(0, -1));
  }
  return out;
}

/** Seeds an earlier campaign of this user that already emailed `email`. */
async function seedEarlierSend(app: AppServer, owner: TestUser, email: string, campaignName: string) {
  const db = app.database.db;
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
  if (!row) throw new Error(`no user ${owner.email}`);
  const [campaign] = await db
    .insert(campaigns)
    .values({ userId: row.id, name: campaignName, status: "active" })
    .returning();
  const [contact] = await db
    .insert(contacts)
    .values({ userId: row.id, campaignId: campaign!.id, email, firstName: "Earlier" })
    .returning();
  await db.insert(emailSends).values({
    userId: row.id,
    campaignId: campaign!.id,
    contactId: contact!.id,
    toEmail: email,
    fromEmail: "sender@example.com",
    subject: "Hello",
    body: "Hello there",
    status: "sent",
    sentAt: new Date("2026-03-14T09:30:00Z"),
    createdAt: new Date("2026-03-14T09:30:00Z"),
  });
}

describeJourneys("contact import", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("imports a CSV with a byte-order mark, quoted commas, CRLF and a blank row, previews it and removes a row", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "import-csv");
    await openUploadStep(page, app.baseUrl);

    await fileInput(page).setInputFiles(contactFixture("bom-quoted-crlf.csv"));
    const success = toast(page, "Contacts imported successfully");
    await success.waitFor();
    expect(await success.getAttribute("data-type")).toBe("success");
    await success.getByText("Imported 4 contact(s)", { exact: true }).waitFor();

    // The mark is gone (the first header is "email"), quoted commas and quotes are intact, the blank row dropped.
    expect(await preview(page).locator("thead th").allTextContents()).toEqual([
      "email",
      "full_name",
      "company",
      "notes",
      "Actions",
    ]);
    expect(await previewRows(page)).toEqual([
      ["ana.lima@example.com", "Ana Lima", "Acme, Inc.", 'Met at "SaaS Summit"'],
      ["ben.okafor@example.com", "Ben Okafor", "Globex", "Prefers calls, not email"],
      ["chen.wu@example.com", "Chen Wu", "Initech", "—"],
      ["dana.kim@example.com", "Dana Kim", "Umbrella, Ltd.", "Second contact"],
    ]);
    expect(await page.getByRole("list", { name: "Imported fields" }).getByRole("listitem").allTextContents()).toEqual([
      "email",
      "full_name",
      "company",
      "notes",
    ]);
    await page.getByText("Showing the first 4 of 4 contacts").waitFor();

    await page.getByRole("button", { name: "Remove ben.okafor@example.com" }).click();
    await page.getByText("Showing the first 3 of 3 contacts").waitFor();
    expect((await previewRows(page)).map((r) => r[0])).toEqual([
      "ana.lima@example.com",
      "chen.wu@example.com",
      "dana.kim@example.com",
    ]);
  });

  it("names each skipped row's number, column and reason, and downloads the list when there are more than 10", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "import-skipped");
    await openUploadStep(page, app.baseUrl);

    const longName = "N".repeat(10_000);
    const bad = Array.from({ length: 12 }, (_, i) => `not-an-address-${i + 1},Bad${i + 1},Acme`);
    // Header is row 1: the long name is row 3, the bad addresses rows 4-15.
    const csv = [
      "Email,First Name,Company",
      "ana@example.com,Ana,Acme",
      `long@example.com,${longName},Acme`,
      ...bad,
      "ben@example.com,Ben,Globex",
    ].join("\n");
    await fileInput(page).setInputFiles({ name: "skips.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await toast(page, "Contacts imported successfully").getByText("Imported 2 contact(s)", { exact: true }).waitFor();

    const list = page.getByRole("list", { name: "Skipped rows" });
    await list.waitFor();
    const items = await list.getByRole("listitem").allTextContents();
    expect(items).toHaveLength(10);
    expect(items[0]).toBe("Row 3 · First Name: First Name must be at most 200 characters.");
    expect(items[1]).toBe("Row 4 · Email: Enter a valid email address");
    expect(items[9]).toBe("Row 12 · Email: Enter a valid email address");
    await page.getByText("13 rows skipped", { exact: false }).first().waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download skipped rows" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("skipped-rows.csv");
    const lines = readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe("row,column,reason,value");
    expect(lines[1]).toBe(`3,First Name,First Name must be at most 200 characters.,${"N".repeat(200)}`);
    expect(lines[2]).toBe("4,Email,Enter a valid email address,not-an-address-1");
    expect(lines[13]).toBe("15,Email,Enter a valid email address,not-an-address-12");
    expect(lines.slice(14)).toEqual([""]);
  });

  it("refuses a file of another type, and a CSV with an unterminated quote, with the spec's messages", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "import-bad");
    await openUploadStep(page, app.baseUrl);

    await fileInput(page).setInputFiles(contactFixture("not-a-spreadsheet.txt"));
    const invalid = toast(page, "Invalid file type");
    await invalid.getByText("Please select a CSV or Excel file", { exact: true }).waitFor();
    expect(await invalid.getAttribute("data-type")).toBe("error");
    await page.getByRole("alert").filter({ hasText: "Please select a CSV or Excel file" }).waitFor();

    // A new upload clears the earlier error.
    await fileInput(page).setInputFiles(contactFixture("unterminated-quote.csv"));
    const failed = toast(page, "Upload failed");
    await failed.getByText("Failed to read file", { exact: true }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Failed to read file" }).waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "Please select a CSV or Excel file" }).count()).toBe(0);
    await page.getByText("A quoted value that starts on line 2 is never closed.").waitFor();
    expect(await preview(page).count()).toBe(0);
  });

  it("downloads sample-contacts.csv, and imports a dropped file", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "import-sample");
    await openUploadStep(page, app.baseUrl);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Sample CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("sample-contacts.csv");
    const path = await download.path();
    const sample = readFileSync(path, "utf8");
    expect(sample.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "email,full_name,company,phone,title,department,city,country,industry,website,notes",
    );

    // Drop the sample back onto the drop zone (the file input's parent).
    const dataTransfer = await page.evaluateHandle((text) => {
      // Runs in the page; the test's Node types have no DataTransfer.
      const transfer = new (globalThis as unknown as BrowserDrop).DataTransfer();
      transfer.items.add(new File([text], "sample-contacts.csv", { type: "text/csv" }));
      return transfer;
    }, sample);
    const zone = fileInput(page).locator("..");
    await zone.dispatchEvent("dragover", { dataTransfer });
    await zone.dispatchEvent("drop", { dataTransfer });
    await toast(page, "Contacts imported successfully").getByText("Imported 3 contact(s)").waitFor();
    expect(await page.getByRole("list", { name: "Imported fields" }).getByRole("listitem").count()).toBe(11);
  });

  it("imports the first sheet of an Excel workbook", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "import-xlsx");
    await openUploadStep(page, app.baseUrl);

    const workbook = buildXlsx([
      ["E-mail Address", "First Name", "Company"],
      ["eva@example.com", "Eva", "Acme"],
      ["finn@example.com", "Finn", "Globex"],
    ]);
    await fileInput(page).setInputFiles({
      name: "contacts.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: workbook,
    });
    await toast(page, "Contacts imported successfully").getByText("Imported 2 contact(s)").waitFor();
    expect(await previewRows(page)).toEqual([
      ["eva@example.com", "Eva", "Acme"],
      ["finn@example.com", "Finn", "Globex"],
    ]);
    expect(await page.getByRole("list", { name: "Imported fields" }).getByRole("listitem").allTextContents()).toEqual([
      "e_mail_address",
      "first_name",
      "company",
    ]);
  });

  it("parses 10,001 rows in a worker, keeps 10,000 and says one was left out", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "import-large");
    await openUploadStep(page, app.baseUrl);

    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await fileInput(page).setInputFiles({ name: "large.csv", mimeType: "text/csv", buffer: largeCsv(10_001) });
    await toast(page, "Contacts imported successfully").getByText("Imported 10,000 contact(s)").waitFor();
    expect(workers.some((url) => url.includes("import.worker"))).toBe(true);
    await page
      .getByRole("note")
      .getByText(
        "10,000 of 10,001 contacts imported: a file can hold at most 10,000. Split the file to import the other 1.",
      )
      .waitFor();
    await page.getByText("Showing the first 10 of 10,000 contacts").waitFor();
    expect(await preview(page).locator("tbody tr").count()).toBe(10);
  });

  it("finds an address used in an earlier campaign; removing it lowers the count that proceeds", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "import-dupes");
    await seedEarlierSend(app, owner, "ben.okafor@example.com", "Spring Outreach");
    await openUploadStep(page, app.baseUrl);
    await fileInput(page).setInputFiles(contactFixture("bom-quoted-crlf.csv"));
    await toast(page, "Contacts imported successfully").waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();

    await page.getByRole("heading", { name: "Detect Emails" }).waitFor();
    await toast(page, "Duplicates Found")
      .getByText("Found 1 emails that were used in previous campaigns", { exact: true })
      .waitFor();
    await toast(page, "Email Detection Complete").waitFor();
    const stat = (label: string) =>
      page
        .locator("dl div")
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator("dd");
    await eventually(() => stat("Total Contacts").textContent()).toBe("4");
    expect(await stat("Duplicates Found").textContent()).toBe("1");
    expect(await stat("Will Proceed").textContent()).toBe("4");

    await page.getByRole("button", { name: "Show Details" }).click();
    const duplicates = page.getByRole("list", { name: "Duplicate emails" });
    await duplicates.getByText("ben.okafor@example.com").waitFor();
    await duplicates.getByText("Spring Outreach · Mar 14, 2026").waitFor();
    await duplicates.getByRole("button", { name: "Remove ben.okafor@example.com" }).click();
    await eventually(() => stat("Will Proceed").textContent()).toBe("3");
    await duplicates.getByRole("button", { name: "Restore ben.okafor@example.com" }).click();
    await eventually(() => stat("Will Proceed").textContent()).toBe("4");
    await page.getByRole("button", { name: "Remove All" }).click();
    await eventually(() => stat("Will Proceed").textContent()).toBe("3");

    // email is always kept; other columns are the user's choice.
    const emailColumn = page.getByRole("checkbox", { name: "email" });
    expect(await emailColumn.isChecked()).toBe(true);
    expect(await emailColumn.isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: "notes" }).click();

    await page.getByRole("button", { name: "Proceed to Email Sequence (3 contacts)" }).click();
    await page.getByText("Step 5 of 6: Email Sequence").waitFor();

    // Back on step 4 the removed contact is gone and nothing else is a duplicate.
    await page.getByRole("button", { name: "Previous" }).click();
    await eventually(() => stat("Total Contacts").textContent()).toBe("3");
    await toast(page, "No Duplicates Found").waitFor();
    expect(await page.getByRole("checkbox", { name: "notes" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "company" }).isChecked()).toBe(false);
  });

  it("treats a failed duplicate check as no duplicates, without an error for the user", async () => {
    const { page } = browser;
    browser.allowConsoleError(/Failed to load resource.*500/, "the duplicate check is made to fail");
    await signedInUser(page, app.baseUrl, "import-dupes-down");
    await page.route("**/api/contacts/duplicates", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":"internal_error","message":"down"}}',
      }),
    );
    await openUploadStep(page, app.baseUrl);
    await fileInput(page).setInputFiles(contactFixture("bom-quoted-crlf.csv"));
    await toast(page, "Contacts imported successfully").waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();

    await page.getByText("Previous campaigns could not be checked right now; every contact will proceed.").waitFor();
    await page.getByRole("button", { name: "Proceed to Email Sequence (4 contacts)" }).waitFor();
    expect(await toasts(page).locator('[data-type="error"]').count()).toBe(0);
  });

  it("Add Contact: a Company too long says so at the Company field, with the limit, and adds nothing", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "add-contact-long");
    const db = app.database.db;
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    const [campaign] = await db.insert(campaigns).values({ userId: row!.id, name: "Long Fields" }).returning();

    await page.goto(`${app.baseUrl}/campaigns/edit/${campaign!.id}`);
    await page.getByRole("tab", { name: "Contacts (0)" }).click();
    await page.getByRole("button", { name: "Add Contacts" }).click();
    await page.getByLabel("Email *").fill("long@acme.io");
    await page.getByLabel("Company").fill("c".repeat(10_000));
    await page.getByLabel("First Name").fill("f".repeat(201));
    await page.getByRole("button", { name: "Add Contact", exact: true }).click();

    for (const [label, message] of [
      ["Company", "Company must be at most 300 characters."],
      ["First Name", "First Name must be at most 200 characters."],
    ] as const) {
      const input = page.getByLabel(label, { exact: true });
      const described = await input.getAttribute("aria-describedby");
      expect(described).toBe(`add-contact-${label === "Company" ? "company" : "firstName"}-error`);
      await page.locator(`#${described}`).getByText(message, { exact: true }).waitFor();
      expect(await input.getAttribute("aria-invalid")).toBe("true");
    }
    expect(await page.getByText(/Too big|expected string/).count()).toBe(0);
    const stored = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.campaignId, campaign!.id));
    expect(stored).toEqual([]);
  });

  it("edit campaign → Contacts: lists, searches, adds one, many and a CSV, and removes", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "contacts-tab");
    const db = app.database.db;
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    const [campaign] = await db.insert(campaigns).values({ userId: row!.id, name: "Edit Me" }).returning();
    await db.insert(contacts).values([
      { userId: row!.id, campaignId: campaign!.id, email: "ana@acme.io", firstName: "Ana", company: "Acme" },
      {
        userId: row!.id,
        campaignId: campaign!.id,
        email: "ben@globex.io",
        repliedAt: new Date("2026-04-01T10:00:00Z"),
      },
    ]);

    await page.goto(`${app.baseUrl}/campaigns/edit/${campaign!.id}`);
    await page.getByRole("tab", { name: "Contacts (2)" }).click();
    const list = page.getByRole("list", { name: "Contacts" });
    await list.getByText("ana@acme.io").waitFor();
    const ben = list.getByRole("listitem").filter({ hasText: "ben@globex.io" });
    await ben.getByText("Replied", { exact: true }).waitFor();
    await ben.getByText("Active", { exact: true }).waitFor();
    expect(await list.getByRole("listitem").filter({ hasText: "ana@acme.io" }).getByText("Replied").count()).toBe(0);

    await page.getByLabel("Search contacts").fill("acme");
    await eventually(() => list.getByRole("listitem").count()).toBe(1);
    await page.getByLabel("Search contacts").fill("nobody-here");
    await page.getByText("No contacts found", { exact: true }).waitFor();
    await page.getByLabel("Search contacts").fill("");
    await eventually(() => list.getByRole("listitem").count()).toBe(2);

    await page.getByRole("button", { name: "Add Contacts" }).click();
    await page.getByRole("button", { name: "Add Contact", exact: true }).click();
    await page.getByText("Email is required", { exact: true }).waitFor();
    await page.getByLabel("Email *").fill("cy@initech.io");
    await page.getByLabel("First Name").fill("Cy");
    await page.getByRole("button", { name: "Add Contact", exact: true }).click();
    await toast(page, "Contact added successfully").waitFor();
    await page.getByRole("tab", { name: "Contacts (3)" }).waitFor();
    await list.getByText("cy@initech.io").waitFor();

    await page.getByRole("tab", { name: "Bulk Import" }).click();
    await page.getByRole("button", { name: "Import Contacts" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter contact data" }).waitFor();
    await page
      .getByLabel("Contacts, one per line")
      .fill("dee@umbrella.io, Dee, Ray, Umbrella\nno email here\nana@acme.io, Ana");
    await page.getByRole("button", { name: "Import Contacts" }).click();
    const added = toast(page, "Added 1 contacts successfully");
    await added.waitFor();
    await added.getByText("1 contact already in this campaign; 1 line without a valid email skipped.").waitFor();
    await page.getByRole("tab", { name: "Contacts (4)" }).waitFor();

    await page.getByLabel("CSV file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("name,address\nEve,eve@x.io\n"),
    });
    await page
      .getByRole("alert")
      .filter({
        hasText: 'No email column found. Please ensure your CSV has a column named "email", "e-mail", or similar.',
      })
      .waitFor();
    await page.getByLabel("CSV file").setInputFiles({
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('E-mail,First Name,Company\r\neve@x.io,Eve,"Evil, Inc."\r\nfay@x.io,Fay,\r\n'),
    });
    await toast(page, "Added 2 contacts successfully").waitFor();
    await page.getByRole("tab", { name: "Contacts (6)" }).waitFor();
    await list.getByText("Eve · Evil, Inc.").waitFor();

    await list.getByRole("button", { name: "Delete ben@globex.io" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await toast(page, "Contact removed from campaign").waitFor();
    await page.getByRole("tab", { name: "Contacts (5)" }).waitFor();
    await eventually(() => list.getByText("ben@globex.io").count()).toBe(0);
  });

  const shots = process.env.E2E_SCREENSHOTS_DIR;
  it.skipIf(!shots)("screenshots of steps 3 and 4, light and dark", async () => {
    const { page } = browser;
    const dir = shots ?? ".";
    mkdirSync(dir, { recursive: true });
    const owner = await signedInUser(page, app.baseUrl, "import-shots");
    await seedEarlierSend(app, owner, "ana.lima@example.com", "Spring Outreach");
    await seedEarlierSend(app, owner, "dana.kim@example.com", "Summer Follow-up");
    await page.setViewportSize({ width: 1280, height: 1100 });
    for (const scheme of ["light", "dark"] as const) {
      await page
        .getByRole("complementary")
        .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
        .click();
      await openUploadStep(page, app.baseUrl);
      await fileInput(page).setInputFiles(contactFixture("bom-quoted-crlf.csv"));
      await toast(page, "Contacts imported successfully").waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(dir, `contacts-upload-${scheme}.png`) });
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await page.getByRole("button", { name: "Show Details" }).click();
      await page.getByRole("button", { name: "Remove dana.kim@example.com" }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(dir, `contacts-detect-${scheme}.png`), fullPage: true });
      await page.getByRole("button", { name: "Start over" }).click();
    }

    const [row] = await app.database.db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    const [campaign] = await app.database.db
      .insert(campaigns)
      .values({ userId: row!.id, name: "Screenshot Campaign" })
      .returning();
    await app.database.db.insert(contacts).values([
      {
        userId: row!.id,
        campaignId: campaign!.id,
        email: "ana@acme.io",
        firstName: "Ana",
        lastName: "Lima",
        company: "Acme",
      },
      {
        userId: row!.id,
        campaignId: campaign!.id,
        email: "ben@globex.io",
        repliedAt: new Date("2026-04-01T10:00:00Z"),
      },
      { userId: row!.id, campaignId: campaign!.id, email: "cy@initech.io", status: "bounced" },
    ]);
    for (const scheme of ["light", "dark"] as const) {
      await page
        .getByRole("complementary")
        .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
        .click();
      await page.goto(`${app.baseUrl}/campaigns/edit/${campaign!.id}`);
      await page.getByRole("tab", { name: "Contacts (3)" }).click();
      await page.getByRole("list", { name: "Contacts" }).waitFor();
      await page.getByRole("button", { name: "Add Contacts" }).click();
      await page.getByRole("tab", { name: "Bulk Import" }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(dir, `contacts-tab-${scheme}.png`), fullPage: true });
    }
  });
});
