// Builds the SPA into dist/web when it is missing or older than its sources.
// Used by `npm start` and by the browser tests' global setup.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const sources = ["src/web", "src/shared", "vite.config.ts", "package-lock.json"];

function newestMtime(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function buildWebIfStale(): void {
  const builtIndex = join(root, "dist/web/index.html");
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newestMtime))) return;
  console.log(builtAt ? "Web app sources changed: rebuilding..." : "Building the web app (first start)...");
  // NODE_ENV=production: under vitest it is "test", and Vite would build React's
  // development bundle (larger, with dev-only warnings), not what ships.
  const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
}
