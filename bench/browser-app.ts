// The built app served over HTTP on the bench database, and the system
// Chromium to drive it, for the parts that measure what a person sees (the
// contact import, the dashboard's first view). The server is the one `npm
// start` runs (startServer), role web: the bench measures the page, and the
// send worker's polling would only add noise on a 2-core machine.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { loadConfig } from "../src/server/config.ts";
import type { Database } from "../src/server/db/client.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { chromiumArgs, chromiumPath, missingBrowserReason } from "../tests/e2e/support/chromium.ts";
import { createVerifiedUser, type TestUser } from "../tests/e2e/support/users.ts";

const staticDir = join(import.meta.dirname, "../dist/web");

/** Who to sign in as: a user of this run (its password known). */
export type SignInAs = Pick<TestUser, "email" | "password">;

export type BrowserApp = {
  baseUrl: string;
  browser: Browser;
  /** A user signed up through the API and confirmed through the emailed link. */
  createUser(prefix: string): Promise<TestUser>;
  /**
   * A fresh context (empty cache and storage) already signed in as `user`:
   * the session cookie comes from the sign-in API, so no page of the app has
   * been loaded in it (a cold cache stays cold).
   */
  signedInContext(user: SignInAs): Promise<BrowserContext>;
  /** Console errors and uncaught page errors seen in any context so far. */
  problems: string[];
  close(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Why the browser parts cannot run, or undefined when they can. */
export function browserPartsMissing(): string | undefined {
  const browser = missingBrowserReason();
  if (browser) return `${browser} (install chromium or set CHROMIUM_PATH)`;
  if (!existsSync(join(staticDir, "index.html"))) return "dist/web/index.html not found (run `npx vite build` first)";
  return undefined;
}

export async function startBrowserApp(database: Database): Promise<BrowserApp> {
  const missing = browserPartsMissing();
  if (missing) throw new Error(`the browser parts cannot run: ${missing}`);
  const dataDir = mkdtempSync(join(tmpdir(), "coldreach-bench-web-"));
  const port = await freePort();
  // localhost, not 127.0.0.1: PUBLIC_URL is the origin better-auth trusts.
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig(
    {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      APP_SECRET: "bench-secret-bench-secret-bench-secret-012",
      DATA_DIR: dataDir,
      CAPTURE_SMTP_PORT: "0",
      STATIC_DIR: staticDir,
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT: "off",
      MAIL_DELIVERY: "capture",
      ROLE: "web",
    },
    [],
  );
  const server = await startServer({ config, database, log: createLogger("error"), version: "bench" });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  const problems: string[] = [];

  async function sessionCookie(user: SignInAs): Promise<string> {
    const signIn = () =>
      fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
    // After a long pause (seeding) fetch may reuse a keep-alive socket the server has closed
    // meanwhile, and a POST is not retried for us: once more on a fresh socket.
    const res = await signIn().catch(signIn);
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const token = res.headers.get("set-cookie")?.match(/better-auth\.session_token=([^;]+)/)?.[1];
    if (!token) throw new Error("sign-in set no session cookie");
    return token;
  }

  return {
    baseUrl,
    browser,
    problems,
    createUser: (prefix) => createVerifiedUser(baseUrl, prefix),
    async signedInContext(user) {
      const token = await sessionCookie(user);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
      context.setDefaultTimeout(60_000);
      context.on("console", (msg) => {
        if (msg.type() === "error") problems.push(`console.error at ${msg.page()?.url()}: ${msg.text()}`);
      });
      context.on("weberror", (err) => problems.push(`uncaught page error: ${err.error().message}`));
      await context.addCookies([{ name: "better-auth.session_token", value: token, url: baseUrl }]);
      return context;
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
