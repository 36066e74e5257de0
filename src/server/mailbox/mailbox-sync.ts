// The mailbox sync: reads every synced mailbox's new mail (replies, bounces,
// spam) on a schedule and when a user presses Refresh. Mailboxes are leased in
// the database like the send queue (one worker at a time per mailbox, any
// number of workers), each folder resumes from its stored position, and every
// message goes through the ledger (apply-inbound.ts) so none is processed twice.
// One broken mailbox (a refused login, a dead server) is recorded on its row
// and never stops the others; one bad message never stops its mailbox: each is
// applied on its own (a savepoint), and one that cannot be applied is recorded
// as skipped with its reason while the folder moves past it
// (docs/decisions/015-mailbox-one-bad-message.md).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import addressparser from "nodemailer/lib/addressparser";
import { type BounceHeaders, mayBeBounce } from "#shared/mailbox/bounce-report.ts";
import type { Db } from "../db/client.ts";
import { type Executor, queryRows, type Tx } from "../db/sql-helpers.ts";
import { queueReplyNotifications } from "../domain/notifications.ts";
import type { Logger } from "../logger.ts";
import { startPeriodicTask } from "../periodic-task.ts";
import { createWorkerHeartbeat } from "../sending/worker-heartbeat.ts";
import { type Applied, applyInbound, type Mailbox, TEST_REPLY_HEADER } from "./apply-inbound.ts";
import { decodeEncodedWords } from "./header-block.ts";
import { cleanText, MAX_ID_CHARS, safeAddress, safeIdentifier } from "./inbound-safety.ts";
import {
  type FetchedMessage,
  type FolderState,
  type MailboxSource,
  MailboxSourceError,
  type MessageHeaders,
} from "./mailbox-source.ts";
import {
  isTransientDatabaseError,
  logText,
  skipReasonOf,
  syncFailureText,
  UNEXPECTED_FAILURE_TEXT,
} from "./mailbox-sync-failures.ts";
import { OWN_MAILBOX } from "./own-mailbox.ts";

/** A synced mailbox as the engine claims it. */
export type MailboxRow = {
  sender_account_id: string;
  user_id: string;
  email: string;
  provider: string;
  imap_host: string | null;
  imap_port: number | null;
  imap_username: string | null;
  imap_password_encrypted: string | null;
  smtp_username: string | null;
  smtp_password_encrypted: string | null;
  smtp_security: string | null;
  gmail_sync_enabled: boolean;
  gmail_refresh_token_encrypted: string | null;
};

export type MailboxSyncOptions = {
  db: Db;
  log: Logger;
  /** The sources of one mailbox (capture store, IMAP, Gmail); none: the mailbox is not synced. */
  sourcesFor(mailbox: MailboxRow): MailboxSource[];
  /** Which senders have a mailbox to sync (capture mode: every sender). */
  captureMode: boolean;
  /** How often each mailbox is synced. */
  intervalMs: number;
  /** At most this many mailboxes are synced at once by one worker. */
  concurrency?: number;
  /** A mailbox's sync that runs longer is abandoned (its lease lets another worker retry). */
  timeoutMs?: number;
  /** A chunk's applied messages are committed at least this often (default 10 s; see process in syncOne). */
  commitEveryMs?: number;
  now?: () => Date;
};

const LEASE_SECONDS = 300;
export const MAILBOX_WORKER_PREFIX = "mailbox-";
const FIRST_SYNC_DAYS = 30;
/** The first address of a From header ("Name <a@b>", groups, quoting: nodemailer's parser), lower-cased. */
function addressOf(value: string | undefined): string {
  return safeAddress(addressparser(value ?? "", { flatten: true })[0]?.address);
}

/** The headers the bounce rules' mayBeBounce reads, from a message's raw headers. */
function bounceHeaders(headers: Record<string, string>): BounceHeaders {
  const from = addressparser(headers.from ?? "", { flatten: true })[0];
  return {
    from: safeAddress(from?.address),
    fromName: decodeEncodedWords(from?.name ?? ""),
    subject: decodeEncodedWords(headers.subject ?? ""),
    contentType: headers["content-type"] ?? "",
    autoSubmitted: headers["auto-submitted"] ?? "",
  };
}

/** The Message-IDs a message's headers say it answers; one too long to be ours is left out. */
function messageIdsOf(headers: Record<string, string>): string[] {
  const ids = `${headers["in-reply-to"] ?? ""} ${headers.references ?? ""}`.match(/<[^<>\s]+>/g) ?? [];
  return ids.map(cleanText).filter((id) => id.length > 2 && id.length <= MAX_ID_CHARS);
}

/** A message's own Message-ID from its headers (for the ledger of a message that could not be parsed). */
function ownMessageId(headers: Record<string, string>): string | null {
  return safeIdentifier(/<[^<>\s]+>/.exec(headers["message-id"] ?? "")?.[0] ?? null);
}

/** Errors of the engine's own work inside a source's sync (select, process), told apart from the source's. */
const engineErrors = new WeakSet<object>();
async function asEngine<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (typeof err === "object" && err !== null) engineErrors.add(err);
    throw err;
  }
}

/** Every sender with a mailbox to sync gets its mailbox_syncs row (capture mode: every sender); one statement. */
export async function ensureMailboxes(db: Executor, captureMode: boolean): Promise<void> {
  await db.execute(sql`
    insert into mailbox_syncs (sender_account_id, user_id, next_sync_at)
    -- Due at once (a worker's clock, compared with this, may be a little behind the database's).
    select sa.id, sa.user_id, now() - interval '1 minute' from sender_accounts sa
    where (sa.campaign_id is null or (sa.source_sender_id is null and not exists (
             select 1 from sender_accounts s2 where s2.user_id = sa.user_id and s2.campaign_id is null
               and lower(s2.email) = lower(sa.email))))
      and (${captureMode} or ${OWN_MAILBOX})
    on conflict (sender_account_id) do nothing`);
}

const MAILBOX_COLUMNS = sql`sa.email, sa.provider, sa.imap_host, sa.imap_port, sa.imap_username,
  sa.imap_password_encrypted, sa.smtp_username, sa.smtp_password_encrypted, sa.smtp_security,
  sa.gmail_sync_enabled, sa.gmail_refresh_token_encrypted`;

/** One mailbox as the sources need it (Restore, outside a sync). */
export async function loadMailbox(
  db: Executor,
  userId: string,
  senderAccountId: string,
): Promise<MailboxRow | undefined> {
  const rows = await queryRows<MailboxRow>(
    db,
    sql`select sa.id as sender_account_id, sa.user_id, ${MAILBOX_COLUMNS} from sender_accounts sa
        where sa.id = ${senderAccountId}::uuid and sa.user_id = ${userId}`,
  );
  return rows[0];
}

export function createMailboxSync(opts: MailboxSyncOptions) {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  // The id starts with "mailbox-": its heartbeat (in send_workers) tells a web process that a
  // mailbox sync loop is alive to answer a Refresh (features/mailbox/mailbox-actions.service.ts).
  const workerId = `${MAILBOX_WORKER_PREFIX}${randomUUID()}`;
  const heartbeat = createWorkerHeartbeat(db, workerId, now);
  const concurrency = opts.concurrency ?? 4;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const commitEveryMs = opts.commitEveryMs ?? 10_000;

  const ensure = () => ensureMailboxes(db, opts.captureMode);

  async function claim(limit: number): Promise<MailboxRow[]> {
    const at = now().toISOString();
    return queryRows<MailboxRow>(
      db,
      sql`with due as (
            select ms.sender_account_id from mailbox_syncs ms
            where (ms.next_sync_at <= ${at}::timestamptz or ms.requested_at is not null)
              and (ms.lease_expires_at is null or ms.lease_expires_at < ${at}::timestamptz)
            order by ms.requested_at nulls last, ms.next_sync_at
            limit ${limit}
            for update skip locked
          ), leased as (
            update mailbox_syncs ms set lease_owner = ${workerId},
              lease_expires_at = ${at}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
            from due where ms.sender_account_id = due.sender_account_id
            returning ms.sender_account_id, ms.user_id
          )
          select l.sender_account_id, l.user_id, ${MAILBOX_COLUMNS}
          from leased l join sender_accounts sa on sa.id = l.sender_account_id`,
    );
  }

  /** The first sync reads mail since the sender's first campaign send, or the last 30 days. */
  async function firstSyncFloor(m: MailboxRow): Promise<Date> {
    const [row] = await queryRows<{ first: string | null }>(
      db,
      sql`select min(created_at)::text as first from email_sends
          where user_id = ${m.user_id} and lower(from_email) = ${m.email.toLowerCase()}`,
    );
    return row?.first ? new Date(row.first) : new Date(now().getTime() - FIRST_SYNC_DAYS * 86_400_000);
  }

  /**
   * Of a chunk's headers, the messages worth fetching whole: spam, answers to
   * our sends, mail from people we wrote to, bounces; never one the ledger
   * already has (a folder read again after its position was lost). One query.
   */
  async function selectChunk(m: MailboxRow, headers: MessageHeaders[]): Promise<boolean[]> {
    const threadIds = [...new Set(headers.flatMap((h) => messageIdsOf(h.headers)))];
    const senders = [...new Set(headers.map((h) => addressOf(h.headers.from)).filter(Boolean))];
    const keys = headers.map((h) => h.sourceKey);
    const [known] = await queryRows<{ ids: string[] | null; addresses: string[] | null; processed: string[] | null }>(
      db,
      sql`select
            (select array_agg(message_id) from email_sends
              where user_id = ${m.user_id}
                and message_id in (select jsonb_array_elements_text(${JSON.stringify(threadIds)}::jsonb))) as ids,
            (select array_agg(distinct lower(to_email)) from email_sends
              where user_id = ${m.user_id}
                and lower(to_email) in (select jsonb_array_elements_text(${JSON.stringify(senders)}::jsonb))) as addresses,
            (select array_agg(source_key) from mailbox_messages
              where sender_account_id = ${m.sender_account_id}::uuid
                and source_key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))) as processed`,
    );
    const ids = new Set(known?.ids ?? []);
    const addresses = new Set(known?.addresses ?? []);
    const processed = new Set(known?.processed ?? []);
    return headers.map((h) => {
      if (processed.has(h.sourceKey)) return false;
      if (h.spam || h.headers[TEST_REPLY_HEADER]) return true;
      if (messageIdsOf(h.headers).some((id) => ids.has(id))) return true;
      const from = addressOf(h.headers.from);
      if (addresses.has(from)) return true;
      // Whatever the bounce rules could take for a bounce (detectBounce reads only what this accepts).
      return mayBeBounce(bounceHeaders(h.headers));
    });
  }

  /**
   * selectChunk, and when the database refuses the chunk's question (not for
   * a moment: for what a header holds), each message asked alone; one still
   * refused is fetched, so that applying it records it (skipped at worst).
   */
  async function select(m: MailboxRow, headers: MessageHeaders[]): Promise<boolean[]> {
    try {
      return await selectChunk(m, headers);
    } catch (err) {
      if (isTransientDatabaseError(err)) throw err;
      log.warn({ mailbox: m.email, err: logText(err) }, "mailbox sync: selecting a chunk failed, selecting one by one");
      const out: boolean[] = [];
      for (const h of headers) {
        try {
          out.push((await selectChunk(m, [h]))[0] ?? true);
        } catch {
          out.push(true);
        }
      }
      return out;
    }
  }

  /**
   * One message in a savepoint of the chunk's transaction: what it does is
   * kept whole or not at all. One that cannot be applied (unreadable, refused
   * by the database, a rule that throws) is recorded as skipped with its
   * reason; a database failing for a moment fails the chunk instead (read
   * again at the next sync).
   */
  async function applyAlone(tx: Tx, mailbox: Mailbox, message: FetchedMessage): Promise<Applied> {
    try {
      return await tx.transaction((sp) => applyInbound(sp, mailbox, message, now()));
    } catch (err) {
      if (isTransientDatabaseError(err)) throw err;
      const reason = skipReasonOf(err);
      log.warn(
        { mailbox: mailbox.senderEmail, sourceKey: message.sourceKey, reason, err: logText(err) },
        "inbound message skipped",
      );
      await tx.execute(
        sql`insert into mailbox_messages (sender_account_id, source_key, user_id, message_id, kind, skip_reason)
            values (${mailbox.senderAccountId}::uuid, ${message.sourceKey}, ${mailbox.userId},
              ${ownMessageId(message.headers)}, 'skipped', ${reason})
            on conflict do nothing`,
      );
      return { kind: "skipped" };
    }
  }

  /**
   * The notifications of the replies people wrote among a part's messages,
   * in the part's transaction (they are queued if and only if the replies are
   * stored): one statement for the part. In a savepoint, so a failure here is
   * logged and never holds up the mailbox.
   */
  async function queueRepliesNotifications(tx: Tx, part: Applied[]): Promise<void> {
    const ids = part.flatMap((a) => (a.replyId ? [a.replyId] : []));
    if (ids.length === 0) return;
    try {
      await tx.transaction((sp) => queueReplyNotifications(sp, ids));
    } catch (err) {
      if (isTransientDatabaseError(err)) throw err;
      log.error({ err: logText(err), replies: ids.length }, "reply notifications not queued");
    }
  }

  /**
   * A chunk's messages, each alone (applyAlone), and the folder's position
   * after them, in one transaction; a chunk whose messages take long (each is
   * bounded, but a hundred of them) is committed in parts every commitEveryMs,
   * the position with the last part. What a part applied is kept (the ledger
   * skips it when the chunk is read again), so even a sync cut short by its
   * timeout always gets further.
   */
  async function storeChunk(
    m: MailboxRow,
    mailbox: Mailbox,
    messages: FetchedMessage[],
    state: FolderState,
    applied: Applied[],
  ): Promise<void> {
    let next = 0;
    for (;;) {
      const started = performance.now();
      const first = next;
      const partStart = applied.length;
      const done = await db.transaction(async (tx) => {
        /** False when the part ends before the chunk does (its time is up). */
        let wholeChunk = true;
        for (; next < messages.length; next++) {
          // At least one message a part: every part gets further.
          if (next > first && performance.now() - started > commitEveryMs) {
            wholeChunk = false;
            break;
          }
          applied.push(await applyAlone(tx, mailbox, messages[next]!));
        }
        await queueRepliesNotifications(tx, applied.slice(partStart));
        if (!wholeChunk) return false;
        await tx.execute(
          sql`insert into mailbox_folders (sender_account_id, folder, uid_validity, last_uid, cursor)
              values (${m.sender_account_id}::uuid, ${state.folder}, ${state.uidValidity}, ${state.lastUid}, ${state.cursor})
              on conflict (sender_account_id, folder) do update set uid_validity = excluded.uid_validity,
                last_uid = excluded.last_uid, cursor = excluded.cursor`,
        );
        return true;
      });
      if (done) return;
    }
  }

  async function syncOne(m: MailboxRow): Promise<{ applied: Applied[] }> {
    const sources = opts.sourcesFor(m);
    const applied: Applied[] = [];
    const mailbox: Mailbox = { userId: m.user_id, senderAccountId: m.sender_account_id, senderEmail: m.email };
    const stored = await queryRows<{
      folder: string;
      uid_validity: string | null;
      last_uid: string;
      cursor: string | null;
    }>(
      db,
      sql`select folder, uid_validity::text, last_uid::text, cursor from mailbox_folders
          where sender_account_id = ${m.sender_account_id}::uuid`,
    );
    const states = new Map<string, FolderState>(
      stored.map((r) => [
        r.folder,
        {
          folder: r.folder,
          uidValidity: r.uid_validity === null ? null : Number(r.uid_validity),
          lastUid: Number(r.last_uid),
          cursor: r.cursor,
        },
      ]),
    );
    const since = await firstSyncFloor(m);
    try {
      for (const source of sources) {
        await source.sync({
          states,
          since,
          select: (headers) => asEngine(() => select(m, headers)),
          process: (messages, state) =>
            asEngine(async () => {
              await storeChunk(m, mailbox, messages, state, applied);
              states.set(state.folder, state);
            }),
        });
      }
    } finally {
      await Promise.allSettled(sources.map((s) => s.close()));
    }
    return { applied };
  }

  /** Releases the mailbox's lease with how the run ended; `error` is the text a user is shown (plain words). */
  async function settle(m: MailboxRow, startedAt: Date, error: string | null): Promise<void> {
    const next = new Date(now().getTime() + opts.intervalMs).toISOString();
    const at = now().toISOString();
    await db.execute(
      error !== null
        ? sql`update mailbox_syncs set lease_owner = null, lease_expires_at = null, next_sync_at = ${next}::timestamptz,
                requested_at = case when requested_at <= ${startedAt.toISOString()}::timestamptz then null else requested_at end,
                last_error = ${error}, last_error_at = ${at}::timestamptz, error_count = error_count + 1
              where sender_account_id = ${m.sender_account_id}::uuid and lease_owner = ${workerId}`
        : sql`update mailbox_syncs set lease_owner = null, lease_expires_at = null, next_sync_at = ${next}::timestamptz,
                requested_at = case when requested_at <= ${startedAt.toISOString()}::timestamptz then null else requested_at end,
                last_synced_at = ${at}::timestamptz, error_count = 0
              where sender_account_id = ${m.sender_account_id}::uuid and lease_owner = ${workerId}`,
    );
  }

  async function runMailbox(m: MailboxRow): Promise<number> {
    const startedAt = now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const { applied } = await Promise.race([
        syncOne(m),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new MailboxSourceError(`The sync of ${m.email} took longer than ${timeoutMs / 1000} s`)),
            timeoutMs,
          );
        }),
      ]);
      await settle(m, startedAt, null);
      const counted = applied.filter((a) => a.kind !== "duplicate" && a.kind !== "ignored").length;
      if (counted > 0) log.info({ mailbox: m.email, found: counted }, "mailbox synced");
      return applied.length;
    } catch (err) {
      const fromEngine = typeof err === "object" && err !== null && engineErrors.has(err);
      log.warn({ mailbox: m.email, err: logText(err) }, "mailbox sync failed");
      // The text shown is built from fixed words and the source's own (never SQL or a message's bytes), so
      // storing it cannot fail on what it holds; if it fails anyway, the lease is still released.
      await settle(m, startedAt, syncFailureText(err, fromEngine))
        .catch(() => settle(m, startedAt, UNEXPECTED_FAILURE_TEXT))
        .catch((e: unknown) => log.error({ err: logText(e) }, "could not record a mailbox sync failure"));
      return 0;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    workerId,
    ensureMailboxes: ensure,
    /** Gives up this worker's leases and its heartbeat (clean stop): the mailboxes are due again at once for the others. */
    async releaseAll(): Promise<void> {
      await db.execute(
        sql`update mailbox_syncs set lease_owner = null, lease_expires_at = null where lease_owner = ${workerId}`,
      );
      await heartbeat.remove();
    },
    /** Claims due mailboxes and syncs them (several at once); resolves with how many mailboxes were synced. */
    async runOnce(): Promise<{ mailboxes: number; messages: number }> {
      await heartbeat.beat();
      await ensure();
      const claimed = await claim(concurrency);
      const counts = await Promise.all(claimed.map(runMailbox));
      return { mailboxes: claimed.length, messages: counts.reduce((a, b) => a + b, 0) };
    },
  };
}

export type MailboxSync = ReturnType<typeof createMailboxSync>;

/** Runs the mailbox sync in the background: a round every `pollMs` (due mailboxes only), until stop(). */
export function startMailboxSyncLoop(sync: MailboxSync, opts: { pollMs: number; log: Logger }) {
  const rounds = startPeriodicTask({
    what: "mailbox sync round",
    log: opts.log,
    intervalMs: opts.pollMs,
    run: async () => ((await sync.runOnce()).mailboxes > 0 ? "again" : undefined),
  });
  return {
    /** Stops claiming; waits a bounded time for the round in progress (a mailbox left half-read resumes from its last chunk). */
    async stop(graceMs = 10_000) {
      await rounds.stop(graceMs);
      await sync.releaseAll().catch((err: unknown) => opts.log.warn({ err }, "could not release mailbox leases"));
    },
  };
}
