// Screenshots for a visual review, light and dark: the sign-in page, the shell
// with the settings page, and a message in the outbox. Runs only when asked:
//   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/screenshots.test.ts
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { createVerifiedUser, newUser, signInThroughForm, signUpThroughApi } from "./support/users.ts";

const dir = process.env.E2E_SCREENSHOTS_DIR;
const schemes = ["light", "dark"] as const;

async function shot(page: Page, name: string) {
  // Let transitions and toasts settle.
  await page.waitForTimeout(400);
  // Viewport shots: a full-page capture misplaces the sticky side menu and save bar.
  await page.screenshot({ path: join(dir ?? ".", `${name}.png`) });
}

describeJourneys("screenshots for review", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    if (dir) mkdirSync(dir, { recursive: true });
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it.skipIf(!dir)("auth page, settings in the shell and an outbox message, light and dark", async () => {
    const { page } = browser;
    await signUpThroughApi(app.baseUrl, newUser("shots"));

    for (const scheme of schemes) {
      // Signed out, the app follows the system preference.
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${app.baseUrl}/auth`);
      await page.getByRole("tab", { name: "Sign In" }).waitFor();
      await shot(page, `auth-${scheme}`);

      await page.goto(`${app.baseUrl}/outbox`);
      await page.getByRole("list", { name: "Captured messages" }).getByRole("link").first().click();
      await page.frameLocator("iframe").getByRole("link", { name: "Confirm email address" }).waitFor();
      await shot(page, `outbox-message-${scheme}`);
    }

    await page.emulateMedia({ colorScheme: "light" });
    const user = await createVerifiedUser(app.baseUrl, "shots");
    await signInThroughForm(page, app.baseUrl, user);
    await shot(page, "dashboard-light");
    // Tall enough for the whole settings form.
    await page.setViewportSize({ width: 1280, height: 2150 });
    for (const scheme of schemes) {
      await page
        .getByRole("complementary")
        .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
        .click();
      await page.goto(`${app.baseUrl}/settings`);
      await eventually(() => page.getByLabel("Daily send limit").inputValue()).toBe("50");
      await page.getByRole("switch", { name: "Campaign notifications" }).click();
      await shot(page, `settings-${scheme}`);
      await page.reload();
    }

    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: "light" })
    ).newPage();
    await signInThroughForm(phone, app.baseUrl, user);
    await phone.goto(`${app.baseUrl}/settings`);
    await eventually(() => phone.getByLabel("Daily send limit").inputValue()).toBe("50");
    await shot(phone, "settings-phone-dark");
    await phone.getByRole("button", { name: "Open menu" }).click();
    await shot(phone, "menu-phone-dark");
  });
});
