// `npm test`: typecheck, lint, unit, integration (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set; the mailbox tests against throw-away Dovecot
// instances) and browser journeys (system Chromium). A missing browser,
// database, Dovecot or SpamAssassin is reported as a skip, or as a failure when
// REQUIRE_BROWSER=1 / REQUIRE_POSTGRES=1 / REQUIRE_IMAP=1 / REQUIRE_SPAMASSASSIN=1
// (CI sets all four).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildWebIfStale } from "./build-web.ts";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasBrowser = existsSync(chromium);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dovecot = process.env.DOVECOT_BIN ?? "/usr/sbin/dovecot";
const hasDovecot = existsSync(dovecot);
const spamassassin = process.env.SPAMASSASSIN_BIN ?? "/usr/bin/spamassassin";
const hasSpamAssassin = existsSync(spamassassin);
const notes: string[] = [];

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

function requireOrSkip(present: boolean, flag: string, what: string, why: string): boolean {
  if (present) return true;
  if (process.env[flag] === "1") {
    console.error(`\n✖ ${what} cannot run: ${why}, and ${flag}=1 makes that a failure.`);
    process.exit(1);
  }
  notes.push(`${what} SKIPPED: ${why} (${flag}=1 turns this into a failure).`);
  return false;
}

run("typecheck", "npx", ["tsc", "-p", "tsconfig.server.json", "--noEmit"]);
run("typecheck (web)", "npx", ["tsc", "-p", "tsconfig.web.json", "--noEmit"]);
run("lint", "npx", ["biome", "check", "."]);

const projects = ["--project", "unit", "--project", "integration-pglite", "--project", "integration-pglite-alone"];
if (requireOrSkip(hasPostgres, "REQUIRE_POSTGRES", "Integration tests on PostgreSQL", "TEST_DATABASE_URL is not set")) {
  projects.push("--project", "integration-postgres", "--project", "integration-postgres-alone");
}
// The IMAP tests skip themselves without Dovecot (or fail with REQUIRE_IMAP=1): said here once more, up front.
requireOrSkip(
  hasDovecot,
  "REQUIRE_IMAP",
  "IMAP tests (mailbox sync)",
  `${dovecot} not found (apt-get install dovecot-imapd)`,
);
// Likewise the spam-score test (src/server/mail/spam-score.test.ts) without SpamAssassin.
requireOrSkip(
  hasSpamAssassin,
  "REQUIRE_SPAMASSASSIN",
  "Spam-score test (SpamAssassin)",
  `${spamassassin} not found (apt-get install spamassassin)`,
);
// The size budget (tests/budget) measures the web build: build it first (when
// its sources changed; the browser journeys use the same build), and make a
// missing build a failure rather than a skip.
console.log("\n▶ web build");
buildWebIfStale();
console.log("✔ web build");
run("unit and integration tests", "npx", ["vitest", "run", ...projects], { REQUIRE_WEB_BUILD: "1" });

if (
  requireOrSkip(
    hasBrowser,
    "REQUIRE_BROWSER",
    "Browser journeys",
    `${chromium} not found (install chromium or set CHROMIUM_PATH)`,
  )
) {
  run("browser journeys", "npx", ["vitest", "run", "--project", "e2e"], { CHROMIUM_PATH: chromium });
}

for (const note of notes) console.warn(`\n⚠ ${note}`);
console.log("\nAll tests passed.");
