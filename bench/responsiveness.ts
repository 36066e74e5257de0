// Responsiveness under load (issue 26 §2): the server as `npm start` runs it
// (startServer, role all: web, send worker and mailbox sync in one process,
// capture mode) in this process, on a fresh database of its own (its worker
// would otherwise send whatever the other parts left queued). While one user
//   1. imports 10,000 contacts (POST /api/campaigns, the wizard's request once
//      the browser has parsed the file),
//   2. launches them (POST /api/campaigns/{id}/launch; the worker then sends
//      them all to the in-process capture server), and
//   3. a 10,000-message mailbox syncs (one of the campaign's senders, whose
//      capture-mode mailbox is the capture store: its first sync starts as
//      soon as the import has created the sender, and reads every message),
// GET /api/health is asked continuously, one probe at a time, and
// perf_hooks.monitorEventLoopDelay records this process's event loop, which
// is the app's: its longest delay is the longest time nothing could answer.
//
// The mailbox is written before the measured window, straight into
// captured_emails as the capture server stores inbound mail (1,000 replies
// from the campaign's contacts, 500 delivery status notifications, the rest
// newsletters). The first sync reads mail received since the sender's first
// campaign send (or the last 30 days when it has none yet), so the messages
// are dated just after the window starts: whichever comes first, the sync or
// the first send, every one of them is read.
//
// Verification is part of the run: every contact sent once and captured
// once, the mailbox read to its last message without an error; anything else
// fails the run. A missed target does not: it is printed as MISS.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { CreateCampaignInput } from "#shared/campaigns/campaigns.schemas.ts";
import { loadConfig } from "../src/server/config.ts";
import type { Db } from "../src/server/db/client.ts";
import { capturedEmails } from "../src/server/db/schema/index.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { createVerifiedUser } from "../tests/e2e/support/users.ts";
import { freePort } from "../tests/support/free-port.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { SENDER_DAILY_LIMIT } from "./seed.ts";

/** The issue's targets for GET /api/health meanwhile. */
export const RESPONSIVENESS_TARGETS = { p99Ms: 250, maxMs: 1_000 };

const PROBE_GAP_MS = 50;
const PROBE_TIMEOUT_MS = 10_000;
/** The whole measured window may take this long before the run is declared failed. */
const DEADLINE_MS = 15 * 60_000;
const HOUR = 3_600_000;

type Phase = "import" | "launch" | "sending";
const PHASES: Phase[] = ["import", "launch", "sending"];

export type ProbeStats = { probes: number; p50: number; p99: number; max: number };

export type ResponsivenessFigures = {
  database: string;
  contacts: number;
  senders: number;
  mailbox: { messages: number; replies: number; bounces: number; processed: number };
  /** Seconds: the import's answer, the launch's answer, launch → every contact sent, the mailbox's first sync. */
  importSeconds: number;
  launchSeconds: number;
  sendSeconds: number;
  syncSeconds: number;
  /** The whole window, import to the last of sending and syncing. */
  windowSeconds: number;
  health: ProbeStats & { failed: number; failures: Record<string, number>; notOk: number; slow: number };
  byPhase: Record<Phase, ProbeStats>;
  /** monitorEventLoopDelay over the window, ms. */
  loop: { p50: number; p99: number; max: number };
  rssStartMb: number;
  rssMaxMb: number;
  /** What the run should have done and did not (sends, captures, the mailbox read): the run fails. */
  problems: string[];
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

function stats(times: number[]): ProbeStats {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    probes: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);

const BODY = `<p>Hi {{firstName}},</p>
<p>I came across <strong>{{company}}</strong> while looking at teams in {{city}} and had a quick question about how you handle outbound today.</p>
<p>We help companies like {{company}} book more meetings without adding headcount.</p>
<ul><li>No new tools to learn</li><li>Works with the mailboxes you already have</li></ul>
<p>Would a 15-minute call next week be useful?</p>`;

const contactEmail = (i: number) => `contact-${i}@prospects.example`;
const senderEmail = (i: number) => `sender-${i}@bench-sender.test`;
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

/** One inbound message of the mailbox, as the capture server stores it (headers keyed by lower-case name). */
function inbound(i: number, to: string, receivedAt: Date, contacts: number) {
  const date = rfc2822(receivedAt);
  const kind = i % 20 === 0 ? "bounce" : i % 10 === 1 ? "reply" : "newsletter";
  let headers: Record<string, string>;
  let body: string;
  if (kind === "reply") {
    const from = contactEmail((i % contacts) + 1);
    headers = {
      from: `Prospect ${i} <${from}>`,
      to,
      subject: "Re: Quick question",
      date,
      "message-id": `<reply-${i}@prospects.example>`,
      "in-reply-to": `<earlier-${i}@bench-sender.test>`,
      "content-type": "text/plain; charset=utf-8",
    };
    body = `Thanks for reaching out. ${i % 3 === 0 ? "Happy to talk next week, Tuesday works." : "We already have a tool for that."}\r\n\r\nOn Mon, 2 Mar 2026, you wrote:\r\n> Would a 15-minute call next week be useful?\r\n`;
  } else if (kind === "bounce") {
    const boundary = `dsn-${i}`;
    headers = {
      from: "Mail Delivery System <MAILER-DAEMON@mail.bench-sender.test>",
      to,
      subject: "Undelivered Mail Returned to Sender",
      date,
      "message-id": `<dsn-${i}@mail.bench-sender.test>`,
      "auto-submitted": "auto-replied",
      "content-type": `multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    };
    body = [
      `--${boundary}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      `This is the mail system. Your message to <gone-${i}@nowhere.example> could not be delivered.`,
      `--${boundary}`,
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mail.bench-sender.test",
      "",
      `Final-Recipient: rfc822; gone-${i}@nowhere.example`,
      "Action: failed",
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
      `--${boundary}--`,
      "",
    ].join("\r\n");
  } else {
    headers = {
      from: `Weekly Digest <news${i % 37}@newsletters.example>`,
      to,
      subject: `Your weekly digest #${i}`,
      date,
      "message-id": `<digest-${i}@newsletters.example>`,
      "list-unsubscribe": `<https://newsletters.example/u/${i}>`,
      "content-type": "text/plain; charset=utf-8",
    };
    body = `${"This week: the stories you missed, the numbers that moved and what comes next.\r\n".repeat(12)}`;
  }
  const headerLines = Object.entries(headers).map(([k, v]) => `${k.replace(/(^|-)\w/g, (s) => s.toUpperCase())}: ${v}`);
  const raw = [...headerLines, "MIME-Version: 1.0", "", body].join("\r\n");
  return {
    kind,
    row: {
      messageId: headers["message-id"] ?? null,
      fromAddress: headers.from ?? "",
      toAddresses: [to],
      subject: headers.subject ?? "",
      textBody: kind === "bounce" ? null : body,
      htmlBody: null,
      raw,
      headers,
      receivedAt,
    },
  };
}

/** Writes the mailbox before the window; returns what it holds. */
async function fillMailbox(db: Db, o: { to: string; messages: number; contacts: number; from: Date }) {
  const counts = { replies: 0, bounces: 0 };
  for (let start = 0; start < o.messages; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(o.messages, start + 500); i++) {
      // One a second after `from`, so the messages keep their order.
      const m = inbound(i, o.to, new Date(o.from.getTime() + i * 1000), o.contacts);
      if (m.kind === "reply") counts.replies += 1;
      if (m.kind === "bounce") counts.bounces += 1;
      rows.push(m.row);
    }
    await db.insert(capturedEmails).values(rows);
  }
  return counts;
}

/** Step 1's queue rows of the campaign by status. */
async function stepOne(db: Db, campaignId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`select se.status, count(*)::int as n from scheduled_emails se
        join email_sequences q on q.id = se.sequence_id and q.step_number = 1
        where se.campaign_id = ${campaignId}::uuid group by se.status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function signIn(baseUrl: string, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0];
  if (!cookie) throw new Error("sign-in set no session cookie");
  return cookie;
}

export async function runResponsivenessBench(o: {
  databaseUrl: string | undefined;
  contacts: number;
  mailboxMessages: number;
  progress: (what: string) => void;
}): Promise<ResponsivenessFigures> {
  o.progress("responsiveness: opening and migrating a database of its own");
  const bench = await openBenchDatabase(o.databaseUrl, "responsiveness");
  const db = bench.database.db;
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig(
    {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      APP_SECRET: "bench-secret-bench-secret-bench-secret-012",
      DATA_DIR: bench.dataDir,
      DATABASE_URL: bench.url ?? "",
      CAPTURE_SMTP_PORT: "0",
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT: "off",
      MAIL_DELIVERY: "capture",
    },
    [],
  );
  const server = await startServer({ config, database: bench.database, log: createLogger("error"), version: "bench" });
  try {
    o.progress("responsiveness: signing a user up and filling the mailbox");
    const user = await createVerifiedUser(baseUrl, "bench-responsiveness");
    const cookie = await signIn(baseUrl, user);
    const call = (path: string, init: { method?: string; body?: string } = {}) =>
      fetch(`${baseUrl}${path}`, {
        method: init.method ?? "GET",
        headers: { origin: baseUrl, cookie, ...(init.body ? { "content-type": "application/json" } : {}) },
        body: init.body,
      });
    const settings = (await (await call("/api/settings")).json()) as Record<string, unknown>;
    const saved = await call("/api/settings", {
      method: "PUT",
      body: JSON.stringify({ ...settings, dailySendLimit: 10_000 }),
    });
    if (!saved.ok) throw new Error(`settings: ${saved.status} ${await saved.text()}`);

    const senders = Math.ceil(o.contacts / SENDER_DAILY_LIMIT);
    const mailboxAddress = senderEmail(1);
    const mailboxCounts = await fillMailbox(db, {
      to: mailboxAddress,
      messages: o.mailboxMessages,
      contacts: o.contacts,
      from: new Date(Date.now() + HOUR),
    });
    const input: CreateCampaignInput = {
      name: "Responsiveness",
      description: null,
      emailColumn: "email",
      senderAccounts: Array.from({ length: senders }, (_, i) => ({
        email: senderEmail(i + 1),
        provider: "custom" as const,
        dailyLimit: SENDER_DAILY_LIMIT,
      })),
      contacts: Array.from({ length: o.contacts }, (_, i) => ({
        email: contactEmail(i + 1),
        firstName: `First${i + 1}`,
        lastName: `Last${i + 1}`,
        company: `Company ${i + 1}`,
        customFields: { city: `City ${i % 200}`, title: "Head of Sales" },
      })),
      // Step 1 is sent now; each send queues its contact's step 2, three days later.
      sequence: [
        { subject: "Quick question", delayAmount: 0 },
        { subject: "Re: Quick question", delayAmount: 3 },
        { subject: "Re: Quick question", delayAmount: 4 },
      ].map((s) => ({
        ...s,
        body: BODY,
        bodyFormat: "html" as const,
        delayUnit: "days" as const,
        scheduledDate: null,
        scheduledTime: null,
      })),
    };
    // Serialised before the window: the browser's work, not the server's.
    const importBody = JSON.stringify(input);

    // The window: probes and the event-loop monitor run from the import to the end of sending and syncing.
    o.progress(
      `responsiveness: importing ${o.contacts} contacts, launching them, syncing a ${o.mailboxMessages}-message mailbox`,
    );
    let phase: Phase = "import";
    const probes: { phase: Phase; ms: number }[] = [];
    let failed = 0;
    /** Why probes failed: "timeout", or the connection error's code. */
    const failures = new Map<string, number>();
    let notOk = 0;
    let probing = true;
    const rssStartMb = rssMb();
    let rssMaxMb = rssStartMb;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const prober = (async () => {
      while (probing) {
        const at = phase;
        const started = performance.now();
        try {
          const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          await res.arrayBuffer();
          probes.push({ phase: at, ms: performance.now() - started });
          if (res.status !== 200) notOk += 1;
        } catch (err) {
          failed += 1;
          const e = err as Error & { cause?: { code?: string } };
          const why = e.name === "TimeoutError" ? "timeout" : (e.cause?.code ?? e.message);
          failures.set(why, (failures.get(why) ?? 0) + 1);
        }
        rssMaxMb = Math.max(rssMaxMb, rssMb());
        await sleep(PROBE_GAP_MS);
      }
    })();

    const windowStarted = performance.now();
    const imported = await call("/api/campaigns", { method: "POST", body: importBody });
    const importSeconds = (performance.now() - windowStarted) / 1000;
    if (imported.status !== 201) throw new Error(`import: ${imported.status} ${await imported.text()}`);
    const campaignId = ((await imported.json()) as { campaign: { id: string } }).campaign.id;

    phase = "launch";
    const launchStarted = performance.now();
    const launched = await call(`/api/campaigns/${campaignId}/launch`, { method: "POST" });
    const launchSeconds = (performance.now() - launchStarted) / 1000;
    if (launched.status !== 200) throw new Error(`launch: ${launched.status} ${await launched.text()}`);
    phase = "sending";

    // Until no step 1 is queued or being sent (a temporary failure is tried again a minute later)
    // and the mailbox's first sync has ended. One small query a second, as a dashboard's poll.
    let sendSeconds: number | undefined;
    let sync: { seconds: number; error: string | null } | undefined;
    let steps: Record<string, number> = {};
    for (let polls = 1; sendSeconds === undefined || sync === undefined; polls++) {
      if (performance.now() - windowStarted > DEADLINE_MS) {
        throw new Error(
          `responsiveness: not done after ${DEADLINE_MS / 60_000} minutes (step 1: ${JSON.stringify(steps)}; mailbox synced: ${sync !== undefined})`,
        );
      }
      await sleep(1_000);
      if (sendSeconds === undefined) {
        steps = await stepOne(db, campaignId);
        if (!steps.scheduled && !steps.sending) sendSeconds = (performance.now() - launchStarted) / 1000;
        if (polls % 15 === 0) o.progress(`responsiveness: step 1 ${JSON.stringify(steps)}`);
      }
      if (sync === undefined) {
        const [row] = await queryRows<{ seconds: number | null; error: string | null }>(
          db,
          sql`select extract(epoch from (coalesce(ms.last_synced_at, ms.last_error_at) - ms.created_at))::float8 as seconds,
                ms.last_error as error
              from mailbox_syncs ms join sender_accounts sa on sa.id = ms.sender_account_id
              where sa.campaign_id = ${campaignId}::uuid and lower(sa.email) = ${mailboxAddress}`,
        );
        if (row?.seconds != null) sync = { seconds: row.seconds, error: row.error };
      }
    }
    const windowSeconds = (performance.now() - windowStarted) / 1000;
    probing = false;
    await prober;
    loop.disable();

    // What the run must have done, checked after the window; printed with the figures.
    const problems: string[] = [];
    if (sync.error) problems.push(`the mailbox sync failed: ${sync.error}`);
    if (steps.sent !== o.contacts) problems.push(`step 1: ${JSON.stringify(steps)}, expected ${o.contacts} sent`);
    const [captured] = await queryRows<{ contacts: number; messages: number }>(
      db,
      sql`select count(distinct to_addresses[1])::int as contacts, count(*)::int as messages from captured_emails
          where subject = 'Quick question' and to_addresses[1] like 'contact-%@prospects.example'`,
    );
    if (captured?.contacts !== o.contacts || captured.messages !== o.contacts) {
      problems.push(
        `the capture server stored ${captured?.messages} step-1 messages to ${captured?.contacts} contacts, expected ${o.contacts} to ${o.contacts}`,
      );
    }
    const [read] = await queryRows<{ at_last: boolean | null; processed: number }>(
      db,
      sql`select
            (select split_part(mf.cursor, '|', 2) from mailbox_folders mf
              join sender_accounts sa on sa.id = mf.sender_account_id
              where sa.campaign_id = ${campaignId}::uuid and lower(sa.email) = ${mailboxAddress})
            = (select id::text from captured_emails where ${mailboxAddress} = any(to_addresses)
                order by received_at desc, id desc limit 1) as at_last,
            (select count(*)::int from mailbox_messages mm join sender_accounts sa on sa.id = mm.sender_account_id
              where sa.campaign_id = ${campaignId}::uuid and lower(sa.email) = ${mailboxAddress}) as processed`,
    );
    if (!read?.at_last) problems.push("the mailbox sync did not read up to the mailbox's last message");
    if ((read?.processed ?? 0) < mailboxCounts.bounces) {
      problems.push(`the sync processed ${read?.processed} messages, fewer than the ${mailboxCounts.bounces} bounces`);
    }

    const all = probes.map((p) => p.ms);
    const byPhase = Object.fromEntries(
      PHASES.map((ph) => [ph, stats(probes.filter((p) => p.phase === ph).map((p) => p.ms))]),
    ) as Record<Phase, ProbeStats>;
    return {
      database: bench.description,
      contacts: o.contacts,
      senders,
      mailbox: { messages: o.mailboxMessages, ...mailboxCounts, processed: read?.processed ?? 0 },
      importSeconds,
      launchSeconds,
      sendSeconds,
      syncSeconds: sync.seconds,
      windowSeconds,
      health: {
        ...stats(all),
        failed,
        failures: Object.fromEntries(failures),
        notOk,
        slow: all.filter((ms) => ms > RESPONSIVENESS_TARGETS.maxMs).length,
      },
      byPhase,
      loop: {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      },
      rssStartMb,
      rssMaxMb,
      problems,
    };
  } finally {
    await server.close();
    await bench.dispose({ keep: false });
  }
}

export function responsivenessReport(f: ResponsivenessFigures): string {
  const ms = (v: number) => `${Math.round(v).toLocaleString("en-US")} ms`;
  const s = (v: number) => `${v.toFixed(1)} s`;
  const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
  const t = RESPONSIVENESS_TARGETS;
  const row = (label: string, p: ProbeStats) =>
    `${label.padEnd(30)}${String(p.probes).padStart(8)}${ms(p.p50).padStart(10)}${ms(p.p99).padStart(10)}${ms(p.max).padStart(10)}`;
  return [
    `Responsiveness (issue 26 §2): startServer as \`npm start\` runs it (role all, capture mode) in this process, on ${f.database}.`,
    `One user imports ${f.contacts.toLocaleString("en-US")} contacts (POST /api/campaigns, ${f.senders} sender${f.senders === 1 ? "" : "s"}, 3 steps), launches them (every step 1`,
    `sent to the in-process capture server), while the first sync of a ${f.mailbox.messages.toLocaleString("en-US")}-message mailbox (${f.mailbox.replies} replies, ${f.mailbox.bounces} bounces, the`,
    `rest newsletters; ${f.mailbox.processed} processed) runs. GET /api/health one probe at a time (${PROBE_GAP_MS} ms apart, ${PROBE_TIMEOUT_MS / 1000} s timeout).`,
    "",
    `  import answered      ${s(f.importSeconds)}`,
    `  launch answered      ${s(f.launchSeconds)}`,
    `  launch → all sent    ${s(f.sendSeconds)}`,
    `  mailbox first sync   ${s(f.syncSeconds)} (sender created → synced)`,
    `  whole window         ${s(f.windowSeconds)}`,
    "",
    `${"/api/health".padEnd(30)}${"probes".padStart(8)}${"p50".padStart(10)}${"p99".padStart(10)}${"max".padStart(10)}`,
    row("all", f.health),
    ...PHASES.map((ph) => row(`  during ${ph}`, f.byPhase[ph])),
    `  failed: ${f.health.failed}${f.health.failed ? ` (${JSON.stringify(f.health.failures)}; timeout: no answer in ${PROBE_TIMEOUT_MS / 1000} s)` : ""}; not 200: ${f.health.notOk}; slower than ${ms(t.maxMs)}: ${f.health.slow}`,
    `  event loop delay (monitorEventLoopDelay): p50 ${ms(f.loop.p50)}, p99 ${ms(f.loop.p99)}, max ${ms(f.loop.max)}`,
    `  resident memory: ${f.rssStartMb} MB at the start, ${f.rssMaxMb} MB at most`,
    "",
    ...(f.problems.length ? ["", "  PROBLEMS (the run fails):", ...f.problems.map((p) => `    ${p}`)] : []),
    `  target p99 <= ${ms(t.p99Ms)}: ${ms(f.health.p99)} ${verdict(f.health.failed === 0 && f.health.p99 <= t.p99Ms)}; max <= ${ms(t.maxMs)}: ${f.health.failed > 0 ? `${f.health.failed} probes unanswered` : ms(f.health.max)} ${verdict(f.health.failed === 0 && f.health.max <= t.maxMs)}`,
  ].join("\n");
}
