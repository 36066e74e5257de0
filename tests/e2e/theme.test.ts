// Theme (docs/product.md §2.6): signed out it follows the system preference; signed
// in the user's stored choice (light, dark or auto) decides, and auto follows
// the system and reacts to its changes.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { createVerifiedUser, signInThroughForm } from "./support/users.ts";

async function isDark(page: Page): Promise<boolean> {
  const classes = (await page.locator("html").getAttribute("class")) ?? "";
  return classes.split(/\s+/).includes("dark");
}

/**
 * Records every state of <html>'s dark class from the first script on, into
 * window.themeStates. A string: these tests are typechecked without DOM types.
 */
const recordThemeStates = `(() => {
  const states = (window.themeStates = []);
  const record = () => {
    const dark = document.documentElement?.classList.contains("dark") ?? false;
    if (states.at(-1) !== dark) states.push(dark);
  };
  // Init scripts run before <html> exists: watch the whole document.
  new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  document.addEventListener("DOMContentLoaded", record);
})();`;

type ThemeLabel = "Light" | "Dark" | "Auto";

/** The side menu's theme radio (for its state). */
function themeChoice(page: Page, label: ThemeLabel) {
  return page.getByRole("complementary").getByRole("radio", { name: label, exact: true });
}

/** Clicks the visible icon of a theme choice, as a person does (the radio itself is visually hidden). */
function chooseTheme(page: Page, label: ThemeLabel) {
  return page.getByRole("complementary").getByTitle(label, { exact: true }).click();
}

describeJourneys("theme", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("follows the system preference on /auth when signed out", async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    await eventually(() => isDark(page)).toBe(true);

    await page.emulateMedia({ colorScheme: "light" });
    await eventually(() => isDark(page)).toBe(false);

    await page.reload();
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    expect(await isDark(page)).toBe(false);
  });

  it("keeps a chosen dark theme for the user, across reloads and devices", async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: "light" });
    const user = await createVerifiedUser(app.baseUrl, "dark");
    await signInThroughForm(page, app.baseUrl, user);
    expect(await isDark(page)).toBe(false);

    await chooseTheme(page, "Dark");
    await eventually(() => isDark(page)).toBe(true);
    expect(await themeChoice(page, "Dark").isChecked()).toBe(true);

    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await eventually(() => themeChoice(page, "Dark").isChecked()).toBe(true);
    expect(await isDark(page)).toBe(true);

    // Another browser (no local cache) gets the theme from the user's settings.
    const other = await (await browser.newContext({ colorScheme: "light" })).newPage();
    await signInThroughForm(other, app.baseUrl, user);
    await eventually(() => isDark(other)).toBe(true);

    await page.goto(`${app.baseUrl}/settings`);
    await eventually(() => page.getByRole("combobox", { name: "Theme mode" }).textContent()).toBe("Dark");
  });

  it("follows the system while Auto is chosen, without a reload", async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: "light" });
    const user = await createVerifiedUser(app.baseUrl, "auto");
    await signInThroughForm(page, app.baseUrl, user);

    await chooseTheme(page, "Auto");
    await eventually(() => themeChoice(page, "Auto").isChecked()).toBe(true);
    await eventually(() => isDark(page)).toBe(false);

    await page.emulateMedia({ colorScheme: "dark" });
    await eventually(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await eventually(() => isDark(page)).toBe(false);

    // Light is a fixed choice: the system no longer matters.
    await chooseTheme(page, "Light");
    await eventually(() => themeChoice(page, "Light").isChecked()).toBe(true);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForTimeout(200);
    expect(await isDark(page)).toBe(false);

    await chooseTheme(page, "Auto");
    await eventually(() => isDark(page)).toBe(true);
    await page.goto(`${app.baseUrl}/settings`);
    await eventually(() => page.getByRole("combobox", { name: "Theme mode" }).textContent()).toBe(
      "Auto (follow system)",
    );
  });

  it("does not flash the system theme while a stored dark theme reloads", async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: "light" });
    const user = await createVerifiedUser(app.baseUrl, "flash");
    await signInThroughForm(page, app.baseUrl, user);
    await chooseTheme(page, "Dark");
    await eventually(() => isDark(page)).toBe(true);

    await page.addInitScript({ content: recordThemeStates });
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await eventually(() => themeChoice(page, "Dark").isChecked()).toBe(true);
    const states = (await page.evaluate("window.themeStates")) as boolean[];
    // <html> exists (without the class) a moment before index.html's /theme.js runs, before
    // any paint; from the moment the class is applied it must stay.
    const afterFirstDark = states.slice(states.indexOf(true));
    expect(afterFirstDark, `dark class states during the reload, false = light shown: ${states}`).toEqual([true]);
  });
});
