// Mailbox sync over IMAP against a throw-away Dovecot on 127.0.0.1
// (tests/support/dovecot.ts), through the production IMAP source
// (src/server/mailbox/imap-source.ts):
// (a) a first sync of a mailbox of N messages (10,000 by default: 10% replies
//     to our sends by In-Reply-To, 5% delivery status notifications, the rest
//     newsletters), every one received inside the first-sync window, so every
//     header is read. The pass wants the replies (In-Reply-To one of our
//     Message-IDs) and what looks like a bounce, and parses each fetched
//     message with parseInbound, as the engine does. Measured twice: on a
//     mailbox Dovecot has never opened (it builds its index during the sync:
//     the figure judged), and again from scratch once the index exists (what
//     a server that already knows the mailbox costs).
// (b) an incremental sync with nothing new: on a fresh connection (as a
//     scheduled sync opens one) and on an open one; its time and the IMAP
//     commands it sent.
// The select/process callbacks are passed in (`callbacks`), so the sync
// engine's own can replace the stand-ins below.
import { randomBytes } from "node:crypto";
import { createLogger } from "../src/server/logger.ts";
import { createImapSource } from "../src/server/mailbox/imap-source.ts";
import type { FetchedMessage, FolderState, MessageHeaders } from "../src/server/mailbox/mailbox-source.ts";
import { parseInbound } from "../src/server/mailbox/parse-inbound.ts";
import { dovecotVersion, startDovecot } from "../tests/support/dovecot.ts";

const USER = "jane@acme.test";
const PASSWORD = "bench-password-1";
const DAY = 86_400_000;

/** What the sync engine does with headers and fetched messages; `verify` throws when the run missed anything. */
export type MailboxCallbacks = {
  select(headers: MessageHeaders[]): Promise<boolean[]>;
  process(messages: FetchedMessage[], state: FolderState): Promise<void>;
  /** Counts to print (e.g. replies and bounces recognised). */
  counts(): Record<string, number>;
  verify(): void;
  reset(): void;
};

export type MailboxSyncRun = {
  seconds: number;
  cpuMs: number;
  commands: number;
  headerFetches: number;
  bodyFetches: number;
  searches: number;
  processCalls: number;
  counts: Record<string, number>;
};

export type MailboxFigures = {
  messages: number;
  replies: number;
  bounces: number;
  newsletters: number;
  megabytes: number;
  fillSeconds: number;
  dovecot: string;
  cold: MailboxSyncRun;
  warm: MailboxSyncRun;
  folders: number;
  /** Nothing new, a fresh connection each time: median of the repeats. */
  idleFresh: { seconds: number; commands: number; syncCommands: string[] };
  /** Nothing new, on a connection already open: median of the repeats. */
  idleOpen: { seconds: number; commands: number };
  repeats: number;
};

/** A deterministic pseudo-random sequence (mulberry32), so every run fills the same mailbox. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

function reply(i: number, sent: string, date: Date): string {
  return [
    `Return-Path: <prospect${i}@customer${i % 97}.example>`,
    `Received: from mx.customer${i % 97}.example by mail.acme.test; ${rfc2822(date)}`,
    `From: Prospect ${i} <prospect${i}@customer${i % 97}.example>`,
    `To: Jane <${USER}>`,
    `Subject: Re: Quick question about your onboarding`,
    `Date: ${rfc2822(date)}`,
    `Message-ID: <reply-${i}.${randomBytes(6).toString("hex")}@customer${i % 97}.example>`,
    `In-Reply-To: ${sent}`,
    `References: ${sent}`,
    `MIME-Version: 1.0`,
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    `Hi Jane,`,
    ``,
    `Thanks for reaching out. ${i % 3 === 0 ? "Happy to talk next week, Tuesday works." : "We already have a tool for that, thanks."}`,
    ``,
    `Best,`,
    `Prospect ${i}`,
    ``,
    `On Mon, 2 Mar 2026 at 09:00, Jane <${USER}> wrote:`,
    ...Array.from({ length: 12 }, () => `> We help teams like yours onboard new customers in days instead of weeks.`),
    ``,
  ].join("\r\n");
}

function bounce(i: number, sent: string, date: Date): string {
  const boundary = `dsn-${i}-${randomBytes(4).toString("hex")}`;
  const recipient = `gone${i}@customer${i % 89}.example`;
  return [
    `Return-Path: <>`,
    `From: Mail Delivery System <MAILER-DAEMON@mail.acme.test>`,
    `To: ${USER}`,
    `Subject: Undelivered Mail Returned to Sender`,
    `Date: ${rfc2822(date)}`,
    `Message-ID: <dsn-${i}.${randomBytes(6).toString("hex")}@mail.acme.test>`,
    `Auto-Submitted: auto-replied`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    ``,
    `--${boundary}`,
    `Content-Type: text/plain; charset=us-ascii`,
    ``,
    `This is the mail system at host mail.acme.test.`,
    `I'm sorry to have to inform you that your message could not be delivered to one or more recipients.`,
    `<${recipient}>: host mx.customer${i % 89}.example said: 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown`,
    ``,
    `--${boundary}`,
    `Content-Type: message/delivery-status`,
    ``,
    `Reporting-MTA: dns; mail.acme.test`,
    ``,
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: failed`,
    `Status: 5.1.1`,
    `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown`,
    ``,
    `--${boundary}`,
    `Content-Type: text/rfc822-headers`,
    ``,
    `From: Jane <${USER}>`,
    `To: ${recipient}`,
    `Subject: Quick question about your onboarding`,
    `Message-ID: ${sent}`,
    ``,
    `--${boundary}--`,
    ``,
  ].join("\r\n");
}

function newsletter(i: number, date: Date): string {
  const brand = `brand${i % 53}`;
  const boundary = `alt-${i}-${randomBytes(4).toString("hex")}`;
  const paragraph = `This week at ${brand}: new features, a customer story and a webinar you should not miss. `;
  return [
    `Return-Path: <bounces+${i}@news.${brand}.example>`,
    `From: ${brand} News <news@${brand}.example>`,
    `To: ${USER}`,
    `Subject: ${brand} weekly #${i}`,
    `Date: ${rfc2822(date)}`,
    `Message-ID: <news-${i}.${randomBytes(6).toString("hex")}@${brand}.example>`,
    `List-Unsubscribe: <https://${brand}.example/u/${i}>`,
    `Precedence: bulk`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    ``,
    `--${boundary}`,
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    paragraph.repeat(12),
    ``,
    `--${boundary}`,
    `Content-Type: text/html; charset=utf-8`,
    ``,
    `<html><body>${`<p style="font-family:Arial,sans-serif;font-size:14px;color:#333">${paragraph}</p>`.repeat(40)}</body></html>`,
    ``,
    `--${boundary}--`,
    ``,
  ].join("\r\n");
}

const messageIds = (value: string | undefined) => value?.match(/<[^<>\s]+>/g) ?? [];

/**
 * Stand-ins for the sync engine's callbacks: a message is wanted when its
 * In-Reply-To/References name one of our sends or when it looks like a
 * bounce; each fetched one is parsed (parseInbound) and counted.
 */
export function benchCallbacks(sent: ReadonlySet<string>, expected: { replies: number; bounces: number }) {
  let replies = 0;
  let bounces = 0;
  let processed = 0;
  const looksLikeBounce = (h: Record<string, string>) =>
    /multipart\/report/i.test(h["content-type"] ?? "") ||
    /^(?:[^<]*<)?(mailer-daemon|postmaster)@/i.test(h.from ?? "") ||
    h["return-path"] === "<>";
  const callbacks: MailboxCallbacks = {
    async select(headers) {
      return headers.map(
        (h) =>
          messageIds(h.headers["in-reply-to"]).some((id) => sent.has(id)) ||
          messageIds(h.headers.references).some((id) => sent.has(id)) ||
          looksLikeBounce(h.headers),
      );
    },
    async process(messages) {
      for (const message of messages) {
        const parsed = await parseInbound(message.raw);
        processed++;
        if (parsed.inReplyTo && sent.has(parsed.inReplyTo)) replies++;
        // By the report's type: parseInbound's parts miss message/delivery-status
        // (mailparser inlines it into the text), noted for the engine's owner.
        else if (/multipart\/report/i.test(parsed.headers["content-type"] ?? "")) bounces++;
      }
    },
    counts: () => ({ processed, replies, bounces }),
    verify() {
      if (replies !== expected.replies || bounces !== expected.bounces || processed !== replies + bounces) {
        throw new Error(
          `mailbox sync: processed ${processed} messages (${replies} replies, ${bounces} bounces), expected ${expected.replies} replies and ${expected.bounces} bounces`,
        );
      }
    },
    reset() {
      replies = bounces = processed = 0;
    },
  };
  return callbacks;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function runMailboxBench(opts: {
  messages: number;
  repeats?: number;
  progress: (what: string) => void;
  /** The engine's callbacks; the bench's stand-ins when absent. */
  callbacks?: (sent: ReadonlySet<string>, expected: { replies: number; bounces: number }) => MailboxCallbacks;
}): Promise<MailboxFigures> {
  const repeats = opts.repeats ?? 5;
  const total = opts.messages;
  const repliesWanted = Math.round(total * 0.1);
  const bouncesWanted = Math.round(total * 0.05);
  const log = createLogger("silent");
  const imap = await startDovecot();
  try {
    await imap.addUser(USER, PASSWORD);
    opts.progress(`mailbox: writing ${total} messages into the Maildir`);
    const fillStarted = performance.now();
    // The campaign's sends (twice as many as replies and bounces together: most get neither).
    const sends = Array.from(
      { length: (repliesWanted + bouncesWanted) * 2 },
      (_, i) => `<send-${i}.${randomBytes(8).toString("hex")}@mail.acme.test>`,
    );
    const kinds: ("reply" | "bounce" | "newsletter")[] = [
      ...Array<"reply">(repliesWanted).fill("reply"),
      ...Array<"bounce">(bouncesWanted).fill("bounce"),
      ...Array<"newsletter">(total - repliesWanted - bouncesWanted).fill("newsletter"),
    ];
    const rand = random(20261124);
    for (let i = kinds.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
    }
    // Received over the last 20 days, in UID order; the first sync reads 30 days back.
    const since = new Date(Date.now() - 30 * DAY);
    const start = Date.now() - 20 * DAY;
    let replyN = 0;
    let bounceN = 0;
    let bytes = 0;
    const written = kinds.map((kind, i) => {
      const date = new Date(start + Math.floor((i * 20 * DAY) / total));
      const raw =
        kind === "reply"
          ? reply(i, sends[replyN++]!, date)
          : kind === "bounce"
            ? bounce(i, sends[repliesWanted + bounceN++]!, date)
            : newsletter(i, date);
      bytes += raw.length;
      return { raw, date };
    });
    imap.writeMessages(USER, "INBOX", written);
    const fillSeconds = (performance.now() - fillStarted) / 1000;

    const sent = new Set(sends);
    const expected = { replies: repliesWanted, bounces: bouncesWanted };
    const callbacks = (opts.callbacks ?? benchCallbacks)(sent, expected);

    let commands: string[] = [];
    const source = () =>
      createImapSource({
        host: imap.host,
        port: imap.port,
        secure: false,
        user: USER,
        password: PASSWORD,
        addressPolicy: { allowPrivate: true },
        log,
        onCommand: (c) => commands.push(c),
      });

    const firstSync = async (label: string) => {
      opts.progress(`mailbox: first sync (${label})`);
      callbacks.reset();
      commands = [];
      let processCalls = 0;
      const states = new Map<string, FolderState>();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const src = source();
      await src.sync({
        states: new Map(),
        since,
        select: (headers) => callbacks.select(headers),
        async process(messages, state) {
          processCalls++;
          await callbacks.process(messages, state);
          states.set(state.folder, state);
        },
      });
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      await src.close();
      callbacks.verify();
      const run: MailboxSyncRun = {
        seconds,
        cpuMs: (used.user + used.system) / 1000,
        commands: commands.length,
        headerFetches: commands.filter((c) => c.includes("BODY.PEEK[HEADER]")).length,
        bodyFetches: commands.filter((c) => c.includes("BODY.PEEK[]")).length,
        searches: commands.filter((c) => /^(UID )?SEARCH/.test(c)).length,
        processCalls,
        counts: callbacks.counts(),
      };
      return { run, states };
    };

    const cold = await firstSync("Dovecot indexes the mailbox as it goes");
    const warm = await firstSync("again, the index built");
    const folders = cold.states.size;

    opts.progress(`mailbox: incremental syncs with nothing new (${repeats} each)`);
    // Opening and closing the session, as opposed to the sync's own commands.
    const session = /^(CAPABILITY|ID|AUTHENTICATE|LOGIN|NAMESPACE|COMPRESS|ENABLE|STARTTLS|LOGOUT)\b/;
    const idlePass = () => ({
      states: cold.states,
      since,
      select: async (headers: MessageHeaders[]) => headers.map(() => false),
      process: async () => {
        throw new Error("nothing was new, yet the sync processed messages");
      },
    });
    const fresh: { seconds: number; commands: string[] }[] = [];
    for (let i = 0; i < repeats; i++) {
      commands = [];
      const started = performance.now();
      const src = source();
      await src.sync(idlePass());
      fresh.push({ seconds: (performance.now() - started) / 1000, commands });
      await src.close();
    }
    const open: { seconds: number; commands: number }[] = [];
    const src = source();
    await src.sync(idlePass()); // connects
    for (let i = 0; i < repeats; i++) {
      commands = [];
      const started = performance.now();
      await src.sync(idlePass());
      open.push({ seconds: (performance.now() - started) / 1000, commands: commands.length });
    }
    await src.close();

    return {
      messages: total,
      replies: repliesWanted,
      bounces: bouncesWanted,
      newsletters: total - repliesWanted - bouncesWanted,
      megabytes: bytes / 1024 ** 2,
      fillSeconds,
      dovecot: dovecotVersion(),
      cold: cold.run,
      warm: warm.run,
      folders,
      idleFresh: {
        seconds: median(fresh.map((f) => f.seconds)),
        commands: median(fresh.map((f) => f.commands.length)),
        syncCommands: fresh[0]!.commands.filter((c) => !session.test(c)),
      },
      idleOpen: { seconds: median(open.map((o) => o.seconds)), commands: median(open.map((o) => o.commands)) },
      repeats,
    };
  } finally {
    await imap.stop();
  }
}
