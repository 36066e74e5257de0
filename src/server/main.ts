// Entry: config → database → migrations → server and workers (startServer
// starts what the role needs). `--role=web|worker` splits them for larger
// set-ups: any number of each against one PostgreSQL.
import { readFileSync } from "node:fs";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger(config.logLevel);
  if (config.appSecretGenerated) {
    log.warn(
      { file: `${config.dataDir}/app-secret` },
      "APP_SECRET is not set: using a generated secret stored in the data directory. Set APP_SECRET in production.",
    );
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, "a pooled database connection was lost while idle; it will be replaced"),
  });
  await database.migrate();
  log.info({ database: database.kind }, "database ready");

  const server = await startServer({ config, database, log, version: pkg.version });
  if (server.port !== undefined) {
    const shown = config.host === "0.0.0.0" || config.host === "127.0.0.1" ? "localhost" : config.host;
    console.log(`\n  Coldreach is running at http://${shown}:${server.port}\n`);
    if (config.mailDelivery === "capture") {
      console.log(`  Mail is captured, not delivered: read it at http://${shown}:${server.port}/outbox\n`);
    }
  }

  const shutdown = async (signal: string) => {
    log.info({ signal }, "shutting down");
    await server.close();
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
