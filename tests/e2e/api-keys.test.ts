// Settings › API keys as a person uses them (docs/product.md §21): sign
// in, create a key with a name and an access level, copy it from the dialog
// that shows it once, call the API with it from outside the browser (Node's
// fetch, Bearer header, no cookie), see its last use in the list, revoke it
// (asked first), and the same call is refused.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

/** With E2E_SCREENSHOTS_DIR set, the journey also saves the section at three widths for a visual check. */
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;
async function shots(page: Page, name: string, part?: Locator) {
  if (!shotsDir) return;
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${shotsDir}/api-keys-${name}-${width}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeJourneys("API keys", () => {
  const browser = useBrowser({ permissions: ["clipboard-read", "clipboard-write"] });
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  const listCampaigns = (key: string) =>
    fetch(`${app.baseUrl}/api/campaigns`, { headers: { authorization: `Bearer ${key}` } });

  it("creates a key, copies it once, uses it from outside the browser, revokes it and the key is refused", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "api-keys");
    await page.goto(`${app.baseUrl}/settings`);
    const section = page.getByRole("region", { name: "API keys" });
    await section.getByText("No API keys yet", { exact: false }).waitFor();

    // The name is required.
    await section.getByRole("button", { name: "Create key" }).click();
    await section.getByText("Enter a name for the key").waitFor();

    await section.getByLabel("Key name").fill("CRM sync");
    await section.getByLabel("Read & write").check();
    await section.getByRole("button", { name: "Create key" }).click();

    const dialog = page.getByRole("dialog", { name: "Your new API key" });
    await dialog.getByText("you will not see it again", { exact: false }).waitFor();
    const shown = await dialog.getByLabel("API key").inputValue();
    expect(shown).toMatch(/^crk_live_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole("button", { name: "Copy" }).click();
    await dialog.getByRole("status").getByText("The key is on your clipboard.").waitFor();
    const key = String(await page.evaluate("navigator.clipboard.readText()"));
    expect(key).toBe(shown);
    await shots(page, "created");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "detached" });

    // The list: the key by its prefix only, never used yet.
    const row = section.getByRole("listitem", { name: "CRM sync" });
    await row.getByText("Read & write").waitFor();
    await row.getByText(`${key.slice(0, 13)}…`).waitFor();
    await row.getByText("Last used Never", { exact: false }).waitFor();
    expect(await section.textContent()).not.toContain(key.slice(13));

    // From outside the browser: Node's fetch, the Bearer header, no cookie.
    const res = await listCampaigns(key);
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty("campaigns");
    await page.reload();
    await eventually(
      async () => (await section.getByRole("listitem", { name: "CRM sync" }).textContent()) ?? "",
    ).not.toContain("Last used Never");
    await shots(page, "list", section);

    // Revoke, asked first; the same call is refused at once.
    await section.getByRole("button", { name: "Revoke CRM sync" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke “CRM sync”?" });
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await toast(page, "API key revoked").waitFor();
    await section.getByText("No API keys yet", { exact: false }).waitFor();
    const refused = await listCampaigns(key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
  });

  it("a read-only key reads and is refused on writes", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "api-keys-ro");
    await page.goto(`${app.baseUrl}/settings`);
    const section = page.getByRole("region", { name: "API keys" });
    await section.getByLabel("Key name").fill("Reporting");
    // Read-only is the default.
    expect(await section.getByLabel("Read-only").isChecked()).toBe(true);
    await section.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog", { name: "Your new API key" });
    const key = await dialog.getByLabel("API key").inputValue();
    await page.keyboard.press("Escape");
    await section.getByRole("listitem", { name: "Reporting" }).getByText("Read-only").waitFor();

    expect((await listCampaigns(key)).status).toBe(200);
    const write = await fetch(`${app.baseUrl}/api/templates`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Nope", description: "", tags: [], sequence: [] }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ error: { code: "forbidden", message: "This API key is read-only" } });
  });
  it("says when the list could not be loaded, and Try again loads it", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/api-keys: .*status of 500/, "the journey makes the list answer 500 on purpose");
    await signedInUser(page, app.baseUrl, "api-keys-fail");
    let failing = true;
    await page.route("**/api/api-keys", (route) =>
      failing && route.request().method() === "GET"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "internal_error", message: "Something went wrong" } }),
          })
        : route.fallback(),
    );
    await page.goto(`${app.baseUrl}/settings`);
    const section = page.getByRole("region", { name: "API keys" });
    const alert = section.getByRole("alert").filter({ hasText: "Failed to load your API keys." });
    await alert.waitFor();
    failing = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await section.getByText("No API keys yet", { exact: false }).waitFor();
    await alert.waitFor({ state: "detached" });
  });
});
