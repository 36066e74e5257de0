// `npm start`: builds the SPA when dist/web is missing or stale, then runs the
// server. A newcomer needs nothing but `npm install`.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { buildWebIfStale } from "./build-web.ts";

const root = join(import.meta.dirname, "..");
try {
  buildWebIfStale();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const server = spawnSync(
  process.execPath,
  ["--import", "tsx", join(root, "src/server/main.ts"), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(server.status ?? 0);
