// Entry: config → database → migrations → mail → auth → HTTP app (and, in later
// features, the workers). `--role=web|worker` splits them for larger set-ups.
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { createLogger } from "./logger.ts";
import { type CaptureServer, startCaptureServer } from "./mail/capture-server.ts";
import { captureSmtpUrl, createSystemMailer } from "./mail/system-mailer.ts";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  if (config.appSecretGenerated) {
    log.warn(
      { file: `${config.dataDir}/app-secret` },
      "APP_SECRET is not set: using a generated secret stored in the data directory. Set APP_SECRET in production.",
    );
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  log.info({ database: database.kind }, "database ready");

  let capture: CaptureServer | undefined;
  if (config.mailDelivery === "capture" && config.role !== "worker") {
    capture = await startCaptureServer({ db: database.db, port: config.captureSmtpPort, log });
    log.info({ port: capture.port }, "capture SMTP server listening on 127.0.0.1 (mail is captured, not delivered)");
  }
  const smtpUrl =
    config.mailDelivery === "capture" ? captureSmtpUrl(capture?.port ?? config.captureSmtpPort) : config.systemSmtpUrl;
  const mailer = createSystemMailer({ smtpUrl: smtpUrl ?? "", from: config.mailFrom });

  const closers: Array<() => unknown> = [];
  if (config.role !== "worker") {
    const auth = createAuth({ config, db: database.db, mailer, log });
    const app = createApp({ config, database, auth, log, version: pkg.version });
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      const shown = config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host;
      log.info({ host: config.host, port: info.port }, "web server listening");
      console.log(`\n  Coldreach is running at http://${shown}:${info.port}\n`);
      if (config.mailDelivery === "capture") {
        console.log(`  Mail is captured, not delivered: read it at http://${shown}:${info.port}/outbox\n`);
      }
    });
    closers.push(() => new Promise((r) => server.close(() => r(undefined))));
  }

  const shutdown = async (signal: string) => {
    log.info({ signal }, "shutting down");
    for (const close of closers) await close();
    await capture?.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error("Coldreach failed to start:", err);
  process.exit(1);
});
