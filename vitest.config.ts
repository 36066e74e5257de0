import { defineConfig } from "vitest/config";

// Projects: pure unit tests; integration through the app on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL; browser journeys against the built SPA.
//
// Integration files run two at a time (vitest's default on a 2-core machine is
// one), except the crash-recovery test: it kills worker processes at random
// moments and counts messages whose hand-off committed but whose content had
// not reached the SMTP sink when the kill came, a window that grows when other
// tests load the machine; and the slow-server test: it counts how often
// /api/health was slow while the embedded set-up sends large messages, which
// other tests on the same two cores would make slow too. They run in groups of
// their own, one file at a time, after the rest: PostgreSQL's alone group
// first, then PGlite's (each of these files skips itself on the other
// database, and the two groups never run at the same time).
//
// Files are not isolated from each other: each worker imports the server once
// for all the files it runs, instead of once per file (`npm test` on PGlite:
// 303 s → 177 s, its import phase 152 s → 25 s). Each file still builds its own
// app and database; what a module keeps between files must not change a
// result, and a test that fakes timers or mocks restores them after itself.
const ALONE = [
  "src/server/sending/recovery/crash-recovery.test.ts",
  "src/server/sending/recovery/slow-server-embedded.test.ts",
];

/** An integration project: every server test file but ALONE, or (alone) just those, one at a time, after the rest. */
const integration = (kind: "pglite" | "postgres", alone = false) => ({
  test: {
    name: `integration-${kind}${alone ? "-alone" : ""}`,
    include: alone ? ALONE : ["src/server/**/*.test.ts"],
    exclude: alone ? [] : ALONE,
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    env: { TEST_DB_KIND: kind },
    hookTimeout: 60_000,
    testTimeout: 30_000,
    isolate: false,
    ...(alone ? { maxWorkers: 1, sequence: { groupOrder: kind === "postgres" ? 1 : 2 } } : {}),
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          // tests/budget: the web build's size budget (Node APIs, so not under src/web).
          include: [
            "src/shared/**/*.test.ts",
            "src/web/**/*.test.ts",
            "tests/budget/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      integration("pglite"),
      integration("pglite", true),
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres"), integration("postgres", true)] : []),
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts", "tests/e2e/support/build-web.ts"],
          hookTimeout: 120_000,
          testTimeout: 60_000,
          // One browser at a time keeps 2-core CI machines responsive.
          fileParallelism: false,
          // As for integration: the server and Playwright imported once, not per file.
          isolate: false,
        },
      },
    ],
  },
});
