// Route-level code splitting (issue 15): every screen is its own chunk, the
// sign-in page never fetches the signed-in app, a loading state shows while a
// chunk arrives, and a chunk that cannot be fetched (a deploy replaced it)
// shows an error with Retry that recovers. Chunk names come from the build
// manifest, so the test follows the build.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
import { createVerifiedUser, type TestUser } from "./support/users.ts";

type Manifest = Record<string, { file: string }>;

function chunkOf(module: string): string {
  const manifestPath = join(import.meta.dirname, "../../dist/web/.vite/manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const chunk = manifest[module];
  if (!chunk) throw new Error(`${module} is not in the build manifest`);
  return `/${chunk.file}`;
}

/** The paths of every request the page makes. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** Fills and submits the sign-in form, without waiting for the dashboard (which may fail to load here). */
async function submitSignIn(page: Page, user: TestUser): Promise<void> {
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password").fill(user.password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

const chunkMissing = /Failed to load resource: the server responded with a status of 404/;

describeJourneys("code splitting", () => {
  const browser = useBrowser();
  let app: AppServer;
  let dashboardChunk: string;
  let shellChunk: string;
  let authChunk: string;

  beforeAll(async () => {
    app = await startAppServer();
    dashboardChunk = chunkOf("features/dashboard/dashboard-page.tsx");
    shellChunk = chunkOf("features/shell/app-shell.tsx");
    authChunk = chunkOf("features/auth/auth-page.tsx");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("loads the sign-in page without the signed-in app, and the dashboard's chunk once signed in", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "split");
    const requests = recordRequests(page);

    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    // Everything the page asks for on its own (session check, theme) has arrived.
    await page.waitForLoadState("networkidle");
    expect(requests).toContain(authChunk);
    expect(requests).not.toContain(dashboardChunk);
    expect(requests).not.toContain(shellChunk);

    await submitSignIn(page, user);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(requests).toContain(shellChunk);
    expect(requests).toContain(dashboardChunk);
  });

  it("shows a loading state while a screen's chunk arrives", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "slow");
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let requested: () => void = () => undefined;
    const chunkRequested = new Promise<void>((resolve) => {
      requested = resolve;
    });
    await page.route(`**${dashboardChunk}`, async (route) => {
      requested();
      await released;
      await route.continue();
    });

    await page.goto(`${app.baseUrl}/auth`);
    await submitSignIn(page, user);
    await chunkRequested;
    await page.getByRole("status").filter({ hasText: "Loading..." }).first().waitFor();
    expect(await page.getByRole("heading", { level: 1, name: "Dashboard" }).count()).toBe(0);

    release();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Loading..." }).count()).toBe(0);
  });

  it("shows an error with Retry when a screen's chunk cannot be fetched, inside the shell, and Retry recovers", async () => {
    const { page } = browser;
    browser.allowConsoleError(chunkMissing, "the dashboard's chunk is made to 404, as after a deploy");
    const user = await createVerifiedUser(app.baseUrl, "gone");
    await page.route(`**${dashboardChunk}`, (route) => route.fulfill({ status: 404, body: "Not Found" }));

    await page.goto(`${app.baseUrl}/auth`);
    await submitSignIn(page, user);
    const error = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
    await error.waitFor();
    // Only the screen failed: the side menu is still there.
    await page.getByRole("complementary").getByRole("link", { name: "Coldreach" }).waitFor();
    expect(await page.getByRole("heading", { level: 1, name: "Dashboard" }).count()).toBe(0);

    await page.unroute(`**${dashboardChunk}`);
    await error.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(await error.count()).toBe(0);
  });

  it("shows the error with Retry when the first page's own chunk cannot be fetched", async () => {
    const { page } = browser;
    browser.allowConsoleError(chunkMissing, "the sign-in page's chunk is made to 404, as after a deploy");
    await page.route(`**${authChunk}`, (route) => route.fulfill({ status: 404, body: "Not Found" }));

    await page.goto(`${app.baseUrl}/auth`);
    const error = page.getByRole("alert").filter({ hasText: "This page could not be loaded" });
    await error.waitFor();
    expect(await page.getByRole("tab", { name: "Sign In" }).count()).toBe(0);

    await page.unroute(`**${authChunk}`);
    await error.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    expect(await error.count()).toBe(0);
  });
});
