// A Gmail-connected sender's mailbox over the Gmail REST API (fetch, like the
// Gmail transport; access tokens from the same code: mail/google-oauth.ts).
//
// - First sync: the profile's historyId is read first, then messages.list
//   with `after:<since>` for the INBOX and SPAM labels (every message under
//   SPAM is spam), headers first (messages.get format=metadata), the whole
//   message (format=raw) only for those the engine selects, oldest first, in
//   chunks. The historyId becomes the folder state's cursor (folder "gmail").
// - Later syncs: users.history.list from that id (messageAdded only): one
//   request when nothing is new. Google keeps history for about a week; an
//   expired id (404) falls back to a list since the last sync.
// - restore(): the message's labels change (SPAM off, INBOX on).
// Failures reject with a message a user can act on (a revoked grant says to
// reconnect in Senders); no message ever carries a token.

import { createAccessTokens } from "../mail/google-oauth.ts";
import { deliveryErrorFromFetch, parseGoogleError } from "../sending/delivery/delivery-error.ts";
import {
  type FetchedMessage,
  type FolderState,
  type MailboxSource,
  MailboxSourceError,
  type MessageHeaders,
  type SyncPass,
} from "./mailbox-source.ts";

export type GmailSourceOptions = {
  senderEmail: string;
  refreshToken: string;
  clientId: string;
  clientSecret: string;
  /** e.g. https://gmail.googleapis.com (config.gmailApiBaseUrl) */
  apiBaseUrl: string;
  /** config.googleEndpoints.tokenUrl */
  tokenUrl: string;
  timeoutMs?: number;
  /** messages.get requests in flight at once (Google limits a mailbox's concurrent requests). */
  concurrency?: number;
  now?: () => Date;
};

/** The one folder state of a Gmail mailbox (mailbox_folders.folder). */
export const GMAIL_FOLDER = "gmail";
const WATCHED_LABELS = ["INBOX", "SPAM"] as const;
const PAGE_SIZE = 100;
/** A history id that expired falls back to a list from a little before the last sync (clocks differ). */
const FALLBACK_MARGIN_MS = 10 * 60_000;

/** The folder state's cursor: where history continues, and when that was (for the fallback). */
type Cursor = { historyId: string; syncedAt: string };

type MessageRef = { id: string; threadId?: string };
type MetadataMessage = {
  id: string;
  threadId: string;
  labelIds?: string[];
  payload?: { headers?: { name: string; value: string }[] };
};
type RawMessage = { id: string; threadId: string; raw: string; internalDate?: string };
type HistoryPage = {
  history?: { messagesAdded?: { message: MessageRef & { labelIds?: string[] } }[] }[];
  historyId?: string;
  nextPageToken?: string;
};

class HistoryExpired extends Error {}

function parseCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(cursor) as Partial<Cursor>;
    if (typeof parsed.historyId === "string" && typeof parsed.syncedAt === "string") {
      return { historyId: parsed.historyId, syncedAt: parsed.syncedAt };
    }
  } catch {
    // Not ours: start over.
  }
  return null;
}

/** Runs `fn` over `items`, at most `limit` at once, results in order. */
async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Header names lower-cased, repeated headers joined with "\n" (as parse-inbound.ts does). */
function headerMap(list: { name: string; value: string }[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { name, value } of list ?? []) {
    const key = name.toLowerCase();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}\n${value}`;
  }
  return headers;
}

const isWatched = (labelIds: string[] | undefined) =>
  (labelIds ?? []).some((l) => (WATCHED_LABELS as readonly string[]).includes(l));

export function createGmailSource(opts: GmailSourceOptions): MailboxSource {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const concurrency = opts.concurrency ?? 8;
  const now = opts.now ?? (() => new Date());
  const who = opts.senderEmail;
  const tokens = createAccessTokens({
    tokenUrl: opts.tokenUrl,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    refreshToken: opts.refreshToken,
    senderEmail: opts.senderEmail,
    timeoutMs,
  });

  /**
   * An unsuccessful Gmail answer in fixed words with the status and Google's
   * error code (an atom); Google's own text goes to the log only (the cause).
   */
  function readError(status: number, body: string): Error {
    const { reason: said, text } = parseGoogleError(body);
    const reason = /^[A-Za-z_]{1,60}$/.test(said) ? said : "";
    const code = `HTTP ${status}${reason ? `, ${reason}` : ""}`;
    const cause = new Error(`Gmail answered: ${text}`);
    if (status === 401 || status === 403) {
      return new MailboxSourceError(
        `Gmail refused access to the mailbox of ${who} (${code}). Reconnect Gmail sync in Senders.`,
        { cause },
      );
    }
    if (status === 429 || /rateLimitExceeded|quotaExceeded/.test(reason)) {
      return new MailboxSourceError(`Gmail is limiting requests for ${who} (${code}). The sync tries again later.`, {
        cause,
      });
    }
    if (status >= 500) return new MailboxSourceError(`Gmail is unavailable (${code}).`, { cause });
    return new MailboxSourceError(`The Gmail API refused a request for ${who} (${code}).`, { cause });
  }

  /** One Gmail API call; a 401 gets one fresh token and one more try. `allow` lists statuses the caller handles. */
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    params: [string, string][] = [],
    body?: unknown,
    allow: number[] = [],
  ): Promise<{ status: number; data: T | null }> {
    const query = params.length > 0 ? `?${new URLSearchParams(params)}` : "";
    const url = `${opts.apiBaseUrl}/gmail/v1/users/me/${path}${query}`;
    const attempt = async (token: string) => {
      try {
        return await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw deliveryErrorFromFetch(error, `Reading the Gmail mailbox of ${who}`);
      }
    };
    let response = await attempt(await tokens.get());
    if (response.status === 401) {
      tokens.invalidate();
      response = await attempt(await tokens.get());
    }
    const text = await response.text();
    if (response.ok) return { status: response.status, data: JSON.parse(text) as T };
    if (allow.includes(response.status)) return { status: response.status, data: null };
    throw readError(response.status, text);
  }

  async function profileHistoryId(): Promise<string> {
    const { data } = await call<{ historyId?: string }>("GET", "profile");
    if (!data?.historyId) throw new MailboxSourceError(`The Gmail API gave no history id for ${who}`);
    return data.historyId;
  }

  /** Message ids under `label` received since `since`, oldest first. */
  async function listSince(label: string, since: Date): Promise<string[]> {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const params: [string, string][] = [
        ["labelIds", label],
        ["q", `after:${Math.floor(since.getTime() / 1000)}`],
        ["maxResults", String(PAGE_SIZE * 5)],
      ];
      if (pageToken) params.push(["pageToken", pageToken]);
      const { data } = await call<{ messages?: MessageRef[]; nextPageToken?: string }>("GET", "messages", params);
      for (const m of data?.messages ?? []) ids.push(m.id);
      pageToken = data?.nextPageToken;
    } while (pageToken);
    // Gmail lists newest first; replies are applied in the order they came.
    return ids.reverse();
  }

  /** Headers first, the whole message for what the engine selects; one process() per chunk. */
  async function readChunks(pass: SyncPass, ids: string[], state: FolderState): Promise<void> {
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += PAGE_SIZE) {
      const chunk = unique.slice(start, start + PAGE_SIZE);
      const found = await inParallel(chunk, concurrency, async (id) => {
        // A message deleted since it was listed is gone: nothing to read.
        const { data } = await call<MetadataMessage>(
          "GET",
          `messages/${id}`,
          [["format", "metadata"]],
          undefined,
          [404],
        );
        return data;
      });
      const metadata = found.filter((m): m is MetadataMessage => m !== null && isWatched(m.labelIds));
      const headers: MessageHeaders[] = metadata.map((m) => {
        const spam = (m.labelIds ?? []).includes("SPAM");
        return {
          sourceKey: `gmail:${m.id}`,
          folder: spam ? "SPAM" : "INBOX",
          spam,
          headers: headerMap(m.payload?.headers),
        };
      });
      const wanted = headers.length > 0 ? await pass.select(headers) : [];
      const chosen = metadata.flatMap((m, i) => (wanted[i] ? [{ m, headers: headers[i] as MessageHeaders }] : []));
      const fetched = await inParallel(
        chosen,
        concurrency,
        async ({ m, headers: h }): Promise<FetchedMessage | null> => {
          const { data } = await call<RawMessage>("GET", `messages/${m.id}`, [["format", "raw"]], undefined, [404]);
          if (!data) return null;
          // internalDate: when Gmail received it, in milliseconds since the epoch (as a string).
          const received = data.internalDate ? new Date(Number(data.internalDate)) : null;
          return { ...h, raw: Buffer.from(data.raw, "base64url"), gmailThreadId: data.threadId, receivedAt: received };
        },
      );
      await pass.process(
        fetched.filter((f): f is FetchedMessage => f !== null),
        state,
      );
    }
  }

  function stateWith(base: FolderState, historyId: string): FolderState {
    const cursor: Cursor = { historyId, syncedAt: now().toISOString() };
    return { ...base, cursor: JSON.stringify(cursor) };
  }

  /** Everything under INBOX and SPAM since `since`; the history id read first is where the next sync continues. */
  async function listSync(pass: SyncPass, base: FolderState, since: Date): Promise<void> {
    // Read before listing: mail that arrives during the listing is in the history after it (the ledger drops repeats).
    const historyId = await profileHistoryId();
    for (const label of WATCHED_LABELS) await readChunks(pass, await listSince(label, since), base);
    await pass.process([], stateWith(base, historyId));
  }

  /** What arrived since the cursor's history id. */
  async function historySync(pass: SyncPass, base: FolderState, cursor: Cursor): Promise<void> {
    const added = new Map<string, string[]>();
    let latest = cursor.historyId;
    let pageToken: string | undefined;
    do {
      const params: [string, string][] = [
        ["startHistoryId", cursor.historyId],
        ["historyTypes", "messageAdded"],
        ["maxResults", String(PAGE_SIZE * 5)],
      ];
      if (pageToken) params.push(["pageToken", pageToken]);
      const { status, data } = await call<HistoryPage>("GET", "history", params, undefined, [404]);
      if (status === 404) throw new HistoryExpired();
      for (const record of data?.history ?? []) {
        for (const { message } of record.messagesAdded ?? []) added.set(message.id, message.labelIds ?? []);
      }
      latest = data?.historyId ?? latest;
      pageToken = data?.nextPageToken;
    } while (pageToken);
    if (added.size === 0 && latest === cursor.historyId) return;
    // Sent mail and drafts are added too; only what arrived in the inbox or spam is read.
    const ids = [...added].filter(([, labels]) => isWatched(labels)).map(([id]) => id);
    await readChunks(pass, ids, base);
    await pass.process([], stateWith(base, latest));
  }

  return {
    async sync(pass) {
      const base: FolderState = pass.states.get(GMAIL_FOLDER) ?? {
        folder: GMAIL_FOLDER,
        uidValidity: null,
        lastUid: 0,
        cursor: null,
      };
      const cursor = parseCursor(base.cursor);
      if (!cursor) return listSync(pass, base, pass.since);
      try {
        await historySync(pass, base, cursor);
      } catch (error) {
        if (!(error instanceof HistoryExpired)) throw error;
        const lastSync = new Date(Date.parse(cursor.syncedAt) - FALLBACK_MARGIN_MS);
        await listSync(pass, base, Number.isNaN(lastSync.getTime()) ? pass.since : lastSync);
      }
    },

    async restore(message) {
      const id = message.sourceKey.replace(/^gmail:/, "");
      const { status } = await call(
        "POST",
        `messages/${encodeURIComponent(id)}/modify`,
        [],
        { addLabelIds: ["INBOX"], removeLabelIds: ["SPAM"] },
        [404],
      );
      if (status === 404) throw new MailboxSourceError(`The message is no longer in the Gmail mailbox of ${who}`);
    },

    async close() {},
  };
}
