// Global setup of the e2e project: the journeys run against the built SPA, so
// build it when its sources changed. Without a browser there is nothing to
// drive: say so once (or fail, when REQUIRE_BROWSER=1) and skip the build.
import { buildWebIfStale } from "../../../scripts/build-web.ts";
import { browserRequired, missingBrowserReason, skipHint } from "./chromium.ts";

export default function setup(): void {
  const missing = missingBrowserReason();
  if (missing) {
    if (browserRequired) {
      throw new Error(
        `Browser journeys cannot run: ${missing} (REQUIRE_BROWSER=1). Install chromium or set CHROMIUM_PATH.`,
      );
    }
    process.stderr.write(`Browser journeys skipped: ${missing} (${skipHint})\n`);
    return;
  }
  buildWebIfStale();
}
