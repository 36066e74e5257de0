// The JS a first visit downloads (issue 28 §5): every script a fresh browser
// (empty cache) requests until the page is idle, gzipped as the server sends
// it, within the budget. The manifest-based budget
// (tests/budget/bundle-budget.test.ts) counts only the first load and misses
// what the page imports right after its first paint (the Toaster and sonner,
// the booking form's check); this counts what the browser really fetches.
// A size is deterministic, so this is a test, not a timing.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
import { createVerifiedUser } from "./support/users.ts";

const distDir = join(import.meta.dirname, "../../dist/web");
const KB = 1024;

/** The targets: JS gzipped, counting what loads after the first paint. */
const budget = { "/auth": 120 * KB, "the booking page": 120 * KB, "the dashboard": 170 * KB } as const;

/** The paths of every script the page requests, from now on. */
function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) scripts.add(path);
  });
  return scripts;
}

/** The scripts' gzipped size: the build's files compressed as the server's gzip copies are. */
function gzippedSize(scripts: Set<string>): number {
  let total = 0;
  for (const path of scripts) total += gzipSync(readFileSync(join(distDir, path))).length;
  return total;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Waits until nothing more loads (the lazy imports after first paint included), then checks the budget. */
async function expectWithinBudget(page: Page, scripts: Set<string>, what: keyof typeof budget) {
  await page.waitForLoadState("networkidle");
  const size = gzippedSize(scripts);
  console.log(`first visit of ${what}: ${scripts.size} scripts, ${kb(size)} gzipped (budget ${kb(budget[what])})`);
  expect(size, `${what} downloads ${kb(size)} of JS on a first visit, budget ${kb(budget[what])}`).toBeLessThanOrEqual(
    budget[what],
  );
}

describeJourneys("first-visit JS", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("keeps /auth within its budget, counting what loads after the first paint", async () => {
    const { page } = browser;
    const scripts = recordScripts(page);
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    await expectWithinBudget(page, scripts, "/auth");
  });

  it("keeps the booking page within its budget, counting what loads after the first paint", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "first-visit-booking");
    // The link is made in another context, so the visitor's page starts with an empty cache and no session.
    const owner = await browser.newContext();
    const signIn = await owner.request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
      headers: { origin: app.baseUrl },
      data: { email: user.email, password: user.password },
    });
    expect(signIn.ok()).toBe(true);
    const created = await owner.request.post(`${app.baseUrl}/api/scheduling-links`, {
      data: {
        title: "Demo call",
        description: "",
        durationMinutes: 30,
        availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        availableTimeStart: "00:00",
        availableTimeEnd: "23:45",
        timezone: "UTC",
      },
    });
    expect(created.status()).toBe(201);
    const { linkCode } = (await created.json()) as { linkCode: string };

    const scripts = recordScripts(page);
    await page.goto(`${app.baseUrl}/schedule/${linkCode}`);
    await page.getByRole("heading", { name: "Demo call" }).first().waitFor();
    await expectWithinBudget(page, scripts, "the booking page");
  });

  it("keeps the dashboard within its budget, counting what loads after the first paint", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "first-visit-dashboard");
    // The session cookie from the API: no page of the app has loaded in this context, so the cache is cold.
    const signIn = await page.context().request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
      headers: { origin: app.baseUrl },
      data: { email: user.email, password: user.password },
    });
    expect(signIn.ok()).toBe(true);
    const scripts = recordScripts(page);
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await expectWithinBudget(page, scripts, "the dashboard");
  });
});
