// Sender accounts (docs/product.md §17.1): the
// Senders page (add, duplicate, edit, a real connection test against the
// app's capture SMTP server, delete) and the wizard's Sender Accounts step
// (manual add, duplicates, import from saved senders, summary).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailSends } from "../../src/server/db/schema/sending.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

// Screenshots for a visual review run only when asked:
//   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/senders.test.ts
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function openSenders(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/senders`);
  await page.getByRole("heading", { level: 1, name: "Senders" }).waitFor();
}

/** The wizard step's summary as label → value. */
async function summary(page: Page): Promise<Record<string, string>> {
  const list = page.getByRole("region", { name: "Sender Accounts" }).locator("dl");
  const terms = await list.locator("dt").allTextContents();
  const values = await list.locator("dd").allTextContents();
  return Object.fromEntries(terms.map((term, i) => [term, values[i] ?? ""]));
}

describeJourneys("senders", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("adds a sender, refuses a duplicate, edits its limit, tests its connection and deletes it", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/senders: .*status of 409/, "the journey adds a duplicate on purpose");
    await signedInUser(page, app.baseUrl, "senders");
    await openSenders(page, app.baseUrl);
    await page.getByRole("heading", { name: "No sender accounts yet" }).waitFor();

    // Add: Custom SMTP pointed at the app's own capture server (accepts any login).
    await page.getByRole("button", { name: "Add Sender" }).first().click();
    const add = page.getByRole("dialog", { name: "Add Sender Account" });
    expect(await add.getByRole("combobox", { name: "Provider" }).textContent()).toBe("Gmail");
    expect(await add.getByLabel("SMTP host").inputValue()).toBe("smtp.gmail.com");
    await add.getByText("Recommended: 50-100 per account per day").waitFor();
    await add.getByLabel("Email", { exact: true }).fill("outreach@acme.test");
    await choose(page, add, "Provider", "Custom SMTP");
    expect(await add.getByLabel("SMTP host").inputValue()).toBe("");

    // Inline validation, nothing sent.
    await add.getByLabel("Daily Limit").fill("0");
    await add.getByRole("button", { name: "Add Sender" }).click();
    await add.getByText("Daily limit must be between 1 and 500", { exact: true }).waitFor();
    await add.getByText("Enter the server's host name", { exact: true }).waitFor();

    await add.getByLabel("Daily Limit").fill("50");
    await add.getByLabel("SMTP host").fill("127.0.0.1");
    await choose(page, add, "Security", "None (unencrypted)");
    await add.getByLabel("Port", { exact: true }).fill(String(app.capturePort));
    await add.getByLabel("Password", { exact: true }).fill("capture-accepts-any");
    await add.getByRole("button", { name: "Test connection" }).click();
    await add.getByText("Connection successful.").waitFor();
    await add.getByRole("button", { name: "Add Sender" }).click();
    const added = toast(page, "Sender account added successfully");
    await added.waitFor();
    expect(await added.getAttribute("data-type")).toBe("success");
    await add.waitFor({ state: "detached" });

    const unused = page.getByRole("list", { name: "Unused Senders" });
    const card = unused.getByRole("listitem", { name: "outreach@acme.test" });
    await card.waitFor();
    await card.getByText("Custom SMTP", { exact: true }).waitFor();
    await card.getByText("50 emails/day").waitFor();
    await card.getByText("Ready to send").waitFor();
    await page.getByRole("heading", { name: /^Active Senders/ }).waitFor();

    // Pacing: a sender added by hand waits 2–5 minutes between sends; the dialog checks and saves the rest.
    await card.getByText("2–5 min between sends", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Pacing of outreach@acme.test" }).click();
    const pacing = page.getByRole("dialog", { name: "Pacing of outreach@acme.test" });
    expect(await pacing.getByLabel("Shortest wait").inputValue()).toBe("2");
    expect(await pacing.getByLabel("Longest wait").inputValue()).toBe("5");
    await pacing.getByLabel("Shortest wait").fill("6");
    await pacing.getByRole("button", { name: "Save pacing" }).click();
    await pacing.getByText("The longest wait must be at least the shortest", { exact: true }).waitFor();
    await pacing.getByLabel("Shortest wait").fill("3");
    await pacing.getByLabel("Hourly limit").fill("20");
    await pacing.getByRole("switch", { name: "Ramp up a new mailbox" }).click();
    expect(await pacing.getByLabel("Emails on the first day").inputValue()).toBe("10");
    expect(await pacing.getByLabel("More each day").inputValue()).toBe("5");
    await pacing.getByRole("button", { name: "Save pacing" }).click();
    await toast(page, "Pacing saved").waitFor();
    await pacing.waitFor({ state: "detached" });
    await card
      .getByText("3–5 min between sends · at most 20 an hour · ramp: 10 today (10, +5 a day)", { exact: true })
      .waitFor();

    // Duplicate, other case: the server's message under 'Account Already Exists'.
    await page.getByRole("button", { name: "Add Sender" }).click();
    const again = page.getByRole("dialog", { name: "Add Sender Account" });
    await again.getByLabel("Email", { exact: true }).fill("OUTREACH@acme.test");
    await again.getByRole("button", { name: "Add Sender" }).click();
    const exists = toast(page, "Account Already Exists");
    await exists.waitFor();
    await exists.getByText("The email OUTREACH@acme.test is already available in your sender accounts.").waitFor();
    expect(await exists.getAttribute("data-type")).toBe("error");
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });
    expect(await unused.getByRole("listitem").count()).toBe(1);

    // Edit the daily limit; the stored password is kept.
    await card.getByRole("button", { name: "Edit outreach@acme.test" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Sender Account" });
    expect(await edit.getByLabel("Password", { exact: true }).getAttribute("placeholder")).toBe("••••••");
    await edit.getByText("Leave empty to keep the current password").waitFor();
    // Another host would need the password again (the stored one stays with its server):
    // the field says so at once and becomes required, Save is refused, and going back keeps it.
    const asksForPassword = async (field: string, value: string, message: string, back: string) => {
      await edit.getByLabel(field).fill(value);
      await edit.getByText(message, { exact: true }).waitFor();
      expect(await edit.getByLabel("Password", { exact: true }).getAttribute("aria-required")).toBe("true");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await edit.getByText(message, { exact: true }).waitFor();
      await edit.getByLabel(field).fill(back);
      await edit.getByText("Leave empty to keep the current password").waitFor();
    };
    await asksForPassword("SMTP host", "mail.elsewhere.test", "Enter the password for the new SMTP host", "127.0.0.1");
    // Reply sync signs in with the same password: a new IMAP server needs it typed too.
    await asksForPassword("IMAP host", "imap.elsewhere.test", "Enter the password for the new IMAP host", "");
    await edit.getByLabel("Daily Limit").fill("120");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Sender account updated successfully").waitFor();
    await card.getByText("120 emails/day").waitFor();

    // Reply sync with a login of its own: no SMTP password needed for it, and both are kept on the next edit.
    await card.getByRole("button", { name: "Edit outreach@acme.test" }).click();
    await edit.getByLabel("IMAP host").fill("imap.acme.test");
    await edit.getByText("Enter the password for the new IMAP host", { exact: true }).waitFor();
    await edit.getByLabel("IMAP username").fill("inbox-login");
    await edit.getByLabel("IMAP password").fill("imap-secret");
    await edit.getByText("Leave empty to keep the current password").waitFor();
    // Saved: the dialog closes (a refusal keeps it open with the message).
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Edit outreach@acme.test" }).click();
    expect(await edit.getByLabel("IMAP username").inputValue()).toBe("inbox-login");
    expect(await edit.getByLabel("IMAP password").getAttribute("placeholder")).toBe("••••••");
    // Its own password stays with its server too.
    await edit.getByLabel("IMAP host").fill("imap.elsewhere.test");
    await edit.getByText("Enter the password for the new IMAP host", { exact: true }).waitFor();
    expect(await edit.getByLabel("IMAP password").getAttribute("aria-required")).toBe("true");
    expect(await edit.getByLabel("Password", { exact: true }).getAttribute("placeholder")).toBe("••••••");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("Enter the password for the new IMAP host", { exact: true }).waitFor();
    // Reply sync removed: nothing to ask for.
    await edit.getByLabel("IMAP host").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });

    // Test connection from the card: a real SMTP sign-in with the stored password.
    await card.getByRole("button", { name: "Test connection of outreach@acme.test" }).click();
    await card.getByText("Connection successful.").waitFor();

    // Delete, after the spec's confirmation.
    await card.getByRole("button", { name: "Delete outreach@acme.test" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm
      .getByText("Are you sure you want to delete this sender account? This action cannot be undone.")
      .waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Sender account deleted successfully").waitFor();
    await page.getByRole("heading", { name: "No sender accounts yet" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "No sender accounts yet" }).waitFor();
  });

  it("reports a connection test that cannot connect", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "senders-fail");
    await openSenders(page, app.baseUrl);
    await page.getByRole("button", { name: "Add Sender" }).first().click();
    const add = page.getByRole("dialog", { name: "Add Sender Account" });
    await add.getByLabel("Email", { exact: true }).fill("me@acme.test");
    await choose(page, add, "Provider", "Custom SMTP");
    await add.getByLabel("SMTP host").fill("127.0.0.1");
    await add.getByLabel("Port", { exact: true }).fill("1");
    await choose(page, add, "Security", "None (unencrypted)");

    // Unsaved settings need the password before anything is sent.
    await add.getByRole("button", { name: "Test connection" }).click();
    await add.getByText("Enter the SMTP password", { exact: true }).waitFor();

    await add.getByLabel("Password", { exact: true }).fill("pw");
    await add.getByRole("button", { name: "Test connection" }).click();
    await add.getByText("Could not connect.").waitFor();
    await add.getByText(/the connection was refused/).waitFor();
  });

  it("keeps the Username hint true, and a capture-mode test of a local server says the mail is captured", async () => {
    const { page } = browser;
    // The production default: no private or local SMTP hosts. Capture mode sends nothing through them.
    const guarded = await startAppServer({ SMTP_ALLOW_PRIVATE: "off" });
    try {
      await signedInUser(page, guarded.baseUrl, "senders-capture");
      await openSenders(page, guarded.baseUrl);
      await page.getByRole("button", { name: "Add Sender" }).first().click();
      const add = page.getByRole("dialog", { name: "Add Sender Account" });
      await choose(page, add, "Provider", "Custom SMTP");
      await add.getByLabel("SMTP host").fill("127.0.0.1");
      await add.getByLabel("Port", { exact: true }).fill("2525");
      await choose(page, add, "Security", "None (unencrypted)");
      await add.getByLabel("Password", { exact: true }).fill("pw");
      await add.getByText("Leave empty to use the email address.").waitFor();

      // Username left empty: only the address is asked for, the username follows it.
      await add.getByRole("button", { name: "Add Sender" }).click();
      await add.getByText("Email is required", { exact: true }).waitFor();
      expect(await add.getByText("Enter the SMTP username").count()).toBe(0);
      await add.getByRole("button", { name: "Test connection" }).click();
      await add.getByText("Enter the email address or an SMTP username", { exact: true }).waitFor();

      await add.getByLabel("Email", { exact: true }).fill("local@acme.test");
      await add.getByRole("button", { name: "Test connection" }).click();
      await add
        .getByRole("status")
        .getByText(
          "Capture mode: mail from this sender is captured, not sent through 127.0.0.1:2525, so it was not tested. To test a mail server on a private or local network, set SMTP_ALLOW_PRIVATE=on.",
        )
        .waitFor();
      expect(await add.getByText(/is not allowed/).count()).toBe(0);
      await add.getByRole("button", { name: "Add Sender" }).click();
      await toast(page, "Sender account added successfully").waitFor();
      const card = page.getByRole("listitem", { name: "local@acme.test" });
      await card.getByText("Ready to send").waitFor();
      // Saved with the address as its username.
      await card.getByRole("button", { name: "Edit local@acme.test" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Sender Account" });
      expect(await edit.getByLabel("Username", { exact: true }).inputValue()).toBe("local@acme.test");
    } finally {
      await guarded.close();
    }
  }, 120_000);

  it("says so when the sender list cannot be loaded, on the page and in the wizard", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/senders: .*status of 500/, "the journey makes the list answer 500 on purpose");
    await signedInUser(page, app.baseUrl, "senders-down");
    await page.route("**/api/senders", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal_error", message: "Something went wrong" } }),
      }),
    );
    await openSenders(page, app.baseUrl);
    const failed = toast(page, "Failed to load sender accounts");
    await failed.waitFor();
    expect(await failed.getAttribute("data-type")).toBe("error");
    await page.getByRole("button", { name: "Try again" }).waitFor();

    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Import Senders" }).click();
    await toast(page, "Failed to load saved sender accounts").waitFor();
  });

  it("wizard step 2: adds manually, refuses duplicates, imports saved senders and sums the limits", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "wizard-senders");
    for (const sender of [
      { email: "ops@acme.test", provider: "outlook", dailyLimit: 80 },
      { email: "sales@acme.test", provider: "gmail", dailyLimit: 40 },
    ]) {
      const res = await page.request.post(`${app.baseUrl}/api/senders`, { data: sender });
      expect(res.status()).toBe(201);
    }

    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { name: "Email Sender Accounts" }).waitFor();
    await page.getByRole("heading", { name: "No Sender Accounts" }).waitFor();
    await page.getByText("Add at least one sender account to send your campaigns").waitFor();

    // Manual add.
    await page.getByRole("button", { name: "Add Your First Account" }).click();
    const form = page.getByRole("form", { name: "Add sender manually" });
    const addButton = form.getByRole("button", { name: "Add", exact: true });
    expect(await form.getByLabel("Email").getAttribute("type")).toBe("email");
    expect(await addButton.isDisabled()).toBe(true);
    await form.getByLabel("Email").fill("Sales@Acme.test");
    expect(await addButton.isDisabled()).toBe(true);
    await choose(page, form, "Provider", "Custom SMTP");
    await form.getByLabel("Daily Limit").fill("501");
    await addButton.click();
    await form.getByText("Daily limit must be between 1 and 500", { exact: true }).waitFor();
    await form.getByLabel("Daily Limit").fill("25");
    await addButton.click();
    const list = page.getByRole("list", { name: "Sender accounts" });
    const row = list.getByRole("listitem").filter({ hasText: "Sales@Acme.test" });
    await row.getByText("Custom SMTP").waitFor();
    await row.getByText("25 emails/day").waitFor();

    // The same address in another case.
    await form.getByLabel("Email").fill("sales@acme.TEST");
    await addButton.click();
    const duplicate = toast(page, "Duplicate Email");
    await duplicate.getByText("This email address is already added as a sender account.").waitFor();
    expect(await list.getByRole("listitem").count()).toBe(1);

    // Import: only the already-added one selected → nothing new.
    await page.getByRole("button", { name: "Import Senders" }).click();
    let dialog = page.getByRole("dialog", { name: "Import Senders" });
    const options = dialog.getByRole("list", { name: "Saved sender accounts" });
    await options.getByText("ops@acme.test").waitFor();
    expect(await dialog.getByRole("button", { name: "Import (0)" }).isDisabled()).toBe(true);
    await dialog.getByRole("checkbox", { name: /sales@acme\.test/ }).click();
    await dialog.getByRole("button", { name: "Import (1)" }).click();
    await toast(page, "No New Accounts").getByText("All selected senders are already added").waitFor();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Import Senders" }).click();
    dialog = page.getByRole("dialog", { name: "Import Senders" });
    await dialog.getByRole("checkbox", { name: /sales@acme\.test/ }).click();
    await dialog.getByRole("checkbox", { name: /ops@acme\.test/ }).click();
    await dialog.getByRole("button", { name: "Import (2)" }).click();
    await toast(page, "Senders Imported").getByText("Successfully imported 1 sender account(s)").waitFor();
    const imported = list.getByRole("listitem").filter({ hasText: "ops@acme.test" });
    await imported.getByText("Outlook").waitFor();
    await imported.getByText("80 emails/day").waitFor();

    await eventually(() => summary(page)).toEqual({
      "Total Accounts": "2",
      "Daily Limit": "105",
      Distribution: "Round-robin",
    });

    await page.getByRole("button", { name: "Remove Sales@Acme.test" }).click();
    await eventually(() => list.getByRole("listitem").count()).toBe(1);
    await eventually(() => summary(page)).toEqual({
      "Total Accounts": "1",
      "Daily Limit": "80",
      Distribution: "Round-robin",
    });
  });

  it("wizard import dialog without saved senders points to the Senders section", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "wizard-empty");
    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Import Senders" }).click();
    const dialog = page.getByRole("dialog", { name: "Import Senders" });
    await dialog.getByText("Add your sender accounts in the Senders section first, then import them here.").waitFor();
    expect(await dialog.getByRole("button", { name: "Import (0)" }).isDisabled()).toBe(true);
    await dialog.getByRole("link", { name: "Go to Senders" }).click();
    await page.waitForURL(`${app.baseUrl}/senders`);
    await page.getByRole("heading", { level: 1, name: "Senders" }).waitFor();
  });

  it.skipIf(!shotsDir)("screenshots: the Senders page, the add dialog and wizard step 2, light and dark", async () => {
    const { page } = browser;
    const dir = shotsDir ?? ".";
    mkdirSync(dir, { recursive: true });
    const shot = async (name: string) => {
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(dir, `${name}.png`) });
    };
    await signedInUser(page, app.baseUrl, "shots");
    const ids: string[] = [];
    for (const data of [
      { email: "anna@northwind.test", provider: "gmail", dailyLimit: 80, smtp: gmail("anna@northwind.test") },
      { email: "sales@northwind.test", provider: "outlook", dailyLimit: 50 },
      {
        email: "outreach@mail.northwind-partners.test",
        provider: "custom",
        dailyLimit: 120,
        smtp: { host: "smtp.northwind.test", port: 587, security: "starttls", username: "outreach", password: "x" },
        imap: { host: "imap.northwind.test", port: 993 },
      },
    ]) {
      const res = await page.request.post(`${app.baseUrl}/api/senders`, { data });
      ids.push(((await res.json()) as { id: string }).id);
    }
    // One sender has sent mail, so both groups show.
    const [user] = await app.database.db.query.user.findMany({
      limit: 1,
      orderBy: (u, { desc }) => [desc(u.createdAt)],
    });
    await app.database.db.insert(emailSends).values(
      [1, 2, 3].map(() => ({
        userId: user?.id ?? "",
        senderAccountId: ids[0],
        toEmail: "lead@example.com",
        fromEmail: "anna@northwind.test",
        subject: "Hello",
        body: "Hi",
        status: "sent" as const,
        sentAt: new Date(),
      })),
    );

    for (const scheme of ["light", "dark"] as const) {
      await page
        .getByRole("complementary")
        .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
        .click();
      await openSenders(page, app.baseUrl);
      await page.getByRole("list", { name: "Active Senders" }).waitFor();
      await shot(`senders-${scheme}`);
      await page.getByRole("button", { name: "Add Sender" }).click();
      await page.getByRole("dialog", { name: "Add Sender Account" }).getByLabel("Email", { exact: true }).fill("x");
      await page.getByRole("dialog").getByRole("button", { name: "Add Sender" }).click();
      await shot(`senders-add-dialog-${scheme}`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Edit anna@northwind.test" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Test connection" }).click();
      await page
        .getByRole("dialog")
        .getByText(/Could not connect|Server not found|Sign-in failed|Connection failed/)
        .waitFor({ timeout: 30_000 });
      await shot(`senders-edit-dialog-${scheme}`);
      await page.keyboard.press("Escape");

      // The draft (and its step) is kept in the browser between the two rounds.
      await page.goto(`${app.baseUrl}/campaigns/create`);
      await page
        .getByRole("list", { name: "Steps" })
        .getByRole("button", { name: /Sender Accounts/ })
        .click();
      if (scheme === "light") {
        await page.getByRole("button", { name: "Import Senders" }).click();
        await page.getByRole("dialog").getByRole("checkbox", { name: /anna@/ }).click();
        await shot("wizard-import-light");
        await page
          .getByRole("dialog")
          .getByRole("button", { name: /^Import \(/ })
          .click();
        await page.getByRole("button", { name: "Add Manually" }).click();
      }
      await shot(`wizard-senders-${scheme}`);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await openSenders(page, app.baseUrl);
    await page.getByRole("list", { name: "Active Senders" }).waitFor();
    await shot("senders-phone-dark");
  });
});

function gmail(email: string) {
  return { host: "smtp.gmail.com", port: 465, security: "tls", username: email, password: "app-password" };
}
