// The real app in-process for a browser test file: its own migrated database,
// the built SPA, capture-mode mail on a random SMTP port, HTTP on a free port.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../../src/server/config.ts";
import type { Database } from "../../../src/server/db/client.ts";
import { createLogger } from "../../../src/server/logger.ts";
import { startServer } from "../../../src/server/server.ts";
import { freePort } from "../../support/free-port.ts";
import { createTestDatabase } from "../../support/test-database.ts";

const staticDir = join(import.meta.dirname, "../../../dist/web");

export type AppServer = {
  baseUrl: string;
  database: Database;
  /** The capture SMTP server's port (capture mode), for journeys that connect to it. */
  capturePort: number | undefined;
  close: () => Promise<void>;
};

/**
 * Starts the app. Browse to `baseUrl` (http://localhost:PORT, the PUBLIC_URL):
 * 127.0.0.1 would be another origin to better-auth.
 */
export async function startAppServer(overrides: Record<string, string> = {}): Promise<AppServer> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), "coldreach-e2e-"));
  // PUBLIC_URL must be known before the server starts (better-auth checks the
  // Origin of cookie POSTs against it), so the port is chosen first.
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig(
    {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456",
      DATA_DIR: dataDir,
      CAPTURE_SMTP_PORT: "0",
      STATIC_DIR: staticDir,
      LOG_LEVEL: "silent",
      AUTH_RATE_LIMIT: "off",
      MAIL_DELIVERY: "capture",
      // The journeys' SMTP servers (the capture server, test sinks) are on loopback.
      SMTP_ALLOW_PRIVATE: "on",
      ...overrides,
    },
    [],
  );
  const server = await startServer({ config, database, log: createLogger("silent"), version: "test" });
  return {
    baseUrl,
    database,
    capturePort: server.capturePort,
    close: async () => {
      await server.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
