#!/usr/bin/env node
// The npm registry mirror on our build machines serves only linux-x64 builds of
// packages that ship per-platform binaries (esbuild, biome, tailwind's oxide,
// lightningcss, rolldown...), so `npm install` writes a package-lock.json
// without the other platforms' optional entries, and `npm ci` then refuses the
// lockfile as "out of sync". This adds the missing optional entries (name and
// exact version only); npm skips them where they do not apply, and on other
// platforms fetches them by version. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

function resolves(fromPath, name) {
  // Walk up node_modules folders the way Node resolves a dependency.
  let base = fromPath;
  while (true) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const idx = base.lastIndexOf("/node_modules/");
    base = idx === -1 ? "" : base.slice(0, idx);
  }
}

for (const [path, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue;
    packages[`node_modules/${name}`] = { version: spec, optional: true, ...(meta.dev ? { dev: true } : {}) };
    added++;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
