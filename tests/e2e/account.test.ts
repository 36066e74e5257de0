// Getting back into an account and keeping it (issue 27 §1), as a person
// would: Forgot password on /auth → the mail in the capture outbox → the
// reset page → the new password signs in and the old sessions are gone; and
// Settings › Account: change password signs out a second browser, 'Sign out'
// ends another session. The messages are the README's (auth section).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accountMessages } from "../../src/shared/account/account-messages.ts";
import { passwordMessages } from "../../src/shared/auth/password-rule.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { createVerifiedUser, latestMessageTo, signInThroughApi, type TestUser } from "./support/users.ts";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describeJourneys("account recovery and sessions", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Another browser (its own cookies), signed in as the user on the dashboard. */
  async function otherBrowser(user: TestUser, userAgent: string): Promise<Page> {
    const context: BrowserContext = await browser.newContext({ userAgent });
    const page = await context.newPage();
    await signInThroughApi(page, app.baseUrl, user);
    return page;
  }

  /** The page after a reload: signed out lands on /auth. */
  async function expectSignedOut(page: Page) {
    await page.reload();
    await page.waitForURL(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
  }

  async function signInWithForm(page: Page, email: string, password: string) {
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Sign In" }).click();
  }

  it("forgot password: the same answer for any address, the mail in the outbox, a new password that signs in, every old session ended, the link used", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/auth\/sign-in\/email: .*status of 401/, "the old password is refused on purpose");
    const user = await createVerifiedUser(app.baseUrl, "forgot");
    const laptop = await otherBrowser(user, FIREFOX_LINUX);

    await page.goto(`${app.baseUrl}/auth`);
    const panel = page.getByRole("tabpanel", { name: "Sign In" });
    // An address without an account gets the same answer.
    await panel.getByRole("button", { name: "Forgot password?" }).click();
    await panel.getByRole("button", { name: "Send reset link" }).click();
    await panel.getByText("Enter your email address.").waitFor();
    await panel.getByLabel("Email").fill("nobody-here@example.com");
    await panel.getByRole("button", { name: "Send reset link" }).click();
    await panel.getByRole("status").filter({ hasText: accountMessages.resetRequested }).waitFor();
    await panel.getByRole("button", { name: "Back to sign in" }).click();
    await panel.getByRole("button", { name: "Forgot password?" }).click();
    await panel.getByLabel("Email").fill(user.email);
    await panel.getByRole("button", { name: "Send reset link" }).click();
    await panel.getByRole("status").filter({ hasText: accountMessages.resetRequested }).waitFor();

    // The mail, in the local outbox.
    await page.getByRole("link", { name: "local outbox" }).click();
    await page.waitForURL(`${app.baseUrl}/outbox`);
    const messages = page.getByRole("list", { name: "Captured messages" }).getByRole("link");
    await eventually(async () => (await messages.first().textContent()) ?? "").toContain(
      "Reset your Coldreach password",
    );
    expect(await messages.first().textContent()).toContain(`To: ${user.email}`);
    const mailed = (await latestMessageTo(app.baseUrl, user.email)).text?.match(/https?:\/\/\S+reset-password\S+/)?.[0];
    expect(mailed).toBeDefined();
    await messages.first().click();
    const message = page.frameLocator('iframe[title="Message: Reset your Coldreach password"]');
    await message.getByRole("link", { name: "Choose a new password" }).click();

    // The reset page: the sign-up rule, the same messages.
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(passwordMessages.tooShort).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-passphrase");
    await page.getByLabel("Confirm new password").fill("a-brand-new-passphrase-typo");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(passwordMessages.mismatch).waitFor();
    await page.getByLabel("Confirm new password").fill("a-brand-new-passphrase");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByRole("status").filter({ hasText: accountMessages.resetDone }).waitFor();

    // The other browser's session ended.
    await expectSignedOut(laptop);

    // The old password no longer signs in; the new one does.
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(`${app.baseUrl}/auth`);
    await signInWithForm(page, user.email, user.password);
    await toast(page, "Login Error").waitFor();
    await signInWithForm(page, user.email, "a-brand-new-passphrase");
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();

    // The link works once: opened again, it says so and offers a new one.
    await laptop.goto(mailed ?? "");
    await laptop.waitForURL(/\/reset-password\?error=INVALID_TOKEN/);
    await laptop.getByRole("alert").filter({ hasText: accountMessages.resetLinkInvalid }).waitFor();
    await laptop.getByRole("link", { name: "Ask for a new link" }).click();
    await laptop.waitForURL(`${app.baseUrl}/auth?forgot=1`);
    await laptop.getByRole("button", { name: "Send reset link" }).waitFor();
  }, 120_000);

  it("Settings › Account: 'Sign out' ends another session; change password signs out the other browsers and keeps this one", async () => {
    const { page } = browser;
    browser.allowConsoleError(
      /\/api\/auth\/change-password: .*status of 400/,
      "a wrong current password is refused on purpose",
    );
    const user = await createVerifiedUser(app.baseUrl, "account");
    await signInThroughApi(page, app.baseUrl, user);
    const laptop = await otherBrowser(user, FIREFOX_LINUX);
    const phone = await otherBrowser(user, SAFARI_IPHONE);

    await page.goto(`${app.baseUrl}/settings`);
    const account = page.getByRole("region", { name: "Account" });
    const sessions = account.getByRole("list", { name: "Signed-in sessions" });
    // Four: the confirmation link signed in too (createVerifiedUser follows it outside the browser).
    await eventually(() => sessions.getByRole("listitem").count()).toBe(4);
    await sessions.getByRole("listitem").first().getByText("This device").waitFor();
    const laptopRow = sessions.getByRole("listitem", { name: "Firefox 133 on Linux" });
    await laptopRow.getByText(/Last seen/).waitFor();

    // 'Sign out' of the laptop.
    await laptopRow.getByRole("button", { name: /^Sign out Firefox 133 on Linux/ }).click();
    await toast(page, accountMessages.sessionSignedOut).waitFor();
    await eventually(() => sessions.getByRole("listitem").count()).toBe(3);
    await expectSignedOut(laptop);

    // Change password: field-level messages first.
    await account.getByRole("button", { name: "Change password" }).click();
    await account.getByText(accountMessages.currentPasswordRequired).waitFor();
    await account.getByText(passwordMessages.required).waitFor();
    await account.getByLabel("Current password").fill("not-my-password");
    await account.getByLabel("New password", { exact: true }).fill("changed-passphrase-1");
    await account.getByLabel("Confirm new password").fill("changed-passphrase-1");
    await account.getByRole("button", { name: "Change password" }).click();
    await account.getByText(accountMessages.currentPasswordWrong).waitFor();
    expect(await account.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");

    await account.getByLabel("Current password").fill(user.password);
    await account.getByRole("button", { name: "Change password" }).click();
    await toast(page, accountMessages.passwordChanged).waitFor();
    // The phone is signed out; this browser stays signed in (its new cookie), alone in the list.
    await expectSignedOut(phone);
    await eventually(() => sessions.getByRole("listitem").count()).toBe(1);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    await eventually(() => sessions.getByRole("listitem").count()).toBe(1);
    await sessions.getByText("This device").waitFor();
    await account.getByText("You are not signed in anywhere else.").waitFor();
  }, 120_000);

  it("'Sign out everywhere else' ends every other session", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "everywhere");
    await signInThroughApi(page, app.baseUrl, user);
    const others = [await otherBrowser(user, FIREFOX_LINUX), await otherBrowser(user, SAFARI_IPHONE)];
    await page.goto(`${app.baseUrl}/settings`);
    const account = page.getByRole("region", { name: "Account" });
    const sessions = account.getByRole("list", { name: "Signed-in sessions" });
    // With the confirmation link's session (createVerifiedUser).
    await eventually(() => sessions.getByRole("listitem").count()).toBe(4);
    await account.getByRole("button", { name: "Sign out everywhere else" }).click();
    await toast(page, accountMessages.othersSignedOut).waitFor();
    await eventually(() => sessions.getByRole("listitem").count()).toBe(1);
    for (const other of others) await expectSignedOut(other);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  }, 120_000);
});
