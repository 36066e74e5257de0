// The app in-process for integration tests: its own database, a real capture
// SMTP server on a random port (system mail goes over SMTP as in production),
// and helpers to sign users up and call the API as them.
import { createApp } from "../../src/server/app.ts";
import { createAuth } from "../../src/server/auth/auth.ts";
import { type Config, loadConfig } from "../../src/server/config.ts";
import { createSecretBox } from "../../src/server/crypto/secret-box.ts";
import type { Database } from "../../src/server/db/client.ts";
import { createLogger, type Logger } from "../../src/server/logger.ts";
import { startCaptureServer } from "../../src/server/mail/capture-server.ts";
import { captureSmtpUrl, createSystemMailer } from "../../src/server/mail/system-mailer.ts";
import { renderClaimedSend } from "../../src/server/sending/delivery/render-claimed.ts";
import { createTransportFactory } from "../../src/server/sending/delivery/transports.ts";
import type { TransportFactory } from "../../src/server/sending/outgoing.ts";
import { createSendSignal } from "../../src/server/sending/send-signal.ts";
import { createSendWorker } from "../../src/server/sending/worker.ts";
import { startWorkerLoop } from "../../src/server/sending/worker-loop.ts";
import { newestConfirmationLink } from "./confirmation-link.ts";
import { createTestDatabase } from "./test-database.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig(
    {
      APP_SECRET: "test-secret-test-secret-test-secret-0123456789",
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: "./.test-data/unused",
      AUTH_RATE_LIMIT: "off",
      LOG_LEVEL: "silent",
      CAPTURE_SMTP_PORT: "0",
      STATIC_DIR: "./.test-data/no-static",
      // The tests' SMTP servers (sinks, fault injectors) listen on loopback;
      // tests of the address policy itself set SMTP_ALLOW_PRIVATE=off.
      SMTP_ALLOW_PRIVATE: "on",
      ...env,
    },
    [],
  );
}

type RequestOptions = { method?: string; json?: unknown; cookie?: string; headers?: Record<string, string> };

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export type TestContextOptions = {
  /** Campaign delivery; by default the capture server (MAIL_DELIVERY=capture) or the senders' own SMTP (live). */
  transports?: TransportFactory;
  /** The sending engine's clock (a fake one drives the queue without sleeping). */
  now?: () => Date;
  /** The app's logger (silent by default); tests/support/log-capture.ts keeps its lines. */
  log?: Logger;
  /**
   * A send worker in the app's process, as `npm start` runs one: a launch wakes
   * it (it does not poll otherwise). False: none; launches only queue, and the
   * test drives its own workers.
   */
  sendWorker?: boolean;
  /** How long a launch's answer waits for that worker (default 60 s: the round ends it first). */
  launchReportWaitMs?: number;
};

export async function createTestContext(
  env: Record<string, string> = {},
  existing?: Database,
  options: TestContextOptions = {},
) {
  const database = existing ?? (await createTestDatabase());
  const config = testConfig(env);
  const log = options.log ?? createLogger("silent");
  const capture = await startCaptureServer({ db: database.db, port: 0, log });
  const mailer = createSystemMailer({ smtpUrl: captureSmtpUrl(capture.port), from: config.mailFrom });
  const auth = createAuth({ config, db: database.db, mailer, log });
  const transports =
    options.transports ??
    createTransportFactory({ config, secrets: createSecretBox(config.appSecret), log, capturePort: capture.port });
  const sendSignal = options.sendWorker === false ? undefined : createSendSignal();
  const workerLoop = sendSignal
    ? startWorkerLoop(
        createSendWorker({
          db: database.db,
          config,
          log,
          transports,
          render: renderClaimedSend(config),
          now: options.now,
        }),
        // Woken by launches only: a test that drives the queue itself is not raced by a poll.
        { intervalMs: 24 * 60 * 60_000, log, signal: sendSignal, graceMs: 5_000 },
      )
    : undefined;
  const app = createApp({
    config,
    database,
    auth,
    log,
    mailer,
    transports,
    now: options.now,
    version: "test",
    capturePort: capture.port,
    sendSignal,
    // The answer waits for the woken round whole (it ends it), so what a test reads is settled.
    launchReportWaitMs: options.launchReportWaitMs ?? 60_000,
  });

  async function request(path: string, opts: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = typeof opts.json === "string" ? opts.json : JSON.stringify(opts.json);
    }
    return app.request(`${TEST_ORIGIN}${path}`, { method: opts.method ?? "GET", headers, body });
  }

  /** The confirmation link from the newest captured message to `email`. */
  async function confirmationLink(email: string): Promise<string> {
    const link = await newestConfirmationLink(database.db, email);
    if (!link) throw new Error(`no confirmation email captured for ${email}`);
    return link;
  }

  /** Signs a user up, follows the emailed confirmation link and returns the session cookie. */
  async function signUpVerified(email: string, password = "correct-horse-battery", fullName = "Test User") {
    const signUp = await request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email, password, name: fullName, fullName, callbackURL: "/" },
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const link = new URL(await confirmationLink(email));
    const verify = await request(link.pathname + link.search);
    const setCookie = verify.headers.get("set-cookie") ?? "";
    const token = setCookie.match(/better-auth\.session_token=[^;]+/)?.[0];
    if (!token) throw new Error(`verification did not sign in: ${verify.status}`);
    const user = (await signUp.json()) as { user: { id: string } };
    return { cookie: token, userId: user.user.id, email, password };
  }

  return {
    app,
    database,
    config,
    capturePort: capture.port,
    request,
    confirmationLink,
    signUpVerified,
    /** The in-process send worker's loop (undefined with sendWorker: false). */
    workerLoop,
    async close() {
      await workerLoop?.stop();
      if (!options.transports) transports.closeAll();
      await mailer.close();
      await capture.close();
      if (!existing) await database.close();
    },
  };
}
