// `npm run bench`: the sending engine against raw nodemailer, launch against
// a set-based insert, and the screens' API calls at the issue's volume,
// measured in one run on one database, and the mailbox sync over IMAP against
// a throw-away Dovecot (no database), printed side by side with the issue's
// targets, and email verification (offline checks, DNS and the SMTP probe
// against local servers), and the calendar's month and day at 100,000 sends
// a month, and /api/health with the event loop's longest delay while one user
// imports 10,000 contacts, launches them and a 10,000-message mailbox syncs.
// Options: bench/options.ts.
//
// Verification is part of the run: a figure only counts if the sink received
// exactly the messages, the database recorded exactly the sends and the
// screens showed what naive queries over the base tables show; anything else
// makes the run exit non-zero. A missed target does not: it is a result,
// printed as MISS.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Config, loadConfig } from "../src/server/config.ts";
import { type Db, migrationsFolder } from "../src/server/db/client.ts";
import { createLogger, type Logger } from "../src/server/logger.ts";
import { createDeliveryThread, type DeliveryThread } from "../src/server/sending/delivery/delivery-thread.ts";
import { openBenchDatabase } from "./bench-database.ts";
import { calendarReport, runCalendarBench } from "./calendar.ts";
import { firstViewReport, runFirstViewBench } from "./first-view.ts";
import { importsReport, runImportsBench } from "./imports.ts";
import { runLaunchBench } from "./launch.ts";
import { lighthouseReport, runLighthouseBench } from "./lighthouse.ts";
import { machineFacts } from "./machine.ts";
import { type MailboxFigures, runMailboxBench } from "./mailbox-sync.ts";
import { MAX_MESSAGES, parseOptions } from "./options.ts";
import { pacingClaimReport, runPacingClaimBench } from "./pacing-claim.ts";
import {
  launchIntro,
  launchTable,
  mailboxIntro,
  mailboxTable,
  medianPair,
  rawDefaultsTable,
  type SendComparison,
  type SendFigures,
  screensIntro,
  screensProblems,
  screensTable,
  sendIntro,
  sendPairsTable,
  sendTable,
  stageTable,
  TARGETS,
  verificationIntro,
  verificationTable,
} from "./report.ts";
import {
  RESPONSIVENESS_TARGETS,
  type ResponsivenessFigures,
  responsivenessReport,
  runResponsivenessBench,
} from "./responsiveness.ts";
import { runScreensBench } from "./screens.ts";
import { SENDER_DAILY_LIMIT, SENDER_DOMAIN, seedCampaign, seedDueQueue, seedUser } from "./seed.ts";
import { runEngine, verifyEngineRun } from "./send-engine.ts";
import { equivalentMessages, type RawRun, runRaw } from "./send-raw.ts";
import { type SmtpSinkProcess, sinkDelta, startSinkProcess } from "./smtp-sink.ts";
import { runTransferBench, type TransferRow, transferReport } from "./transfer-size.ts";
import { runVerificationBench, type VerificationFigures } from "./verification.ts";
import { runWebhooksBench, webhooksReport } from "./webhooks.ts";

/** The schema the figures were taken on: the migrations' tags, from drizzle's journal. */
function appliedMigrations(): string[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

const progress = (what: string) => process.stderr.write(`  … ${what}\n`);

type SendContext = {
  db: Db;
  log: Logger;
  sink: SmtpSinkProcess;
  steps: number;
  rawDefaults: boolean;
  /** As the app does: with PGlite the delivery thread journals hand-offs (in the data directory). */
  handOffJournal?: { dir: string; tag: string };
  /**
   * As the app does: one delivery thread for the process's life (server.ts
   * creates one transport factory), so the warm-up warms its JIT as it warms
   * raw nodemailer's, which runs on this thread. A thread of its own per run
   * measured the engine on cold code every time: about half its usual rate
   * in the first second of each 5,000-message run.
   */
  deliveryThread: DeliveryThread;
};

/**
 * One sending comparison on a fresh user and campaign (fresh daily counters):
 * raw nodemailer and the engine one after the other (`engineFirst` says which
 * goes first), each checked against the sink.
 */
async function sendRun(
  ctx: SendContext,
  label: string,
  config: Config,
  messages: number,
  engineFirst = false,
): Promise<SendFigures> {
  const { db, sink } = ctx;
  progress(`${label}: seeding ${messages} contacts and their due queue`);
  const userId = await seedUser(db, `send-${config.dkim ? "dkim" : "plain"}`, MAX_MESSAGES);
  const campaign = await seedCampaign(db, {
    userId,
    name: `send ${label}`,
    status: "active",
    senders: Math.ceil(messages / SENDER_DAILY_LIMIT),
    contacts: messages,
    steps: ctx.steps,
  });
  const due = await seedDueQueue(db, campaign);
  const equivalent = await equivalentMessages(db, config, campaign);
  if (equivalent.length !== messages) throw new Error(`seeded ${equivalent.length} due rows, expected ${messages}`);
  const signedExpected = config.dkim ? messages : 0;

  const checkSink = (who: string, got: { messages: number; dkimSigned: number }) => {
    if (got.messages !== messages || got.dkimSigned !== signedExpected) {
      throw new Error(
        `${who} (${label}): the sink received ${got.messages} messages (${got.dkimSigned} DKIM-signed), expected ${messages} (${signedExpected})`,
      );
    }
  };

  const runRawSide = async () => {
    progress(`${label}: raw nodemailer, ${messages} messages`);
    let before = await sink.stats();
    const raw = await runRaw({ port: sink.port, messages: equivalent, dkim: config.dkim, noDelay: true });
    checkSink("raw nodemailer", sinkDelta(before, await sink.stats()));
    let rawDefaults: RawRun | undefined;
    if (ctx.rawDefaults) {
      progress(`${label}: raw nodemailer with default sockets, ${messages} messages`);
      before = await sink.stats();
      rawDefaults = await runRaw({ port: sink.port, messages: equivalent, dkim: config.dkim, noDelay: false });
      checkSink("raw nodemailer (defaults)", sinkDelta(before, await sink.stats()));
    }
    return { raw, rawDefaults };
  };
  const runEngineSide = async () => {
    progress(`${label}: engine, ${messages} messages`);
    const before = await sink.stats();
    const engine = await runEngine({
      db,
      config,
      log: ctx.log,
      sinkPort: sink.port,
      handOffJournal: ctx.handOffJournal,
      deliveryThread: ctx.deliveryThread,
    });
    const got = sinkDelta(before, await sink.stats());
    checkSink("engine", got);
    if (engine.sent !== messages) throw new Error(`engine (${label}): the worker reported ${engine.sent} sent`);
    await verifyEngineRun(db, campaign, {
      sent: messages,
      // Step 1 sends queue step 2; step 2 sends queue step 3 when there is one.
      followUps: due.firstSteps + (ctx.steps >= 3 ? due.followUps : 0),
    });
    return { engine, got };
  };
  let rawSide: Awaited<ReturnType<typeof runRawSide>>;
  let engineSide: Awaited<ReturnType<typeof runEngineSide>>;
  if (engineFirst) {
    engineSide = await runEngineSide();
    rawSide = await runRawSide();
  } else {
    rawSide = await runRawSide();
    engineSide = await runEngineSide();
  }
  const { raw, rawDefaults } = rawSide;
  const { engine, got } = engineSide;
  return {
    label,
    messages,
    engine,
    raw,
    rawDefaults,
    engineFirst,
    sinkCounted: got.messages,
    sinkSigned: got.dkimSigned,
  };
}

function printMailbox(mailbox: MailboxFigures): void {
  console.log(mailboxIntro(mailbox));
  console.log(mailboxTable(mailbox));
  console.log("");
}

function printVerification(figures: VerificationFigures): void {
  console.log(verificationIntro(figures));
  console.log(verificationTable(figures));
  console.log("");
}

function printTransfer(rows: TransferRow[]): void {
  console.log(transferReport(rows));
  console.log("");
}

function printResponsiveness(figures: ResponsivenessFigures): void {
  console.log(responsivenessReport(figures));
  console.log("");
}

/** A responsiveness run that did not do what it should (printed with its figures) fails the benchmark. */
function checkResponsiveness(figures: ResponsivenessFigures | undefined): void {
  if (figures?.problems.length) throw new Error(`responsiveness: ${figures.problems.join("; ")}`);
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const facts = machineFacts();
  console.log("Coldreach benchmark");
  console.log(`  machine:  ${facts.cores} cores, ${facts.cpu}, ${facts.ramGb} GB RAM, Node ${facts.node}`);
  console.log(`  date:     ${facts.date} (load average at start: ${facts.load})`);

  // First, and without a database: it needs none, and a run of it alone opens none.
  const mailbox = options.mailbox ? await runMailboxBench({ messages: options.mailboxMessages, progress }) : undefined;
  const verification = options.verification ? await runVerificationBench({ progress }) : undefined;
  const transfer = options.transfer
    ? await runTransferBench({ distDir: join(import.meta.dirname, "../dist/web") })
    : undefined;
  // Webhooks on a database of their own too: their figures are not mixed with the other parts' rows.
  const webhooks = options.webhooks
    ? await runWebhooksBench({ databaseUrl: options.databaseUrl, progress })
    : undefined;
  // On a database of its own: its server's send worker would send what the other parts leave queued.
  const responsiveness = options.responsiveness
    ? await runResponsivenessBench({
        databaseUrl: options.databaseUrl,
        contacts: options.contacts,
        mailboxMessages: options.mailboxMessages,
        progress,
      })
    : undefined;
  if (
    !options.send &&
    !options.launch &&
    !options.screens &&
    !options.calendar &&
    !options.imports &&
    !options.firstView &&
    !options.lighthouse &&
    !options.pacing
  ) {
    console.log(`  command:  npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`);
    console.log("");
    if (mailbox) printMailbox(mailbox);
    if (verification) printVerification(verification);
    if (transfer) printTransfer(transfer);
    if (responsiveness) printResponsiveness(responsiveness);
    if (webhooks) console.log(`${webhooksReport(webhooks)}\n`);
    console.log(`Load average at end: ${machineFacts().load} (${machineFacts().cores} cores)`);
    checkResponsiveness(responsiveness);
    return;
  }

  const sink = await startSinkProcess();
  let deliveryThread: DeliveryThread | undefined;
  progress("opening and migrating a fresh database");
  const bench = await openBenchDatabase(options.databaseUrl);
  console.log(`  database: ${bench.description}`);
  console.log(`  schema:   migrations ${appliedMigrations().join(", ")}`);
  console.log(`  command:  npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`);
  console.log("");

  try {
    const { privateKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    // The configuration as the server reads it; DKIM through the same DKIM_* variables.
    const env = {
      APP_SECRET: randomBytes(32).toString("base64url"),
      PUBLIC_URL: "https://app.coldreach.example",
      DATA_DIR: bench.dataDir,
      LOG_LEVEL: "error",
      MAIL_DELIVERY: "capture",
      CAPTURE_SMTP_PORT: String(sink.port),
    };
    const plain = loadConfig(env, []);
    const signed = loadConfig(
      { ...env, DKIM_DOMAIN: SENDER_DOMAIN, DKIM_SELECTOR: "bench", DKIM_PRIVATE_KEY: privateKey },
      [],
    );
    const log = createLogger(plain.logLevel);
    const handOffJournal =
      bench.database.kind === "pglite"
        ? // As server.ts: in the data directory (removed with it).
          { dir: join(bench.dataDir, "hand-offs"), tag: `bench-${process.pid}` }
        : undefined;
    const ctx: SendContext = {
      db: bench.database.db,
      log,
      sink,
      steps: options.steps,
      rawDefaults: options.rawDefaults,
      handOffJournal,
      // As server.ts: PGlite's thread journals hand-offs, PostgreSQL's records them on its own connection.
      deliveryThread: createDeliveryThread({
        journal: handOffJournal,
        database: bench.url ? { url: bench.url } : undefined,
      }),
    };
    deliveryThread = ctx.deliveryThread;

    const sends: SendComparison[] = [];
    if (options.send) {
      // JIT, connection and cache warm-up on both paths, not reported.
      await sendRun({ ...ctx, rawDefaults: false }, "warm-up", plain, Math.min(500, options.messages));
      for (const [label, config] of [
        ["without DKIM", plain],
        ["with DKIM (RSA 2048)", signed],
      ] as const) {
        const pairs: SendFigures[] = [];
        for (let i = 0; i < options.sendPairs; i++) {
          // Taking turns cancels out what going first or second does (warm caches, a drifting machine).
          pairs.push(await sendRun(ctx, `${label}, pair ${i + 1}`, config, options.messages, i % 2 === 1));
        }
        sends.push({ label, messages: options.messages, pairs });
      }
    }
    const launch = options.launch
      ? await runLaunchBench({
          db: bench.database.db,
          config: plain,
          log,
          sink,
          contacts: options.contacts,
          steps: options.steps,
          repeats: options.repeats,
          progress,
        })
      : undefined;
    const pacing = options.pacing ? await runPacingClaimBench({ db: bench.database.db, progress }) : undefined;
    const screens = options.screens
      ? await runScreensBench({
          database: bench.database,
          dataDir: bench.dataDir,
          volume: {
            campaigns: options.screenCampaigns,
            contacts: options.screenContacts,
            sends: options.screenSends,
            savedSenders: 10,
          },
          requests: options.screenRequests,
          progress,
        })
      : undefined;

    const calendar = options.calendar
      ? await runCalendarBench({
          database: bench.database,
          sends: options.calendarSends,
          requests: options.screenRequests,
          progress,
        })
      : undefined;

    // The browser parts last: the first view reuses the screens' seeded user when that part ran.
    const imports = options.imports
      ? await runImportsBench({
          database: bench.database,
          rows: options.importRows,
          runs: options.importRuns,
          progress,
        })
      : undefined;
    const firstView = options.firstView
      ? await runFirstViewBench({
          database: bench.database,
          seeded: screens?.user,
          volume: {
            campaigns: options.screenCampaigns,
            contacts: options.screenContacts,
            sends: options.screenSends,
            savedSenders: 10,
          },
          runs: options.firstViewRuns,
          progress,
        })
      : undefined;
    const lighthouse = options.lighthouse
      ? await runLighthouseBench({ database: bench.database, progress })
      : undefined;

    if (sends.length > 0) {
      console.log(sendIntro(options.messages, options.sendPairs));
      console.log(sendTable(sends));
      console.log(`\nEach pair:\n${sendPairsTable(sends)}`);
      const defaults = rawDefaultsTable(sends.flatMap((c) => c.pairs));
      if (defaults) console.log(`\nRaw nodemailer socket options (reference):\n${defaults}`);
      for (const c of sends) {
        // The pair whose ratio is the median's: the others are in the table above.
        const s = { ...medianPair(c).pair, label: c.label };
        console.log(`\nWhere the engine's time went (${s.label}, ${s.engine.rounds} worker rounds):`);
        console.log(stageTable(s));
      }
      console.log("");
    }
    if (launch) {
      console.log(launchIntro(launch));
      console.log(launchTable(launch));
      console.log("");
    }
    if (pacing) {
      console.log(pacingClaimReport(pacing));
      console.log("");
    }
    const mismatches = screens ? screensProblems(screens) : undefined;
    if (screens) {
      console.log(screensIntro(screens));
      console.log(screensTable(screens));
      if (mismatches) console.log(`\nFigures that differ from the naive queries:\n${mismatches}`);
      console.log("");
    }
    if (calendar) {
      console.log(calendarReport(calendar));
      console.log("");
    }
    if (imports) {
      console.log(importsReport(imports));
      console.log("");
    }
    if (firstView) {
      console.log(firstViewReport(firstView));
      console.log("");
    }
    if (lighthouse) {
      console.log(lighthouseReport(lighthouse));
      console.log("");
    }
    if (mailbox) printMailbox(mailbox);
    if (verification) printVerification(verification);
    if (transfer) printTransfer(transfer);
    if (responsiveness) printResponsiveness(responsiveness);
    if (webhooks) console.log(`${webhooksReport(webhooks)}\n`);
    console.log(
      `Targets: engine >= ${TARGETS.engineVsRaw} × raw nodemailer (with and without DKIM); launch <= ${TARGETS.launchVsFloor} × the insert floor; screens: p95 < ${TARGETS.screenP95Ms} ms per call on PostgreSQL; mailbox: first sync <= ${TARGETS.mailboxFirstSyncSeconds} s, nothing new in one command per folder; verification: ${TARGETS.verificationOfflineSeconds} s for 10,000 addresses offline; /api/health under load: p99 <= ${RESPONSIVENESS_TARGETS.p99Ms} ms, max <= ${RESPONSIVENESS_TARGETS.maxMs} ms.`,
    );
    // Other work on the machine moves every figure; this says how much there was.
    console.log(`Load average at end: ${machineFacts().load} (${machineFacts().cores} cores)`);
    if (mismatches) throw new Error("screens: some figures differ from the naive queries (listed above)");
    checkResponsiveness(responsiveness);
  } finally {
    // Its hand-off connections must end before the throw-away database is dropped.
    await deliveryThread?.terminate();
    await bench.dispose({ keep: options.keep });
    await sink.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error("\nBENCHMARK FAILED:", err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
