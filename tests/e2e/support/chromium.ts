// Where the system Chromium is and whether the journeys may be skipped without
// it. No vitest imports: the global setup reads this too.
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Headless on a shared, sandboxless machine: the flags every journey and benchmark starts Chromium with. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** CI sets REQUIRE_BROWSER=1 so a missing browser fails the run instead of skipping it. */
export const browserRequired = process.env.REQUIRE_BROWSER === "1";

/** Why the browser journeys cannot run on this machine, or undefined when they can. */
export function missingBrowserReason(): string | undefined {
  return existsSync(chromiumPath) ? undefined : `${chromiumPath} not found`;
}

export const skipHint = "set CHROMIUM_PATH or install chromium; REQUIRE_BROWSER=1 makes this a failure";
