// Scores a message as a receiving server's SpamAssassin would: Debian's
// `spamassassin` run as `spamassassin -L -t` (local tests only: no DNS
// blocklists, no Razor/Pyzor), with Bayes, the auto-whitelist and TxRep off,
// and a throw-away home directory and preferences file, so no state is kept
// between runs and nothing learnt changes a score. Starting SpamAssassin (its
// rules parsed) takes about a second and scoring a message a few milliseconds,
// so the messages go as an mbox (--mbox) to one process per core.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";

export const SPAMASSASSIN_BIN = process.env.SPAMASSASSIN_BIN ?? "/usr/bin/spamassassin";

/** CI sets REQUIRE_SPAMASSASSIN=1 so a missing SpamAssassin fails the run instead of skipping its test. */
export const spamAssassinRequired = process.env.REQUIRE_SPAMASSASSIN === "1";

export function spamAssassinMissingReason(): string | undefined {
  return existsSync(SPAMASSASSIN_BIN) ? undefined : `${SPAMASSASSIN_BIN} not found (apt-get install spamassassin)`;
}

/**
 * `describe` for tests that need SpamAssassin: skipped with the reason printed
 * when it is missing, unless REQUIRE_SPAMASSASSIN=1, where the tests run and fail.
 */
export function describeWithSpamAssassin(name: string, body: () => void): void {
  const missing = spamAssassinMissingReason();
  if (missing && !spamAssassinRequired) {
    process.stderr.write(`SpamAssassin test skipped: ${missing} (REQUIRE_SPAMASSASSIN=1 makes this a failure)\n`);
  }
  describe.skipIf(missing !== undefined && !spamAssassinRequired)(name, body);
}

export type SpamRule = { points: number; name: string };
export type SpamScore = { score: number; rules: SpamRule[] };

const REPORT_TAG = "COLDREACH-SA-RULES";

/**
 * Nothing learnt, nothing remembered: the score depends on the message alone.
 * The report is one line of the rules that fired with their exact points (the
 * standard report rounds to one decimal: 1.969 would read 2.0).
 */
const USER_PREFS = [
  "use_bayes 0",
  "bayes_auto_learn 0",
  "use_auto_whitelist 0",
  "use_txrep 0",
  "clear_report_template",
  `report ${REPORT_TAG} _TESTSSCORES(,)_`,
  "",
].join("\n");

function messageIdOf(message: string): string | undefined {
  return /^Message-ID:\s*(<[^>\s]+>)/im.exec(message)?.[1];
}

/** An mbox of the messages: a "From " line before each, body lines that start with "From " quoted. */
function toMbox(raws: readonly (string | Buffer)[]): string {
  return raws
    .map((raw) => {
      const text = raw
        .toString()
        .replace(/\r\n/g, "\n")
        .replace(/^(>*From )/gm, ">$1");
      return `From MAILER-DAEMON Thu Jan  1 00:00:00 2026\n${text}${text.endsWith("\n") ? "" : "\n"}\n`;
    })
    .join("");
}

function runMbox(raws: readonly (string | Buffer)[], home: string, prefs: string): Promise<SpamScore[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      SPAMASSASSIN_BIN,
      ["-L", "-t", "--mbox", "-p", prefs],
      { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, LANG: "C" }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`spamassassin failed: ${err.message}\n${stderr}`));
        try {
          // SpamAssassin's mbox reader may reorder the messages (it sorts them):
          // each report is matched to its message by Message-ID.
          const byId = new Map<string, SpamScore>();
          for (const segment of stdout.split(/^From MAILER-DAEMON .*$/m)) {
            const id = messageIdOf(segment);
            const [score] = parseReports(segment);
            if (id && score) byId.set(id, score);
          }
          resolve(
            raws.map((raw) => {
              const score = byId.get(messageIdOf(raw.toString())!);
              if (!score) throw new Error(`spamassassin gave no report for ${messageIdOf(raw.toString())}\n${stderr}`);
              return score;
            }),
          );
        } catch (parseErr) {
          reject(parseErr);
        }
      },
    );
    child.stdin?.end(toMbox(raws));
  });
}

/** Scores the messages (in their order), one SpamAssassin process per core at most. */
export async function scoreMessages(raws: readonly (string | Buffer)[], processes = 2): Promise<SpamScore[]> {
  const ids = raws.map((raw) => messageIdOf(raw.toString()));
  if (ids.some((id) => !id) || new Set(ids).size !== ids.length) {
    throw new Error("every message to score needs a Message-ID of its own");
  }
  const home = mkdtempSync(join(tmpdir(), "coldreach-sa-"));
  const prefs = join(home, "user_prefs");
  writeFileSync(prefs, USER_PREFS);
  try {
    const size = Math.ceil(raws.length / Math.max(1, processes));
    const chunks: (string | Buffer)[][] = [];
    for (let i = 0; i < raws.length; i += size) chunks.push(raws.slice(i, i + size));
    return (await Promise.all(chunks.map((chunk) => runMbox(chunk, home, prefs)))).flat();
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** The report line -t appends to each message: "COLDREACH-SA-RULES RULE=1.969,OTHER=0.001" (or "none"). */
export function parseReports(output: string): SpamScore[] {
  const scores: SpamScore[] = [];
  for (const match of output.matchAll(new RegExp(`^${REPORT_TAG} (.*)$`, "gm"))) {
    const rules = match[1]!
      .trim()
      .split(",")
      .filter((item) => item.includes("="))
      .map((item) => {
        const [name, points] = item.split("=");
        return { name: name!, points: Number(points) };
      });
    const score = Math.round(rules.reduce((sum, r) => sum + r.points, 0) * 1000) / 1000;
    scores.push({ score, rules });
  }
  return scores;
}
