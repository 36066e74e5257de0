// A local stand-in for Google, on 127.0.0.1: OAuth (consent, token, revoke)
// and the parts of the Gmail API the app uses (send; and for the mailbox sync:
// profile, messages.list with `after:`, messages.get metadata/raw,
// history.list, messages.modify), over real HTTP, so Gmail connect, sending
// and reading are tested without the network.
//
//   const google = await startFakeGoogle();
//   ctx = await createTestContext(google.env());              // the app's Google settings point here
//   // Consent: GET google.env().GOOGLE_OAUTH_AUTH_URL?... redirects to redirect_uri?code&state,
//   // as the account in login_hint (or google.consentAs), or with ?error= when google.consentError is set.
//   google.omitRefreshToken = true;                            // the next code exchanges answer without one
//   const refreshToken = google.grant("jane@gmail.test");      // an account that already consented
//   google.deliver("jane@gmail.test", rawMime, { labelIds: ["SPAM"] });   // mail arriving in the mailbox
//   google.tokenReplies.push({ status: 400, body: { error: "invalid_grant" } });  // next token answers, in order
//   google.sends[0].raw;                                       // a message sent through messages.send
//
// Sending (messages.send) accepts any bearer token, as before; the mailbox
// endpoints need a token issued for a granted account (else 401).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Reply = { status: number; body: unknown };

export const FAKE_GOOGLE_CLIENT_ID = "fake-client-id.apps.googleusercontent.test";
export const FAKE_GOOGLE_CLIENT_SECRET = "fake-client-secret-0b4d";

export type FakeGmailMessage = {
  id: string;
  threadId: string;
  labelIds: string[];
  raw: Buffer;
  /** Milliseconds since the epoch, as Gmail's internalDate. */
  internalDate: number;
  historyId: number;
};

type HistoryRecord = {
  id: number;
  messagesAdded?: string[];
  labelsAdded?: { id: string; labelIds: string[] }[];
  labelsRemoved?: { id: string; labelIds: string[] }[];
};

type Mailbox = {
  email: string;
  messages: Map<string, FakeGmailMessage>;
  history: HistoryRecord[];
  historyId: number;
  /** history.list refuses older start ids (Google keeps about a week). */
  oldestHistoryId: number;
};

export type FakeGoogle = {
  url: string;
  /** Environment for the app: Google OAuth client, endpoints and Gmail API all pointing here. */
  env: () => Record<string, string>;
  tokenRequests: URLSearchParams[];
  authorizeRequests: URLSearchParams[];
  revokeRequests: string[];
  /** Every Gmail API read or label change ("GET /gmail/v1/users/me/history?…"), in order. */
  gmailRequests: string[];
  sends: { authorization: string; raw: Buffer }[];
  /** Replies to use before the default behaviour, in order. */
  tokenReplies: Reply[];
  sendReplies: Reply[];
  revokeReplies: Reply[];
  /** Each send is answered this long after it arrives; the most sends open at once is kept. */
  sendDelayMs: number;
  maxSendsInFlight: number;
  /** Consent is given as this account (default: the login_hint). */
  consentAs: string | undefined;
  /** Consent ends with this error (access_denied…) instead of a code. */
  consentError: string | undefined;
  /** Code exchanges answer without a refresh_token (as Google does when consent was not asked again). */
  omitRefreshToken: boolean;
  /** An account that has consented: a refresh token for it, valid until revoked. */
  grant: (email: string) => string;
  /** Whether Google would still honour this refresh token. */
  isRevoked: (refreshToken: string) => boolean;
  /** A message arrives in the account's mailbox (INBOX by default); threaded by In-Reply-To/References like Gmail. */
  deliver: (
    email: string,
    raw: string | Buffer,
    opts?: { labelIds?: string[]; threadId?: string; internalDate?: Date },
  ) => FakeGmailMessage;
  messages: (email: string) => FakeGmailMessage[];
  /** The account's history before now is gone: history.list from an older id answers 404. */
  expireHistory: (email: string) => void;
  close: () => Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The header block of a MIME message as [name, value] pairs, continuation lines unfolded. */
function headersOf(raw: Buffer): { name: string; value: string }[] {
  const text = raw.toString("utf8");
  const end = text.search(/\r?\n\r?\n/);
  const block = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  return block
    .split(/\r?\n/)
    .filter((line) => line.includes(":"))
    .map((line) => ({
      name: line.slice(0, line.indexOf(":")).trim(),
      value: line.slice(line.indexOf(":") + 1).trim(),
    }));
}

/** history.list's historyTypes values → the record fields they select. */
const HISTORY_FIELDS: Record<string, "messagesAdded" | "labelsAdded" | "labelsRemoved"> = {
  messageAdded: "messagesAdded",
  labelAdded: "labelsAdded",
  labelRemoved: "labelsRemoved",
};

function gmailError(status: number, message: string, reason: string): Reply {
  return { status, body: { error: { code: status, message, status: reason, errors: [{ message, reason }] } } };
}

/** `after:` / `before:` in a Gmail search (epoch seconds or yyyy/mm/dd); anything else is refused, so a query the fake cannot honour fails loudly. */
function parseQuery(q: string): { after?: number; before?: number } | null {
  const out: { after?: number; before?: number } = {};
  for (const term of q.split(/\s+/).filter(Boolean)) {
    const m = /^(after|before):(\d+|\d{4}\/\d{1,2}\/\d{1,2})$/.exec(term);
    if (!m) return null;
    const value = m[2]!.includes("/") ? Date.parse(m[2]!.replaceAll("/", "-")) / 1000 : Number(m[2]);
    out[m[1] as "after" | "before"] = value;
  }
  return out;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  let issued = 0;
  let messageCount = 0;
  let inFlight = 0;
  const codes = new Map<string, { email: string; redirectUri: string; clientId: string }>();
  const refreshTokens = new Map<string, string>();
  const revoked = new Set<string>();
  const accessTokens = new Map<string, string>();
  const mailboxes = new Map<string, Mailbox>();

  function mailbox(email: string): Mailbox {
    const key = email.toLowerCase();
    let box = mailboxes.get(key);
    if (!box) {
      box = { email: key, messages: new Map(), history: [], historyId: 1000, oldestHistoryId: 0 };
      mailboxes.set(key, box);
    }
    return box;
  }

  function record(box: Mailbox, change: Omit<HistoryRecord, "id">): number {
    box.historyId += 1;
    box.history.push({ id: box.historyId, ...change });
    return box.historyId;
  }

  function addMessage(
    email: string,
    raw: Buffer,
    opts: { labelIds?: string[]; threadId?: string; internalDate?: Date } = {},
  ): FakeGmailMessage {
    const box = mailbox(email);
    const id = (0x18c0000000000 + ++messageCount).toString(16);
    const headers = headersOf(raw);
    const refs = headers
      .filter((h) => /^(in-reply-to|references)$/i.test(h.name))
      .flatMap((h) => h.value.match(/<[^<>\s]+>/g) ?? []);
    const parent = [...box.messages.values()].find((m) =>
      headersOf(m.raw).some((h) => /^message-id$/i.test(h.name) && refs.includes(h.value)),
    );
    const message: FakeGmailMessage = {
      id,
      threadId: opts.threadId ?? parent?.threadId ?? id,
      labelIds: opts.labelIds ?? ["INBOX", "UNREAD"],
      raw,
      internalDate: (opts.internalDate ?? new Date()).getTime(),
      historyId: 0,
    };
    box.messages.set(id, message);
    message.historyId = record(box, { messagesAdded: [id] });
    return message;
  }

  const fake = {
    tokenRequests: [] as URLSearchParams[],
    authorizeRequests: [] as URLSearchParams[],
    revokeRequests: [] as string[],
    gmailRequests: [] as string[],
    sends: [] as { authorization: string; raw: Buffer }[],
    tokenReplies: [] as Reply[],
    sendReplies: [] as Reply[],
    revokeReplies: [] as Reply[],
    sendDelayMs: 0,
    maxSendsInFlight: 0,
    consentAs: undefined as string | undefined,
    consentError: undefined as string | undefined,
    omitRefreshToken: false,
    grant(email: string): string {
      const token = `1//rt-${randomBytes(12).toString("base64url")}`;
      refreshTokens.set(token, email.toLowerCase());
      mailbox(email);
      return token;
    },
    isRevoked: (token: string) => revoked.has(token),
    deliver(
      email: string,
      raw: string | Buffer,
      opts?: { labelIds?: string[]; threadId?: string; internalDate?: Date },
    ) {
      return addMessage(email, Buffer.isBuffer(raw) ? raw : Buffer.from(raw, "utf8"), opts);
    },
    messages: (email: string) => [...mailbox(email).messages.values()],
    expireHistory(email: string) {
      const box = mailbox(email);
      box.oldestHistoryId = box.historyId;
    },
  };

  function answer(res: ServerResponse, reply: Reply) {
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body));
  }

  function authorize(url: URL, res: ServerResponse) {
    const params = url.searchParams;
    fake.authorizeRequests.push(params);
    const redirectUri = params.get("redirect_uri");
    const clientId = params.get("client_id");
    if (!redirectUri || !clientId || params.get("response_type") !== "code") {
      res.writeHead(400, { "content-type": "text/plain" });
      return res.end("Error 400: invalid_request");
    }
    const back = new URL(redirectUri);
    if (fake.consentError) {
      back.searchParams.set("error", fake.consentError);
    } else {
      const email = fake.consentAs ?? params.get("login_hint") ?? "someone@gmail.test";
      const code = `4/code-${randomBytes(12).toString("base64url")}`;
      codes.set(code, { email: email.toLowerCase(), redirectUri, clientId });
      back.searchParams.set("code", code);
      back.searchParams.set("scope", params.get("scope") ?? "");
    }
    const state = params.get("state");
    if (state !== null) back.searchParams.set("state", state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function token(body: URLSearchParams): Reply {
    fake.tokenRequests.push(body);
    const queued = fake.tokenReplies.shift();
    if (queued) return queued;
    const invalidGrant = (description: string): Reply => ({
      status: 400,
      body: { error: "invalid_grant", error_description: description },
    });
    const accessFor = (email: string | undefined) => {
      const accessToken = `at-${++issued}`;
      if (email) accessTokens.set(accessToken, email);
      return accessToken;
    };
    if (body.get("grant_type") === "authorization_code") {
      const code = codes.get(body.get("code") ?? "");
      if (body.get("client_id") !== FAKE_GOOGLE_CLIENT_ID || body.get("client_secret") !== FAKE_GOOGLE_CLIENT_SECRET) {
        return { status: 401, body: { error: "invalid_client", error_description: "Unauthorized" } };
      }
      if (!code) return invalidGrant("Malformed auth code.");
      codes.delete(body.get("code") ?? "");
      if (code.redirectUri !== body.get("redirect_uri") || code.clientId !== body.get("client_id")) {
        return { status: 400, body: { error: "redirect_uri_mismatch", error_description: "Bad Request" } };
      }
      const reply: Record<string, unknown> = {
        access_token: accessFor(code.email),
        expires_in: 3599,
        scope: "https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.modify",
        token_type: "Bearer",
      };
      if (!fake.omitRefreshToken) reply.refresh_token = fake.grant(code.email);
      return { status: 200, body: reply };
    }
    const refreshToken = body.get("refresh_token") ?? "";
    if (revoked.has(refreshToken)) return invalidGrant("Token has been expired or revoked.");
    // Tokens the fake never issued (the sending tests' "rt-1") are honoured without an account.
    return { status: 200, body: { access_token: accessFor(refreshTokens.get(refreshToken)), expires_in: 3599 } };
  }

  function revoke(body: URLSearchParams): Reply {
    const value = body.get("token") ?? "";
    fake.revokeRequests.push(value);
    const queued = fake.revokeReplies.shift();
    if (queued) return queued;
    if (!refreshTokens.has(value) && !accessTokens.has(value)) return { status: 400, body: { error: "invalid_token" } };
    revoked.add(value);
    for (const [access, email] of accessTokens) if (email === refreshTokens.get(value)) accessTokens.delete(access);
    return { status: 200, body: {} };
  }

  function listMessages(box: Mailbox, params: URLSearchParams): Reply {
    const query = parseQuery(params.get("q") ?? "");
    if (!query) return gmailError(400, `The fake does not understand q=${params.get("q")}`, "invalidArgument");
    const labels = params.getAll("labelIds");
    const includeSpamTrash = params.get("includeSpamTrash") === "true";
    const size = Math.min(Number(params.get("maxResults") ?? 100), 500);
    const offset = Number(params.get("pageToken") ?? 0);
    const matching = [...box.messages.values()]
      .filter((m) => labels.every((l) => m.labelIds.includes(l)))
      .filter(
        (m) =>
          includeSpamTrash ||
          labels.some((l) => l === "SPAM" || l === "TRASH") ||
          !m.labelIds.some((l) => l === "SPAM" || l === "TRASH"),
      )
      .filter((m) => query.after === undefined || m.internalDate >= query.after * 1000)
      .filter((m) => query.before === undefined || m.internalDate < query.before * 1000)
      .sort((a, b) => b.internalDate - a.internalDate || b.historyId - a.historyId);
    const page = matching.slice(offset, offset + size);
    const body: Record<string, unknown> = { resultSizeEstimate: matching.length };
    if (page.length > 0) body.messages = page.map((m) => ({ id: m.id, threadId: m.threadId }));
    if (offset + size < matching.length) body.nextPageToken = String(offset + size);
    return { status: 200, body };
  }

  function getMessage(box: Mailbox, id: string, params: URLSearchParams): Reply {
    const m = box.messages.get(id);
    if (!m) return gmailError(404, "Requested entity was not found.", "notFound");
    const common = {
      id: m.id,
      threadId: m.threadId,
      labelIds: m.labelIds,
      historyId: String(m.historyId),
      internalDate: String(m.internalDate),
      sizeEstimate: m.raw.length,
    };
    const format = params.get("format") ?? "full";
    if (format === "raw") return { status: 200, body: { ...common, raw: m.raw.toString("base64url") } };
    if (format !== "metadata")
      return gmailError(400, `The fake serves format=metadata or raw, not ${format}`, "invalid");
    const wanted = params.getAll("metadataHeaders").map((h) => h.toLowerCase());
    const headers = headersOf(m.raw).filter((h) => wanted.length === 0 || wanted.includes(h.name.toLowerCase()));
    return { status: 200, body: { ...common, payload: { mimeType: "message/rfc822", headers } } };
  }

  function listHistory(box: Mailbox, params: URLSearchParams): Reply {
    const start = Number(params.get("startHistoryId"));
    if (!Number.isFinite(start) || start <= 0) return gmailError(400, "Invalid startHistoryId", "invalidArgument");
    if (start < box.oldestHistoryId) return gmailError(404, "Requested entity was not found.", "notFound");
    const types = params.getAll("historyTypes");
    const labelId = params.get("labelId");
    const size = Math.min(Number(params.get("maxResults") ?? 100), 500);
    const offset = Number(params.get("pageToken") ?? 0);
    const records = box.history
      .filter((r) => r.id > start)
      .filter((r) => types.length === 0 || types.some((t) => HISTORY_FIELDS[t] && r[HISTORY_FIELDS[t]] !== undefined))
      .map((r) => {
        const shown = (ids: string[]) =>
          ids
            .map((id) => box.messages.get(id))
            .filter((m): m is FakeGmailMessage => m !== undefined)
            .filter((m) => !labelId || m.labelIds.includes(labelId))
            .map((m) => ({ id: m.id, threadId: m.threadId, labelIds: m.labelIds }));
        const added = r.messagesAdded ? shown(r.messagesAdded).map((message) => ({ message })) : undefined;
        const touched = shown([
          ...(r.messagesAdded ?? []),
          ...(r.labelsAdded ?? []).map((l) => l.id),
          ...(r.labelsRemoved ?? []).map((l) => l.id),
        ]);
        return { id: String(r.id), messages: touched, ...(added ? { messagesAdded: added } : {}) };
      })
      .filter((r) => r.messages.length > 0);
    const page = records.slice(offset, offset + size);
    const body: Record<string, unknown> = { historyId: String(box.historyId) };
    if (page.length > 0) body.history = page;
    if (offset + size < records.length) body.nextPageToken = String(offset + size);
    return { status: 200, body };
  }

  function modify(box: Mailbox, id: string, body: string): Reply {
    const m = box.messages.get(id);
    if (!m) return gmailError(404, "Requested entity was not found.", "notFound");
    const { addLabelIds = [], removeLabelIds = [] } = JSON.parse(body || "{}") as {
      addLabelIds?: string[];
      removeLabelIds?: string[];
    };
    const removed = removeLabelIds.filter((l) => m.labelIds.includes(l));
    const added = addLabelIds.filter((l) => !m.labelIds.includes(l));
    m.labelIds = [...m.labelIds.filter((l) => !removed.includes(l)), ...added];
    record(box, {
      ...(added.length > 0 ? { labelsAdded: [{ id, labelIds: added }] } : {}),
      ...(removed.length > 0 ? { labelsRemoved: [{ id, labelIds: removed }] } : {}),
    });
    return { status: 200, body: { id: m.id, threadId: m.threadId, labelIds: m.labelIds } };
  }

  /** The mailbox endpoints, behind a bearer token issued for a granted account. */
  function gmail(req: IncomingMessage, url: URL, body: string): Reply | undefined {
    const path = url.pathname;
    if (!path.startsWith("/gmail/v1/users/me/")) return undefined;
    fake.gmailRequests.push(`${req.method} ${path}${url.search}`);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const email = accessTokens.get(bearer);
    if (!email) return gmailError(401, "Request had invalid authentication credentials.", "UNAUTHENTICATED");
    const box = mailbox(email);
    const rest = path.slice("/gmail/v1/users/me/".length);
    if (req.method === "GET" && rest === "profile") {
      return {
        status: 200,
        body: {
          emailAddress: email,
          messagesTotal: box.messages.size,
          threadsTotal: box.messages.size,
          historyId: String(box.historyId),
        },
      };
    }
    if (req.method === "GET" && rest === "messages") return listMessages(box, url.searchParams);
    if (req.method === "GET" && rest === "history") return listHistory(box, url.searchParams);
    const single = /^messages\/([^/]+)$/.exec(rest);
    if (req.method === "GET" && single) return getMessage(box, single[1]!, url.searchParams);
    const modifyPath = /^messages\/([^/]+)\/modify$/.exec(rest);
    if (req.method === "POST" && modifyPath) return modify(box, modifyPath[1]!, body);
    return gmailError(404, `The fake has no ${req.method} ${path}`, "notFound");
  }

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return authorize(url, res);
    if (req.method === "POST" && url.pathname === "/token") return answer(res, token(new URLSearchParams(body)));
    if (req.method === "POST" && url.pathname === "/revoke") return answer(res, revoke(new URLSearchParams(body)));
    if (req.method === "POST" && url.pathname === "/gmail/v1/users/me/messages/send") {
      const { raw } = JSON.parse(body) as { raw: string };
      const authorization = req.headers.authorization ?? "";
      const message = Buffer.from(raw, "base64url");
      fake.sends.push({ authorization, raw: message });
      inFlight++;
      fake.maxSendsInFlight = Math.max(fake.maxSendsInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, fake.sendDelayMs));
      inFlight--;
      const queued = fake.sendReplies.shift();
      if (queued) return answer(res, queued);
      // A granted account's sent mail lands in its mailbox, labelled SENT, as in Gmail.
      const sender = accessTokens.get(/^Bearer (.+)$/.exec(authorization)?.[1] ?? "");
      if (sender) {
        const sent = addMessage(sender, message, { labelIds: ["SENT"] });
        return answer(res, { status: 200, body: { id: sent.id, threadId: sent.threadId, labelIds: ["SENT"] } });
      }
      return answer(res, { status: 200, body: { id: "18c0ffee", threadId: "18c0ffee" } });
    }
    const reply = gmail(req, url, body);
    answer(res, reply ?? { status: 404, body: { error: "not found" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    env: () => ({
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
      GOOGLE_OAUTH_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${url}/revoke`,
      GMAIL_API_BASE_URL: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
