// A sender's mailbox over IMAP (imapflow): INBOX and the Junk folder, read
// incrementally by UIDVALIDITY + last UID, headers first, bodies only for
// the messages the sync engine wants (mailbox-source.ts has the contract).
//
// Round trips, because a sync runs every few minutes for every sender:
// - one LIST with RETURN (STATUS (UIDNEXT UIDVALIDITY)) (LIST-STATUS, RFC
//   5819) finds both folders and tells, for each, whether anything is new.
//   A folder with nothing new costs nothing more. Servers without LIST-STATUS
//   get one STATUS per watched folder instead;
// - a folder with news is opened read-only (EXAMINE) and read with
//   BODY.PEEK[…]: nothing is ever marked \Seen, so the user's mail client
//   still shows the mail as unread.
//
// Every connection goes to a user-typed host, so it goes through the app's
// address policy (the same one as SMTP: SMTP_ALLOW_PRIVATE): the socket
// connects to exactly the addresses the policy checked.
import {
  ImapFlow,
  type Logger as ImapLogger,
  type ListResponse,
  type MailboxObject,
  type StatusObject,
} from "imapflow";
import { type AddressPolicy, policyLookup, refusedLiteral } from "../http/address-policy.ts";
import type { Logger } from "../logger.ts";
import { parseHeaderBlock } from "./header-block.ts";
import { ImapSourceError, imapFailure } from "./imap-failure.ts";
import type { FetchedMessage, FolderState, MailboxSource, MessageHeaders, SyncPass } from "./mailbox-source.ts";

export type ImapSourceOptions = {
  host: string;
  port: number;
  /** TLS from the first byte (993). Otherwise plain, upgraded with STARTTLS when the server offers it (imapflow's default). */
  secure: boolean;
  /** Refuse to go on without STARTTLS on a plain connection (imapflow's doSTARTTLS). */
  requireStartTls?: boolean;
  user: string;
  password: string;
  /** The app's policy for connections to user-typed hosts (config.smtpAllowPrivate). */
  addressPolicy: AddressPolicy;
  timeouts?: {
    /** Connecting, the greeting and the TLS handshake (default 15 s). */
    connectMs?: number;
    /** Silence on an open connection (default 60 s). */
    socketMs?: number;
  };
  /** imapflow's own log lines go here at debug level (commands with passwords masked). */
  log: Logger;
  /** Messages per header FETCH, and wanted messages per body FETCH and per process() call. */
  batch?: { headers?: number; bodies?: number };
  /**
   * Called with every IMAP command as sent (without its tag, secrets masked
   * by imapflow): the tests and the benchmark count round trips with it.
   */
  onCommand?: (command: string) => void;
};

const DEFAULT_BATCH = { headers: 500, bodies: 100 };

/** "INBOX:1712345:42" → its parts; the folder may itself contain ":". */
export function parseImapSourceKey(sourceKey: string): { folder: string; uidValidity: number; uid: number } | null {
  const match = /^(.+):(\d+):(\d+)$/.exec(sourceKey);
  if (!match) return null;
  return { folder: match[1]!, uidValidity: Number(match[2]), uid: Number(match[3]) };
}

export const imapSourceKey = (folder: string, uidValidity: number, uid: number) => `${folder}:${uidValidity}:${uid}`;

/** Ascending UIDs as an IMAP sequence set with ranges ("1:4,7,9:10"). */
export function uidSet(uids: readonly number[]): string {
  const parts: string[] = [];
  let start = uids[0]!;
  let prev = start;
  for (const uid of uids.slice(1)) {
    if (uid === prev + 1) {
      prev = uid;
      continue;
    }
    parts.push(start === prev ? `${start}` : `${start}:${prev}`);
    start = prev = uid;
  }
  parts.push(start === prev ? `${start}` : `${start}:${prev}`);
  return parts.join(",");
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * imapflow's logger: every line (its errors too: the source reports those
 * itself) at debug on ours; trace never. imapflow masks passwords and SASL
 * secrets in the commands it logs. Commands are recognised by their tag.
 */
function imapLogger(log: Logger, onCommand: ((command: string) => void) | undefined): ImapLogger {
  const debug = log.isLevelEnabled("debug");
  const write = (entry: unknown) => {
    if (onCommand && typeof entry === "object" && entry !== null) {
      const { src, msg } = entry as { src?: unknown; msg?: unknown };
      const command = src === "c" && typeof msg === "string" ? /^[A-Za-z0-9.]+ ([A-Za-z].*)$/s.exec(msg) : null;
      if (command) onCommand(command[1]!);
    }
    if (debug) log.debug(entry as object);
  };
  return Object.assign(
    { debug: write, info: write, warn: write, error: write, fatal: write },
    // imapflow builds a line only when this says the level is on.
    { isLevelEnabled: (level: string) => level !== "trace" && (debug || onCommand !== undefined) },
  );
}

type WatchedFolder = { path: string; spam: boolean; uidValidity: number | null; uidNext: number | null };

/**
 * The Junk folder: the one the server marks \Junk (RFC 6154), else the one
 * imapflow recognises by name: Junk, Spam, Junk E-mail, Bulk Mail and their
 * translations in some 70 languages, at the top level or under a parent
 * ("INBOX.Junk", "[Gmail]/Spam").
 */
function junkFolder(entries: ListResponse[]): ListResponse | undefined {
  const selectable = entries.filter((e) => !e.flags.has("\\Noselect") && !e.flags.has("\\NonExistent"));
  return selectable.find((e) => e.flags.has("\\Junk")) ?? selectable.find((e) => e.specialUse === "\\Junk");
}

export function createImapSource(opts: ImapSourceOptions): MailboxSource {
  const target = { host: opts.host, port: opts.port, user: opts.user };
  const batch = { ...DEFAULT_BATCH, ...opts.batch };
  const log = opts.log.child({ component: "imap", imapHost: opts.host });
  let client: ImapFlow | null = null;

  async function connected(): Promise<ImapFlow> {
    if (client?.usable) return client;
    client = null;
    const refusal = refusedLiteral(opts.host, opts.addressPolicy);
    if (refusal) throw imapFailure(refusal, target);
    const connectMs = opts.timeouts?.connectMs ?? 15_000;
    const next = new ImapFlow({
      host: opts.host,
      port: opts.port,
      secure: opts.secure,
      ...(opts.requireStartTls ? { doSTARTTLS: true } : {}),
      auth: { user: opts.user, pass: opts.password },
      // The policy's lookup: the socket connects to the addresses it checked (net and tls alike).
      tls: { lookup: policyLookup(opts.addressPolicy) },
      logger: imapLogger(log, opts.onCommand),
      connectionTimeout: connectMs,
      greetingTimeout: connectMs,
      socketTimeout: opts.timeouts?.socketMs ?? 60_000,
      // A sync is a short session: no IDLE, and no ENABLE round trip (CONDSTORE is not used).
      disableAutoIdle: true,
      disableAutoEnable: true,
    });
    // A socket error after connect() is emitted as an event; the next command rejects with it.
    next.on("error", (err: unknown) => log.debug({ err }, "IMAP connection error"));
    try {
      await next.connect();
    } catch (err) {
      next.close();
      throw imapFailure(err, target);
    }
    client = next;
    return next;
  }

  /** INBOX and the Junk folder, with UIDVALIDITY/UIDNEXT from the listing when the server gives them. */
  async function watchedFolders(imap: ImapFlow): Promise<WatchedFolder[]> {
    const listStatus = imap.capabilities.has("LIST-STATUS");
    const entries = await imap.list(listStatus ? { statusQuery: { uidNext: true, uidValidity: true } } : {});
    const inbox =
      entries.find((e) => e.path.toUpperCase() === "INBOX") ?? entries.find((e) => e.specialUse === "\\Inbox");
    const junk = junkFolder(entries);
    const folders: { entry: ListResponse | undefined; path: string; spam: boolean }[] = [
      { entry: inbox, path: inbox?.path ?? "INBOX", spam: false },
    ];
    if (junk && junk !== inbox) folders.push({ entry: junk, path: junk.path, spam: true });
    const watched: WatchedFolder[] = [];
    for (const { entry, path, spam } of folders) {
      let status: StatusObject | false | undefined = entry?.status;
      if (status?.uidNext === undefined || status.uidValidity === undefined) {
        status = await imap.status(path, { uidNext: true, uidValidity: true });
      }
      // Without a status the folder is opened and its own answer used.
      watched.push({
        path,
        spam,
        uidValidity: status && status.uidValidity !== undefined ? Number(status.uidValidity) : null,
        uidNext: status && status.uidNext !== undefined ? status.uidNext : null,
      });
    }
    return watched;
  }

  async function syncFolder(imap: ImapFlow, folder: WatchedFolder, pass: SyncPass): Promise<void> {
    const stored = pass.states.get(folder.path);
    // Nothing new since the stored position: the listing said so, no more commands.
    if (
      stored &&
      folder.uidValidity !== null &&
      folder.uidNext !== null &&
      stored.uidValidity === folder.uidValidity &&
      folder.uidNext <= stored.lastUid + 1
    ) {
      return;
    }
    // Read-only (EXAMINE): the session cannot set \Seen or clear \Recent.
    // The lock keeps a restore() on the same connection from switching folders meanwhile.
    const lock = await imap.getMailboxLock(folder.path, { readOnly: true });
    try {
      if (imap.mailbox === false) throw new Error(`${folder.path} is not open after EXAMINE`);
      await readFolder(imap, imap.mailbox, folder, stored, pass);
    } finally {
      lock.release();
    }
  }

  async function readFolder(
    imap: ImapFlow,
    mailbox: MailboxObject,
    folder: WatchedFolder,
    stored: FolderState | undefined,
    pass: SyncPass,
  ): Promise<void> {
    // The folder's own answer is the truth (it may have changed since the listing).
    const uidValidity = Number(mailbox.uidValidity);
    const resumeAfter = stored && stored.uidValidity === uidValidity ? stored.lastUid : null;
    // Once this pass is done, every UID below UIDNEXT has been looked at.
    const doneUpTo = Math.max(mailbox.uidNext - 1, resumeAfter ?? 0);
    const state = (lastUid: number): FolderState => ({ folder: folder.path, uidValidity, lastUid, cursor: null });

    let uids: number[] | "all-after-resume";
    if (mailbox.exists === 0) {
      uids = [];
    } else if (resumeAfter === null) {
      // First sync of the folder, or its UIDVALIDITY changed: the stored UIDs
      // name other messages now (or none), so the folder is read again from
      // `since`. Reading a message again is safe: its new sourceKey carries
      // the new UIDVALIDITY, so the ledger (by sourceKey) does not know it,
      // but replies and spam_emails are unique per (user, Message-ID), so the
      // engine does not record it twice.
      // SINCE compares dates, not times (RFC 3501), in the server's time zone:
      // mail from up to a day before `since` may come along; select() decides.
      uids = (await imap.search({ since: pass.since }, { uid: true })) || [];
    } else if (mailbox.uidNext - resumeAfter - 1 <= batch.headers) {
      // Few new UIDs: their headers in one FETCH, no SEARCH first.
      uids = "all-after-resume";
    } else {
      uids = (await imap.search({ uid: `${resumeAfter + 1}:*` }, { uid: true })) || [];
    }

    if (uids === "all-after-resume") {
      const from = resumeAfter! + 1;
      // "n:*" also names the highest message when its UID is below n (RFC 3501 §6.4.8): filtered out.
      const headers = (await fetchHeaders(imap, `${from}:*`)).filter((h) => h.uid >= from);
      await readBatch(imap, folder, uidValidity, pass, headers, Math.max(doneUpTo, headers.at(-1)?.uid ?? 0), state);
      return;
    }
    const wanted = uids.filter((uid) => resumeAfter === null || uid > resumeAfter).sort((a, b) => a - b);
    if (wanted.length === 0) {
      // Nothing to read, but the position (and a new UIDVALIDITY) is stored.
      await engine(() => pass.process([], state(doneUpTo)));
      return;
    }
    const batches = chunks(wanted, batch.headers);
    for (const [i, uidBatch] of batches.entries()) {
      const headers = await fetchHeaders(imap, uidSet(uidBatch));
      const end = i === batches.length - 1 ? Math.max(doneUpTo, uidBatch.at(-1)!) : uidBatch.at(-1)!;
      await readBatch(imap, folder, uidValidity, pass, headers, end, state);
    }
  }

  async function fetchHeaders(imap: ImapFlow, range: string): Promise<{ uid: number; headers: Buffer }[]> {
    const messages = await imap.fetchAll(range, { uid: true, headers: true }, { uid: true });
    return messages
      .filter((m) => m.headers !== undefined)
      .map((m) => ({ uid: m.uid, headers: m.headers! }))
      .sort((a, b) => a.uid - b.uid);
  }

  /**
   * One batch of headers: the engine selects, the wanted bodies are fetched
   * and processed in chunks, each with the position after it; the last chunk
   * (or an empty one when nothing is wanted) carries `endUid`.
   */
  async function readBatch(
    imap: ImapFlow,
    folder: WatchedFolder,
    uidValidity: number,
    pass: SyncPass,
    fetched: { uid: number; headers: Buffer }[],
    endUid: number,
    state: (lastUid: number) => FolderState,
  ): Promise<void> {
    const headers: (MessageHeaders & { uid: number })[] = fetched.map((m) => ({
      uid: m.uid,
      sourceKey: imapSourceKey(folder.path, uidValidity, m.uid),
      folder: folder.path,
      spam: folder.spam,
      headers: parseHeaderBlock(m.headers),
    }));
    const choices =
      headers.length === 0 ? [] : await engine(() => pass.select(headers.map(({ uid: _uid, ...h }) => h)));
    if (choices.length !== headers.length) {
      throw engineError(new Error(`select() answered ${choices.length} choices for ${headers.length} messages`));
    }
    const wanted = headers.filter((_, i) => choices[i]);
    if (wanted.length === 0) {
      await engine(() => pass.process([], state(endUid)));
      return;
    }
    const bodyChunks = chunks(wanted, batch.bodies);
    for (const [i, chunk] of bodyChunks.entries()) {
      const bodies = await imap.fetchAll(
        uidSet(chunk.map((h) => h.uid)),
        { uid: true, source: true, internalDate: true },
        { uid: true },
      );
      const byUid = new Map(bodies.map((b) => [b.uid, b]));
      const messages: FetchedMessage[] = [];
      for (const { uid, ...h } of chunk) {
        const body = byUid.get(uid);
        // Gone between the header and the body FETCH (expunged): nothing to process.
        if (!body?.source) continue;
        const internal = body.internalDate;
        messages.push({ ...h, raw: body.source, receivedAt: internal ? new Date(internal) : null });
      }
      const last = i === bodyChunks.length - 1;
      await engine(() => pass.process(messages, state(last ? endUid : chunk.at(-1)!.uid)));
    }
  }

  return {
    async sync(pass) {
      try {
        const imap = await connected();
        for (const folder of await watchedFolders(imap)) await syncFolder(imap, folder, pass);
      } catch (err) {
        // An error of the engine's select()/process() is the engine's: passed on untouched.
        if (engineErrors.has(err as object)) throw err;
        throw imapFailure(err, target);
      }
    },

    async restore({ folder, sourceKey }) {
      const key = parseImapSourceKey(sourceKey);
      if (!key) throw new Error(`not an IMAP source key: ${sourceKey}`);
      const imap = await connected();
      let lock: Awaited<ReturnType<ImapFlow["getMailboxLock"]>>;
      try {
        lock = await imap.getMailboxLock(folder || key.folder);
      } catch (err) {
        // The folder is gone, and the message with it: nothing to move back.
        const missing = err as { serverResponseCode?: string; mailboxMissing?: boolean };
        if (missing.mailboxMissing || missing.serverResponseCode === "NONEXISTENT") return;
        throw imapFailure(err, target);
      }
      try {
        // Another UIDVALIDITY: the UID names another message now (or none).
        // Moving it could move the wrong message, so nothing is moved.
        if (imap.mailbox === false || Number(imap.mailbox.uidValidity) !== key.uidValidity) return;
        // UID MOVE (RFC 6851), or imapflow's fallback without MOVE: UID COPY,
        // \Deleted, UID EXPUNGE. A UID that no longer exists (the user moved
        // or deleted the message) moves nothing and is not an error (RFC 3501
        // §6.4.8): the message is already out of the Junk folder.
        const moved = await imap.messageMove(String(key.uid), "INBOX", { uid: true });
        if (moved === false) {
          throw new ImapSourceError(
            `The IMAP server at ${opts.host}:${opts.port} did not move the message from ${folder} to INBOX.`,
            "server",
          );
        }
      } catch (err) {
        throw imapFailure(err, target);
      } finally {
        lock.release();
      }
    },

    async close() {
      const open = client;
      client = null;
      if (!open) return;
      try {
        if (open.usable) await open.logout();
      } catch {
        // Closing anyway.
      } finally {
        open.close();
      }
    },
  };
}

/** Errors thrown by the engine's callbacks (select, process), told apart from the connection's. */
const engineErrors = new WeakSet<object>();

function engineError(err: unknown): unknown {
  if (typeof err === "object" && err !== null) engineErrors.add(err);
  return err;
}

async function engine<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw engineError(err);
  }
}
