// The Block list screen (docs/product.md §20) and where it shows in the
// wizard: adding many at once, importing a file with good and bad lines and
// reading its report, the suppression list beside the blocks (what may be
// removed, what stays), search, removal (asked first), the CSV export; a
// campaign's contact marked Blocked; and the Detect Emails step counting
// 'Blocked' and leaving those contacts out.
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, contacts, user } from "../../src/server/db/schema/index.ts";
import { addSuppression } from "../../src/server/domain/suppressions.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser, type TestUser } from "./support/users.ts";
import { openUploadStep } from "./support/wizard.ts";

/** With E2E_SCREENSHOTS_DIR set, the journey also saves the screen at three widths for a visual check. */
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;
async function shots(page: Page, name: string, focus?: Locator) {
  if (!shotsDir) return;
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // The screen scrolls inside the shell, so a full-page shot shows the top only: scroll to what matters.
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/block-list-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeJourneys("block list", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function userId(owner: TestUser): Promise<string> {
    const [row] = await app.database.db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    return row!.id;
  }

  it("adds, imports with a report, lists the suppressions beside the blocks, searches, removes and exports", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "block-list");

    await page.getByRole("link", { name: "Block list" }).click();
    await page.waitForURL(`${app.baseUrl}/block-list`);
    await page.getByRole("heading", { level: 1, name: "Block list" }).waitFor();
    await page.getByText("Your block list is empty").waitFor();
    await shots(page, "empty");

    // Add: several at once, one of them not an address.
    await page.getByLabel("Addresses or domains").fill("ann@acme.test, @blocked.test\nnot-an-address@");
    await page.getByRole("button", { name: "Add to Block list" }).click();
    const addReport = page.getByRole("region", { name: "Add report" });
    await addReport.getByText("2 entries added").waitFor();
    await addReport.getByRole("row", { name: "3 not-an-address@ Invalid address" }).waitFor();
    const list = page.getByRole("table", { name: "Block list" });
    await list.getByRole("row", { name: /ann@acme\.test Address Blocked by you/ }).waitFor();
    await list.getByRole("row", { name: /@blocked\.test Domain Blocked by you/ }).waitFor();
    expect(await page.getByLabel("Addresses or domains").inputValue()).toBe("");

    // Import: a header, good lines and bad ones, each bad one with its reason.
    await page.getByLabel("Block list file").setInputFiles({
      name: "do-not-contact.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "email,note",
          "cem@import.test,lead",
          "",
          "@Imported.TEST",
          "cem@import.test",
          "ann@acme.test",
          "http://x.test",
          "dee@",
        ].join("\n"),
      ),
    });
    const importReport = page.getByRole("region", { name: "Import report" });
    await importReport.getByText("2 entries added").waitFor();
    await importReport.getByText("the first line was read as a header", { exact: false }).waitFor();
    const skipped = importReport.getByRole("table", { name: "Skipped" });
    for (const row of [
      "3 (empty) Empty line",
      "5 cem@import.test Duplicate of line 2",
      "6 ann@acme.test Already blocked",
      "7 http://x.test Invalid domain",
      "8 dee@ Invalid address",
    ]) {
      await skipped.getByRole("row", { name: row }).waitFor();
    }
    await shots(page, "report", importReport);
    await list.getByRole("row", { name: /@imported\.test Domain Imported/ }).waitFor();

    // The suppression list is in the same place, with its reasons; an unsubscribe cannot be removed.
    const id = await userId(owner);
    await addSuppression(app.database.db, id, "gone@acme.test", "unsubscribed");
    await addSuppression(app.database.db, id, "bounced@acme.test", "bounced");
    await page.reload();
    await list.getByRole("row", { name: /gone@acme\.test Address Unsubscribed/ }).waitFor();
    const bounced = list.getByRole("row", { name: /bounced@acme\.test Address Hard bounce/ });
    await bounced.waitFor();
    await bounced.getByRole("button", { name: "Remove bounced@acme.test" }).waitFor();
    const gone = list.getByRole("row", { name: /gone@acme\.test/ });
    expect(await gone.getByRole("button").count()).toBe(0);
    await gone.getByText("only the recipient can undo that", { exact: false }).waitFor();
    await page.getByText("6 entries").waitFor();
    await shots(page, "list", list);

    // Search.
    const search = page.getByRole("searchbox", { name: "Search the block list" });
    await search.fill("acme");
    await eventually(() => list.getByRole("row").count()).toBe(4);
    await search.fill("nothing-like-this");
    await page.getByText("Nothing found").waitFor();
    await search.fill("");

    // Remove asks first; Cancel keeps it, Remove removes it.
    await list.getByRole("button", { name: "Remove @blocked.test" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove from the block list?" });
    await dialog.getByText("Addresses at blocked.test and its subdomains", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await list.getByRole("row", { name: /@blocked\.test/ }).waitFor();
    await list.getByRole("button", { name: "Remove @blocked.test" }).click();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await toast(page, "Removed from the block list").waitFor();
    await list.getByRole("row", { name: /@blocked\.test/ }).waitFor({ state: "detached" });

    // Export: every block and suppression.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^block-list-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Address or domain,Type,Reason,Added");
    expect(
      lines
        .slice(1)
        .map((l) => l.split(",").slice(0, 3).join(","))
        .sort(),
    ).toEqual([
      "ann@acme.test,address,Blocked by you",
      "bounced@acme.test,address,Hard bounce",
      "cem@import.test,address,Imported",
      "gone@acme.test,address,Unsubscribed",
      "imported.test,domain,Imported",
    ]);
  });

  it("a campaign's Contacts tab says which contacts are blocked", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "block-contacts");
    const id = await userId(owner);
    const db = app.database.db;
    const [campaign] = await db.insert(campaigns).values({ userId: id, name: "Blocked contacts" }).returning();
    await db.insert(contacts).values([
      { userId: id, campaignId: campaign!.id, email: "ann@mail.blocked.test" },
      { userId: id, campaignId: campaign!.id, email: "bob@fine.test" },
    ]);
    const added = await page.context().request.post(`${app.baseUrl}/api/block-list`, {
      headers: { origin: app.baseUrl },
      data: { entries: ["blocked.test"] },
    });
    expect(added.ok()).toBe(true);

    await page.goto(`${app.baseUrl}/campaigns/edit/${campaign!.id}`);
    await page.getByRole("tab", { name: "Contacts (2)" }).click();
    const list = page.getByRole("list", { name: "Contacts" });
    const ann = list.getByRole("listitem").filter({ hasText: "ann@mail.blocked.test" });
    await ann.getByText("Blocked", { exact: true }).waitFor();
    const bob = list.getByRole("listitem").filter({ hasText: "bob@fine.test" });
    await bob.getByText("Active", { exact: true }).waitFor();
    expect(await bob.getByText("Blocked", { exact: true }).count()).toBe(0);
  });

  it("Detect Emails counts Blocked beside Duplicates Found, and blocked contacts do not proceed", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "block-wizard");
    const id = await userId(owner);
    const added = await page.context().request.post(`${app.baseUrl}/api/block-list`, {
      headers: { origin: app.baseUrl },
      data: { entries: ["@blocked.test"] },
    });
    expect(added.ok()).toBe(true);
    await addSuppression(app.database.db, id, "gone@fine.test", "unsubscribed");

    await openUploadStep(page, app.baseUrl);
    await page.getByLabel("Contact list file").setInputFiles({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "email,first_name\nann@fine.test,Ann\nbob@mail.blocked.test,Bob\ngone@fine.test,Gil\ncid@fine.test,Cid\n",
      ),
    });
    await toast(page, "Contacts imported successfully").waitFor();
    await page.getByRole("button", { name: "Next", exact: true }).click();

    await page.getByRole("heading", { name: "Detect Emails" }).waitFor();
    await toast(page, "Email Detection Complete").waitFor();
    const stat = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
    expect(await stat("Total Contacts").textContent()).toBe("4");
    expect(await stat("Duplicates Found").textContent()).toBe("0");
    expect(await stat("Blocked").textContent()).toBe("2");
    expect(await stat("Will Proceed").textContent()).toBe("2");
    await page.getByText("Show blocked contacts").click();
    const blocked = page.getByRole("list", { name: "Blocked contacts" });
    await blocked.getByText("bob@mail.blocked.test").waitFor();
    await blocked.getByText("Blocked by you (blocked.test)").waitFor();
    await blocked.getByText("Unsubscribed").waitFor();
    await shots(page, "detect", blocked);

    await page.getByRole("button", { name: "Proceed to Email Sequence (2 contacts)" }).click();
    await page.getByRole("button", { name: "Add Email Step" }).waitFor();
    // The draft keeps the two that proceed.
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("heading", { name: "Detect Emails" }).waitFor();
    await eventually(() => stat("Total Contacts").textContent()).toBe("2");
    expect(await stat("Blocked").textContent()).toBe("0");
  });
});
