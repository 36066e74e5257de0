// One Chromium per test file, a fresh context and page per test. A test fails
// on any console error or uncaught page error it did not allow explicitly: an
// error nobody asserted on is a bug hiding in the browser's console.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from "vitest";
import { browserRequired, chromiumArgs, chromiumPath, missingBrowserReason } from "./chromium.ts";

const missing = missingBrowserReason();

/**
 * `describe` for browser journeys: skipped when there is no Chromium (the
 * global setup prints why), unless REQUIRE_BROWSER=1, where the launch fails.
 */
export const describeJourneys = describe.skipIf(missing !== undefined && !browserRequired);

/** Playwright's own waits (locator.waitFor, page.waitForURL, clicks) give up after this. */
export const WAIT_MS = 10_000;

/** expect.poll with a timeout that suits a browser (vitest's default is 1 s). */
export function eventually<T>(read: () => T | Promise<T>, message?: string) {
  return expect.poll(read, { timeout: WAIT_MS, interval: 50, message });
}

/** `extraArgs`: flags a journey needs besides chromiumArgs (a host resolver rule for a name of its own). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (missing) throw new Error(`Browser journeys cannot run: ${missing}. Install chromium or set CHROMIUM_PATH.`);
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  });
}

type AllowedError = { pattern: RegExp; reason: string };

export type BrowserSession = {
  /** The page of the current test (fresh context: no cookies, no storage). */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Another isolated context in the same test (a second device); closed after the test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * Lets console errors matching `pattern` through for the current test only.
   * `reason` says why the error is expected; it appears if the test fails.
   */
  allowConsoleError(pattern: RegExp, reason: string): void;
};

/**
 * Registers the hooks of a browser test file and returns the per-test session.
 * Call it once inside `describeJourneys`.
 */
export function useBrowser(
  contextOptions: BrowserContextOptions = {},
  launch: { args?: readonly string[] } = {},
): BrowserSession {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let page: Page | undefined;
  let problems: string[] = [];
  let allowed: AllowedError[] = [];

  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (!browser) throw new Error("the browser is not running (useBrowser hooks did not run)");
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: "en-US",
      ...contextOptions,
      ...options,
    });
    context.setDefaultTimeout(WAIT_MS);
    context.on("console", (msg) => {
      if (msg.type() === "error")
        problems.push(`console.error at ${msg.location().url || msg.page()?.url()}: ${msg.text()}`);
    });
    context.on("weberror", (err) => problems.push(`uncaught page error: ${err.error().stack ?? err.error().message}`));
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    browser = await launchChromium(launch.args);
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    problems = [];
    allowed = [];
    contexts = [];
    page = await (await newContext()).newPage();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === "fail" && page && !page.isClosed()) {
      const dir = join(import.meta.dirname, "../../../test-results/e2e");
      mkdirSync(dir, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
      await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
    }
    await Promise.all(contexts.map((c) => c.close()));
    const unexpected = problems.filter((p) => !allowed.some((a) => a.pattern.test(p)));
    if (unexpected.length > 0) {
      const allowList = allowed.length
        ? `\nAllowed in this test: ${allowed.map((a) => `${a.pattern} (${a.reason})`).join("; ")}`
        : "";
      throw new Error(`Unexpected browser errors during the test:\n${unexpected.join("\n")}${allowList}`);
    }
  });

  return {
    get page() {
      if (!page) throw new Error("no page: use the session inside a test");
      return page;
    },
    get context() {
      const first = contexts[0];
      if (!first) throw new Error("no context: use the session inside a test");
      return first;
    },
    newContext,
    allowConsoleError(pattern, reason) {
      allowed.push({ pattern, reason });
    },
  };
}

/** The toasts region (sonner): every toast is announced inside it. */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /^Notifications/ });
}

/** The toast with this title; its `data-type` says success or error. */
export function toast(page: Page, title: string) {
  return toasts(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(title, { exact: true }) });
}
