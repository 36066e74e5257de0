// Gmail connect (docs/product.md §17.4):
// from a sender's panel, Connect goes to Google's consent (the local stand-in,
// which sends the browser straight back), /gmail-callback finishes the
// connection, and Disconnect asks first, then revokes. The return page's
// errors: Google's error parameter, missing or unreadable parameters, the
// server's refusal. And the panel of a server without Google credentials.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createSecretBox } from "../../src/server/crypto/secret-box.ts";
import { secretPurposes } from "../../src/server/crypto/secret-purposes.ts";
import { senderAccounts } from "../../src/server/db/schema/senders.ts";
import { type FakeGoogle, startFakeGoogle } from "../support/fake-google.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

// Screenshots for a visual review only when asked:
//   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/gmail-connect.test.ts
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/gmail-${name}.png` });
};

const E2E_APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456";

/** A saved Gmail sender, added through the API with the page's session. */
async function addGmailSender(page: Page, baseUrl: string, email: string): Promise<string> {
  const res = await page.request.post(`${baseUrl}/api/senders`, {
    headers: { origin: baseUrl },
    data: { email, provider: "gmail", dailyLimit: 50 },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The sender's card on /senders with its Gmail Sync panel open. */
async function openGmailSync(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/senders`);
  const card = page.getByRole("listitem", { name: email });
  await card.getByRole("button", { name: `Gmail Sync of ${email}` }).click();
  return card;
}

describeJourneys("gmail connect", () => {
  const browser = useBrowser();
  let google: FakeGoogle;
  let app: AppServer;

  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await startAppServer(google.env());
  });
  afterAll(async () => {
    await app?.close();
    await google?.close();
  });
  beforeEach(() => {
    google.consentError = undefined;
    google.omitRefreshToken = false;
  });

  it("connects a sender's Gmail through Google's consent, then disconnects it after confirmation", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "gmail");
    const senderId = await addGmailSender(page, app.baseUrl, "jane@gmail.test");

    let card = await openGmailSync(page, app.baseUrl, "jane@gmail.test");
    await card.getByText("Not connected", { exact: true }).waitFor();
    await shot(page, "panel-not-connected");
    await card.getByRole("button", { name: "Connect Gmail sync of jane@gmail.test" }).click();

    // Google's consent (the stand-in) sends the browser back with a code and the state.
    await page
      .getByRole("main")
      .getByText("Gmail sync has been successfully enabled for jane@gmail.test", { exact: true })
      .waitFor();
    const enabled = toast(page, "Gmail Sync Enabled");
    await enabled.waitFor();
    expect(await enabled.getAttribute("data-type")).toBe("success");
    await shot(page, "callback-success");
    expect(google.authorizeRequests.at(-1)?.get("login_hint")).toBe("jane@gmail.test");
    // The single-use code does not stay in the address bar.
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByRole("link", { name: "Go to Settings" }).getAttribute("href")).toBe("/settings");
    await page.getByRole("button", { name: "Close Window" }).waitFor();

    const [row] = await app.database.db.select().from(senderAccounts).where(eq(senderAccounts.id, senderId));
    expect(row?.gmailSyncEnabled).toBe(true);
    const refreshToken = createSecretBox(E2E_APP_SECRET).decrypt(
      row?.gmailRefreshTokenEncrypted ?? "",
      secretPurposes.gmailRefreshToken,
    );
    expect(google.isRevoked(refreshToken)).toBe(false);

    // Back on the panel: connected; Disconnect asks first.
    card = await openGmailSync(page, app.baseUrl, "jane@gmail.test");
    await card.getByText("Connected", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Disconnect Gmail sync of jane@gmail.test" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect Gmail sync?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(google.revokeRequests).not.toContain(refreshToken);

    await card.getByRole("button", { name: "Disconnect Gmail sync of jane@gmail.test" }).click();
    await shot(page, "disconnect-confirm");
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    const disconnected = toast(page, "Gmail Sync Disconnected");
    await disconnected.waitFor();
    expect(await disconnected.getAttribute("data-type")).toBe("success");
    await card.getByText("Not connected", { exact: true }).waitFor();
    expect(google.isRevoked(refreshToken)).toBe(true);
    const [after] = await app.database.db.select().from(senderAccounts).where(eq(senderAccounts.id, senderId));
    expect(after).toMatchObject({ gmailSyncEnabled: false, gmailRefreshTokenEncrypted: null });
  });

  it("the return page says what went wrong: Google's error, missing or unreadable parameters, the server's refusal", async () => {
    const { page } = browser;
    browser.allowConsoleError(
      /\/api\/senders\/gmail\/token-exchange: .*status of 400/,
      "Google gives no refresh token on purpose",
    );
    await signedInUser(page, app.baseUrl, "gmail-errors");
    await addGmailSender(page, app.baseUrl, "sam@gmail.test");

    // The user refuses on Google's consent screen.
    google.consentError = "access_denied";
    let card = await openGmailSync(page, app.baseUrl, "sam@gmail.test");
    await card.getByRole("button", { name: "Connect Gmail sync of sam@gmail.test" }).click();
    await page.getByRole("main").getByText("Gmail authorization failed: access_denied", { exact: true }).waitFor();
    const failed = toast(page, "Gmail Sync Failed");
    await failed.waitFor();
    await shot(page, "callback-error");
    expect(await failed.getAttribute("data-type")).toBe("error");

    // Close Window: a tab the app did not open cannot close itself, so it goes back to the senders.
    await page.getByRole("button", { name: "Close Window" }).click();
    await page.waitForURL(`${app.baseUrl}/senders`);

    await page.goto(`${app.baseUrl}/gmail-callback?code=4%2Fabc`);
    await page.getByRole("main").getByText("Missing authorization code or state parameter", { exact: true }).waitFor();
    await page.goto(`${app.baseUrl}/gmail-callback?code=4%2Fabc&state=not-json`);
    await page.getByRole("main").getByText("Invalid state parameter", { exact: true }).waitFor();

    // Google answers without a refresh token: the server's message.
    google.consentError = undefined;
    google.omitRefreshToken = true;
    card = await openGmailSync(page, app.baseUrl, "sam@gmail.test");
    await card.getByRole("button", { name: "Connect Gmail sync of sam@gmail.test" }).click();
    await page
      .getByRole("main")
      .getByText("No refresh token returned by Google. Please try again and ensure you grant consent.", {
        exact: true,
      })
      .waitFor();
    card = await openGmailSync(page, app.baseUrl, "sam@gmail.test");
    await card.getByText("Not connected", { exact: true }).waitFor();
  });

  it("without Google credentials the panel says what to set, and Connect is off", async () => {
    const bare = await startAppServer();
    try {
      const { page } = browser;
      await signedInUser(page, bare.baseUrl, "gmail-bare");
      await addGmailSender(page, bare.baseUrl, "kim@gmail.test");
      const card = await openGmailSync(page, bare.baseUrl, "kim@gmail.test");
      await card
        .getByText("Gmail sync is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.", {
          exact: false,
        })
        .waitFor();
      await card.getByText(`${bare.baseUrl}/gmail-callback`, { exact: true }).waitFor();
      expect(await card.getByRole("button", { name: "Connect Gmail sync of kim@gmail.test" }).isDisabled()).toBe(true);
      await shot(page, "panel-not-configured");
    } finally {
      await bare.close();
    }
  });
});
