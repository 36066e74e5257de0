// Command-line options of `npm run bench -- --messages=2000 …`. Defaults are
// the figures: 10,000 messages per sending run, 10,000 contacts × 5
// steps for launch, for the screens 100 campaigns, 50,000 contacts and
// 1,000,000 email_sends, a 10,000-message IMAP mailbox, and a calendar month
// of 100,000 sends; in headless Chromium, a 10,000-row CSV and .xlsx imported
// into the wizard and the dashboard's first view over the screens' data; and
// /api/health meanwhile one user imports 10,000 contacts, launches them and a
// 10,000-message mailbox syncs (responsiveness).

export type BenchOptions = {
  /** Messages per sending run (engine and raw nodemailer each). */
  messages: number;
  /** Contacts in the launched campaign. */
  contacts: number;
  /** Sequence steps of every campaign. */
  steps: number;
  /** Launch measurements are repeated this many times (fresh campaigns each); the median is printed. */
  repeats: number;
  /**
   * Engine/raw comparisons per configuration (fresh user and campaign each, the
   * order of the two sides alternating); the median ratio is the verdict.
   */
  sendPairs: number;
  /** Which parts to run. */
  send: boolean;
  launch: boolean;
  screens: boolean;
  mailbox: boolean;
  verification: boolean;
  calendar: boolean;
  /** The contact import in the wizard (headless Chromium, the built app). */
  imports: boolean;
  /** The dashboard's first view over the screens' data (headless Chromium, the built app). */
  firstView: boolean;
  /** The bytes of each entry route's first load, Brotli, gzip and raw (the built app, no database). */
  transfer: boolean;
  /** /api/health and the event loop while a user imports, launches and a mailbox syncs (a database of its own). */
  responsiveness: boolean;
  /** Lighthouse, mobile and desktop presets, on /auth, a booking page and the dashboard (the built app). */
  lighthouse: boolean;
  /** The claim's cost per message with human pacing on and off (100 senders, 20,000 due rows). */
  pacing: boolean;
  /** Outbound webhooks: deliveries per second, and the cost of emitting email.sent per sent message. */
  webhooks: boolean;
  /** Rows of the imported CSV and .xlsx. */
  importRows: number;
  /** Imports per file (fresh browser context each); the median is printed. */
  importRuns: number;
  /** First views per cache state (cold: a new context each; warm: reloads); the median is printed. */
  firstViewRuns: number;
  /** Sends in the calendar's measured month. */
  calendarSends: number;
  /** Messages in the IMAP mailbox of the mailbox part (10% replies, 5% bounces, the rest newsletters). */
  mailboxMessages: number;
  /** The screens' measured user: campaigns, contacts and email_sends seeded. */
  screenCampaigns: number;
  screenContacts: number;
  screenSends: number;
  /** Timed requests per screen call (after the warm-up). */
  screenRequests: number;
  /** Also measure raw nodemailer with its default socket (Nagle on), for reference. */
  rawDefaults: boolean;
  /** PostgreSQL server to create a throw-away database on; PGlite when absent. */
  databaseUrl: string | undefined;
  /** Keep the temporary database (PGlite directory or PostgreSQL database) for inspection. */
  keep: boolean;
};

/** The user's daily limit cannot exceed 10,000 (user_settings CHECK), and one user sends each run. */
export const MAX_MESSAGES = 10_000;

const USAGE = `npm run bench -- [options]
  --messages=N      messages per sending run, engine and raw each (default 10000, at most ${MAX_MESSAGES})
  --contacts=N      contacts in the launched campaign (default 10000)
  --steps=N         sequence steps per campaign (default 5, at least 2)
  --repeats=N       launch measurements, median of N (default 3)
  --send-pairs=N    engine/raw comparisons per configuration, median ratio of N (default 3)
  --only=send|launch|screens|mailbox|verification|calendar|imports|first-view|transfer|responsiveness|lighthouse|pacing|webhooks
                    run one part (lighthouse: mobile and desktop presets on /auth, a booking
                    page and the dashboard, best of 2; needs Chromium and \`npx vite build\`)
                    (mailbox needs Dovecot: apt-get install dovecot-imapd; imports and first-view
                    need Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and \`npx vite build\`;
                    transfer needs \`npx vite build\`; responsiveness uses --contacts and
                    --mailbox-messages, on a database of its own)
  --screen-campaigns=N  campaigns of the screens' user (default 100, at least 3)
  --screen-contacts=N   contacts of the screens' user (default 50000)
  --screen-sends=N      email_sends of the screens' user (default 1000000; at least the campaign
                        sends its contacts get, about 2 per contact)
  --screen-requests=N   timed requests per screen call (default 30)
  --mailbox-messages=N  messages in the synced IMAP mailbox (default 10000, at least 100)
  --calendar-sends=N    sends in the calendar's measured month (default 100000)
  --import-rows=N   rows of the imported CSV and .xlsx (default 10000)
  --import-runs=N   imports per file, median of N (default 3)
  --first-view-runs=N  dashboard first views per cache state, median of N (default 5); the data is
                    the screens' (seeded for first-view when the screens part does not run)
  --raw-defaults    also time raw nodemailer with its default socket (Nagle's algorithm on)
  --keep            keep the temporary database afterwards
Database: PGlite in a temporary directory, or a throw-away database on the
PostgreSQL server of BENCH_DATABASE_URL (else DATABASE_URL) when set.`;

function positiveInt(name: string, value: string): number {
  const n = Number(value.replaceAll("_", ""));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got "${value}"`);
  return n;
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const options: BenchOptions = {
    messages: 10_000,
    contacts: 10_000,
    steps: 5,
    repeats: 3,
    sendPairs: 3,
    send: true,
    launch: true,
    screens: true,
    mailbox: true,
    verification: true,
    calendar: true,
    imports: true,
    firstView: true,
    transfer: true,
    responsiveness: true,
    lighthouse: true,
    pacing: true,
    webhooks: true,
    importRows: 10_000,
    importRuns: 3,
    firstViewRuns: 5,
    calendarSends: 100_000,
    mailboxMessages: 10_000,
    screenCampaigns: 100,
    screenContacts: 50_000,
    screenSends: 1_000_000,
    screenRequests: 30,
    rawDefaults: false,
    databaseUrl: env.BENCH_DATABASE_URL || env.DATABASE_URL || undefined,
    keep: false,
  };
  for (const arg of argv) {
    const [flag, value = ""] = arg.replace(/^--/, "").split("=", 2) as [string, string?];
    switch (flag) {
      case "messages":
        options.messages = positiveInt(flag, value);
        break;
      case "contacts":
        options.contacts = positiveInt(flag, value);
        break;
      case "steps":
        options.steps = positiveInt(flag, value);
        break;
      case "repeats":
        options.repeats = positiveInt(flag, value);
        break;
      case "send-pairs":
        options.sendPairs = positiveInt(flag, value);
        break;
      case "only":
        if (
          ![
            "send",
            "launch",
            "screens",
            "mailbox",
            "verification",
            "calendar",
            "imports",
            "first-view",
            "transfer",
            "responsiveness",
            "lighthouse",
            "pacing",
            "webhooks",
          ].includes(value)
        ) {
          throw new Error(
            `--only takes send, launch, screens, mailbox, verification, calendar, imports, first-view, transfer, responsiveness, lighthouse, pacing or webhooks, got "${value}"`,
          );
        }
        options.send = value === "send";
        options.launch = value === "launch";
        options.screens = value === "screens";
        options.mailbox = value === "mailbox";
        options.verification = value === "verification";
        options.calendar = value === "calendar";
        options.imports = value === "imports";
        options.firstView = value === "first-view";
        options.transfer = value === "transfer";
        options.responsiveness = value === "responsiveness";
        options.lighthouse = value === "lighthouse";
        options.pacing = value === "pacing";
        options.webhooks = value === "webhooks";
        break;
      case "import-rows":
        options.importRows = positiveInt(flag, value);
        break;
      case "import-runs":
        options.importRuns = positiveInt(flag, value);
        break;
      case "first-view-runs":
        options.firstViewRuns = positiveInt(flag, value);
        break;
      case "mailbox-messages":
        options.mailboxMessages = positiveInt(flag, value);
        break;
      case "calendar-sends":
        options.calendarSends = positiveInt(flag, value);
        break;
      case "screen-campaigns":
        options.screenCampaigns = positiveInt(flag, value);
        break;
      case "screen-contacts":
        options.screenContacts = positiveInt(flag, value);
        break;
      case "screen-sends":
        options.screenSends = positiveInt(flag, value);
        break;
      case "screen-requests":
        options.screenRequests = positiveInt(flag, value);
        break;
      case "raw-defaults":
        options.rawDefaults = true;
        break;
      case "keep":
        options.keep = true;
        break;
      case "help":
      case "h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown option "${arg}"\n\n${USAGE}`);
    }
  }
  if (options.messages > MAX_MESSAGES) {
    throw new Error(
      `--messages is at most ${MAX_MESSAGES}: one user sends each run, and a user's daily limit caps there`,
    );
  }
  if (options.steps < 2) throw new Error("--steps must be at least 2 (follow-ups are part of the measured path)");
  if (options.mailboxMessages < 100) throw new Error("--mailbox-messages must be at least 100");
  if (options.screenCampaigns < 3) {
    throw new Error("--screen-campaigns must be at least 3 (an address is a contact of up to 3 campaigns)");
  }
  return options;
}
