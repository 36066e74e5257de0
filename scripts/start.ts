// `npm start`: builds the SPA when dist/web is missing or older than its
// sources, then runs the server. A newcomer needs nothing but npm install.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const builtIndex = join(root, "dist/web/index.html");
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

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Web app sources changed: rebuilding..." : "Building the web app (first start)...");
  const result = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(
  process.execPath,
  ["--import", "tsx", join(root, "src/server/main.ts"), ...process.argv.slice(2)],
  { cwd: root, stdio: "inherit" },
);
process.exit(server.status ?? 0);
