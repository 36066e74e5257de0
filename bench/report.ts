// The printout: figures side by side, each with its target and PASS/MISS.
import type { LaunchFigures } from "./launch.ts";
import type { MailboxFigures, MailboxSyncRun } from "./mailbox-sync.ts";
import { BUDGET, type ScreenFigures } from "./screens.ts";
import { POOL } from "./send-raw.ts";
import type { StageTimes } from "./stage-timer.ts";
import type { VerificationFigures } from "./verification.ts";

/** The issue's targets; screenP95Ms holds on PostgreSQL (on PGlite it is printed for information). */
export const TARGETS = {
  engineVsRaw: 0.8,
  launchVsFloor: 2,
  screenP95Ms: 50,
  mailboxFirstSyncSeconds: 30,
  verificationOfflineSeconds: 1,
};

export type SendFigures = {
  label: string;
  messages: number;
  engine: { seconds: number; cpuMs: number; machineCpuMs: number; rounds: number; stages: StageTimes };
  raw: { seconds: number; cpuMs: number; machineCpuMs: number };
  rawDefaults?: { seconds: number; cpuMs: number };
  /** Whether the engine ran before raw nodemailer in this pair (pairs alternate). */
  engineFirst: boolean;
  /** Messages the sink counted for the engine run, and how many were DKIM-signed. */
  sinkCounted: number;
  sinkSigned: number;
};

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const fixed = (n: number, digits = 2) => n.toFixed(digits);
const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
/** Ratios are judged as printed (two decimals), so a line never reads "2.00 <= 2.00 MISS". */
const asShown = (ratio: number) => Math.round(ratio * 100) / 100;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r, n) => {
      const line = r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
      return n === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}

export function sendIntro(messages: number, pairs: number): string {
  return `(a) Sending ${int(messages)} messages to an SMTP sink on 127.0.0.1 (its own process; counts, discards)
    engine: the production worker loop (batch 200, 200 in flight, outcomes 100 per statement: the defaults) claiming due
            scheduled_emails, rendering (merge tags, signature, disclaimer, open pixel, List-Unsubscribe,
            threading), sending through the capture-mode transport on the delivery thread (pool of ${POOL.maxConnections} connections ×
            ${POOL.maxMessages} messages), recording email_sends and queueing each contact's next step. Half the
            messages are step 1 (HTML body), half step 2 (plain text, In-Reply-To/References to step 1).
            Checked after each run: the sink's count (and DKIM-Signature headers), email_sends 'sent' rows,
            the follow-ups queued, and the reporting counters against a scan of email_sends.
    raw:    the same messages rendered beforehand, all handed at once to one nodemailer pool of the same
            size and socket option (TCP_NODELAY), DKIM given to the transport. Both after a warm-up run.
    pairs:  ${pairs} per configuration, each on a fresh user and campaign, the two sides taking turns to go
            first; the verdict is the median ratio (this machine's speed drifts from minute to minute).
    CPU ms/msg: this process's CPU time per message (with PGlite the database runs inside it).
`;
}

/** One configuration's comparisons: each pair is a fresh user and campaign, sent by both sides. */
export type SendComparison = { label: string; messages: number; pairs: SendFigures[] };

export const sendRatio = (r: SendFigures) => r.raw.seconds / r.engine.seconds;

/** The median of the pairs' ratios (the verdict) and the pair closest to it (whose details are printed). */
export function medianPair(c: SendComparison): { ratio: number; pair: SendFigures } {
  const sorted = [...c.pairs].sort((a, b) => sendRatio(a) - sendRatio(b));
  const mid = Math.floor((sorted.length - 1) / 2);
  const ratio =
    sorted.length % 2 === 1 ? sendRatio(sorted[mid]!) : (sendRatio(sorted[mid]!) + sendRatio(sorted[mid + 1]!)) / 2;
  return { ratio, pair: sorted[mid]! };
}

export function sendTable(comparisons: SendComparison[]): string {
  const rows = [["", "engine/raw (median)", "target", "", "each pair", "pairs"]];
  for (const c of comparisons) {
    const { ratio } = medianPair(c);
    rows.push([
      c.label,
      fixed(ratio),
      `>= ${fixed(TARGETS.engineVsRaw)}`,
      verdict(asShown(ratio) >= TARGETS.engineVsRaw),
      c.pairs.map((p) => fixed(sendRatio(p))).join(" "),
      String(c.pairs.length),
    ]);
  }
  return table(rows);
}

/** Every pair, in the order run. */
export function sendPairsTable(comparisons: SendComparison[]): string {
  const rows = [
    [
      "",
      "pair",
      "order",
      "engine msg/s",
      "raw msg/s",
      "engine/raw",
      "engine s",
      "raw s",
      "CPU ms/msg engine/raw",
      "machine CPU ms/msg engine/raw",
      "sink got",
    ],
  ];
  for (const c of comparisons) {
    c.pairs.forEach((r, i) => {
      rows.push([
        c.label,
        String(i + 1),
        r.engineFirst ? "engine, raw" : "raw, engine",
        int(r.messages / r.engine.seconds),
        int(r.messages / r.raw.seconds),
        fixed(sendRatio(r)),
        fixed(r.engine.seconds),
        fixed(r.raw.seconds),
        `${fixed(r.engine.cpuMs / r.messages)} / ${fixed(r.raw.cpuMs / r.messages)}`,
        `${fixed(r.engine.machineCpuMs / r.messages)} / ${fixed(r.raw.machineCpuMs / r.messages)}`,
        `${int(r.sinkCounted)}${r.sinkSigned ? ` (${int(r.sinkSigned)} DKIM)` : ""}`,
      ]);
    });
  }
  return table(rows);
}

export function rawDefaultsTable(runs: SendFigures[]): string | undefined {
  const withDefaults = runs.filter((r) => r.rawDefaults);
  if (withDefaults.length === 0) return undefined;
  const rows = [["", "raw msg/s (TCP_NODELAY)", "raw msg/s (nodemailer defaults)"]];
  for (const r of withDefaults) {
    rows.push([r.label, int(r.messages / r.raw.seconds), int(r.messages / r.rawDefaults!.seconds)]);
  }
  return table(rows);
}

/** Where the engine's wall time went, per stage, for one run. */
export function stageTable(r: SendFigures): string {
  const rows = [["stage", "calls", "total s", "ms/call", "% of engine wall time"]];
  const wall = r.engine.seconds * 1000;
  const ordered = [...r.engine.stages.entries()].sort((a, b) => b[1].ms - a[1].ms);
  for (const [name, s] of ordered) {
    rows.push([name, int(s.calls), fixed(s.ms / 1000), fixed(s.ms / s.calls, 3), `${fixed((100 * s.ms) / wall, 1)}%`]);
  }
  return table(rows);
}

export function launchIntro(f: LaunchFigures): string {
  return `(b) Launching ${int(f.contacts)} contacts × ${f.steps} steps (median of ${f.repeats}, a fresh campaign each time)
    Launch queues step 1 only, one row per contact: each follow-up is queued when the step before it
    is sent. The floor is therefore the same ${int(f.contacts)} step-1 rows written by ONE INSERT … SELECT
    (contacts × step 1, one sender for all); the all-steps insert is for reference only.
    Launch also gives each row its sender round-robin (in the same INSERT … SELECT), marks
    suppressed contacts, activates the campaign, then wakes the worker, whose round delivers over SMTP
    before it answers.
`;
}

export function launchTable(f: LaunchFigures): string {
  const rows = [["", "rows inserted", "seconds", "x floor", "target", ""]];
  const ratio = (s: number) => asShown(s / f.floorFirstStep);
  const steps1 = int(f.contacts);
  rows.push(["floor: one INSERT … SELECT (step 1)", steps1, fixed(f.floorFirstStep, 3), "1.00", "", ""]);
  rows.push([
    "scheduleFirstStep in a transaction",
    steps1,
    fixed(f.scheduleFirstStep, 3),
    fixed(ratio(f.scheduleFirstStep)),
    `<= ${fixed(TARGETS.launchVsFloor)}`,
    verdict(ratio(f.scheduleFirstStep) <= TARGETS.launchVsFloor),
  ]);
  rows.push([
    "launch service (whole request)",
    steps1,
    fixed(f.launch, 3),
    fixed(ratio(f.launch)),
    `<= ${fixed(TARGETS.launchVsFloor)}`,
    verdict(ratio(f.launch) <= TARGETS.launchVsFloor),
  ]);
  rows.push([
    `  of which: transaction`,
    "",
    fixed(f.launch - f.launchDelivery, 3),
    fixed(ratio(f.launch - f.launchDelivery)),
    `<= ${fixed(TARGETS.launchVsFloor)}`,
    verdict(ratio(f.launch - f.launchDelivery) <= TARGETS.launchVsFloor),
  ]);
  rows.push([
    `  of which: the worker round it woke (${f.launchSent} msgs)`,
    "",
    fixed(f.launchDelivery, 3),
    "",
    "",
    "",
  ]);
  rows.push([
    `reference: one INSERT … SELECT (all ${f.steps} steps)`,
    int(f.contacts * f.steps),
    fixed(f.floorAllSteps, 3),
    fixed(ratio(f.floorAllSteps)),
    "",
    "",
  ]);
  return table(rows);
}

export function screensIntro(f: ScreenFigures): string {
  const [user, other] = f.seeds;
  if (!user) throw new Error("no seeded user");
  const v = user.volume;
  const seeded = f.seeds.map((s) => `${fixed(s.seconds, 1)} s`).join(" and ");
  const analyze =
    f.kind === "postgres"
      ? `VACUUM ANALYZE afterwards (${fixed(f.analyzeSeconds, 1)} s), as autovacuum would.`
      : `ANALYZE afterwards (${fixed(f.analyzeSeconds, 1)} s), as the server's statistics keeper does (PGlite has no autovacuum).`;
  return `(c) Screens at scale: each screen's API calls through the real app in-process (app.request: session
    cookie lookup, routing, validation, SQL, JSON), as a user signed up through the API and its emailed link.
    Measured user: ${int(v.campaigns)} campaigns (draft, active, paused, completed), ${v.savedSenders} saved senders with 3 copies
    per campaign, ${int(v.contacts)} contacts (${int(user.addresses)} addresses, ~20% of them in 2–3 campaigns, some in
    another case), ${int(v.sends)} email_sends over the last 120 days: ${int(user.campaignSends)} campaign sends (one per
    contact and step at most, 2–3 steps) and ${int(user.directSends)} direct sends for the rest; ${int(user.replies)} replies,
    ${int(user.queueRows)} queue rows.${
      other
        ? ` A second user on the same database: ${int(other.volume.campaigns)} campaigns, ${int(other.volume.contacts)} contacts,
    ${int(other.volume.sends)} sends, the same addresses and sender names.`
        : ""
    }
    Seeded in ${seeded} (INSERT … SELECT, at most 100,000 rows per statement).
    ${analyze}
    Each call: ${f.warmUp} warm-up requests, then ${f.requests} timed one after another (n: fewer when they took over
    ${BUDGET.timedMs / 1000} s in all, at least ${BUDGET.minTimed}; warm-up stops after ${BUDGET.warmUpMs / 1000} s); p50 and p95 (nearest rank).
    Figures: every count shown compared with naive queries over email_sends, contacts, campaigns,
    scheduled_emails, replies and sender_accounts (no counter tables); list pages against OFFSET over the
    whole ordered list.${
      f.kind === "pglite"
        ? `
    Target in parentheses: p95 < ${TARGETS.screenP95Ms} ms is PostgreSQL's target; on PGlite for information.`
        : ""
    }
`;
}

export function screensTable(f: ScreenFigures): string {
  const info = f.kind === "pglite";
  const shown = (text: string) => (info ? `(${text})` : text);
  const screenWidth = Math.max(...f.calls.map((c) => c.screen.length));
  const rows = [["screen / call", "n", "p50 ms", "p95 ms", "target", "", "figures"]];
  for (const c of f.calls) {
    rows.push([
      `${c.screen.padEnd(screenWidth)}  ${c.call}`,
      String(c.requests),
      fixed(c.p50, 1),
      fixed(c.p95, 1),
      shown(`< ${TARGETS.screenP95Ms}`),
      shown(verdict(Math.round(c.p95 * 10) / 10 < TARGETS.screenP95Ms)),
      c.problems.length === 0 ? "OK" : `${c.problems.length} MISMATCH`,
    ]);
  }
  return table(rows);
}

/** Every figure that differs from its naive query, by call; undefined when all agree. */
export function screensProblems(f: ScreenFigures): string | undefined {
  const wrong = f.calls.filter((c) => c.problems.length > 0);
  if (wrong.length === 0) return undefined;
  return wrong.map((c) => `  ${c.call}:\n${c.problems.map((p) => `    - ${p}`).join("\n")}`).join("\n");
}

export function mailboxIntro(f: MailboxFigures): string {
  return `(d) Mailbox sync over IMAP: ${f.dovecot}, a throw-away instance on 127.0.0.1 (plain IMAP), through
    the production IMAP source (imapflow). INBOX holds ${int(f.messages)} messages (${fixed(f.megabytes, 1)} MB, written into its Maildir
    in ${fixed(f.fillSeconds, 1)} s): ${int(f.replies)} replies to our sends (In-Reply-To), ${int(f.bounces)} delivery status notifications (5.1.1),
    ${int(f.newsletters)} newsletters, shuffled, all received in the last 20 days; the first sync reads 30 days back, so
    every header is read. Junk is empty.
    first sync: SEARCH SINCE, headers in FETCHes of 500 (BODY.PEEK[HEADER]); the pass wants replies to our
            Message-IDs and what looks like a bounce (the engine's select() stands in); their bodies in
            FETCHes of 100 (BODY.PEEK[]), each message parsed with parseInbound; checked: exactly the replies
            and bounces. "cold": Dovecot has never opened the mailbox and indexes it during the sync (judged);
            "warm": the same from scratch once Dovecot's index exists. CPU ms: this process only.
    nothing new: ${f.repeats} syncs each (median) with the positions of the first sync: on a fresh connection (connect,
            login, the sync, logout: "commands" counts them all, "of which the sync" the sync's own) and on a
            connection already open.
`;
}

function mailboxRunRow(label: string, r: MailboxSyncRun, judged: boolean): string[] {
  const ok = Math.round(r.seconds * 100) / 100 <= TARGETS.mailboxFirstSyncSeconds;
  return [
    label,
    fixed(r.seconds),
    int(r.counts.processed ?? 0),
    `${int(r.counts.replies ?? 0)} / ${int(r.counts.bounces ?? 0)}`,
    `${r.searches} / ${r.headerFetches} / ${r.bodyFetches} / ${r.commands}`,
    int(r.processCalls),
    fixed(r.cpuMs / 1000),
    judged ? `<= ${TARGETS.mailboxFirstSyncSeconds} s` : "",
    judged ? verdict(ok) : "",
  ];
}

export function mailboxTable(f: MailboxFigures): string {
  const first = table([
    [
      "first sync",
      "seconds",
      "fetched",
      "replies / bounces",
      "SEARCH / header FETCH / body FETCH / all commands",
      "process() calls",
      "CPU s",
      "target",
      "",
    ],
    mailboxRunRow(`cold (${int(f.messages / f.cold.seconds)} msg/s)`, f.cold, true),
    mailboxRunRow(`warm (${int(f.messages / f.warm.seconds)} msg/s)`, f.warm, false),
  ]);
  const perFolder = f.idleFresh.syncCommands.length / f.folders;
  const idle = table([
    ["nothing new", "ms (median)", "commands", "of which the sync", "per folder", "target", ""],
    [
      "fresh connection",
      fixed(f.idleFresh.seconds * 1000, 1),
      String(f.idleFresh.commands),
      `${f.idleFresh.syncCommands.length}: ${f.idleFresh.syncCommands.join("; ")}`,
      `${fixed(perFolder, 1)} (${f.folders} folders)`,
      "<= 1 per folder",
      verdict(perFolder <= 1),
    ],
    ["open connection", fixed(f.idleOpen.seconds * 1000, 1), String(f.idleOpen.commands), "", "", "", ""],
  ]);
  return `${first}\n\n${idle}`;
}

export function verificationIntro(f: VerificationFigures): string {
  return `(e) Email verification (src/server/features/verification/verify-address.ts).
    offline: distinct addresses (16 shapes: good, typos, disposable, role, bad syntax, UTF-8 and IDN) through
            syntax → typo → disposable → role, one after the other, after a warm-up; first on the samples' 16
            domains (typo suggestions are worked out once per domain), then each on a domain of its own.
    network: ${int(f.network.addresses)} addresses over ${f.network.domains} domains (10 each, every domain's MX on a local dns2
            server, its mail host a local SMTP server that answers every RCPT TO after ${f.network.rcptDelayMs} ms). Per
            batch each domain is looked up once (MX, then the MX host's A) and, with the probe, asked in ONE
            SMTP session (EHLO, MAIL FROM:<>, RCPT TO a random address for the catch-all check, then each
            address, QUIT; never DATA), N domains at a time. Every verdict is checked.
`;
}

export function verificationTable(f: VerificationFigures): string {
  const offline = table([
    ["offline checks", "seconds", "addresses/s", "good syntax", "typos", "disposable", "role", "target", ""],
    ...f.offline.map((o) => [
      o.label,
      fixed(o.seconds, 3),
      int(o.addresses / o.seconds),
      int(o.valid),
      int(o.typos),
      int(o.disposable),
      int(o.roles),
      `<= ${TARGETS.verificationOfflineSeconds} s`,
      verdict(o.seconds <= TARGETS.verificationOfflineSeconds),
    ]),
  ]);
  const network = table([
    ["batch of 500", "domains at once", "seconds", "DNS queries", "SMTP sessions", "RCPT TO"],
    ...f.network.runs.map((r) => [
      r.probe ? "DNS + SMTP probe" : "DNS only (probe off)",
      String(r.concurrency),
      fixed(r.seconds),
      int(r.dnsQueries),
      int(r.smtpSessions),
      int(r.rcpts),
    ]),
  ]);
  return `${offline}\n\n${network}`;
}
