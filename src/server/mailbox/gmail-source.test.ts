// The Gmail mailbox source against the local Google stand-in
// (tests/support/fake-google.ts), with a recording sync pass in place of the
// engine: first sync by list, headers before bodies, spam by label, threads,
// incremental sync by history (one request when nothing is new), the fallback
// when history has expired, restore, and a revoked grant.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "../../../tests/support/fake-google.ts";
import { createGmailSource, GMAIL_FOLDER } from "./gmail-source.ts";
import type { FetchedMessage, FolderState, MessageHeaders, SyncPass } from "./mailbox-source.ts";

const DAY = 86_400_000;
const ME = "jane@gmail.test";

let google: FakeGoogle;
let refreshToken: string;
let mailbox = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google?.close());

function mime(opts: { from: string; to: string; subject: string; id: string; inReplyTo?: string; body?: string }) {
  return [
    `From: ${opts.from}`,
    `To: ${opts.to}`,
    `Subject: ${opts.subject}`,
    `Message-ID: ${opts.id}`,
    ...(opts.inReplyTo ? [`In-Reply-To: ${opts.inReplyTo}`, `References: ${opts.inReplyTo}`] : []),
    "Date: Mon, 7 Dec 2026 09:00:00 +0000",
    "Content-Type: text/plain; charset=utf-8",
    "",
    opts.body ?? "Hello",
    "",
  ].join("\r\n");
}

/** The engine's side of a sync, recorded: what it was shown, what it processed, where each folder stands. */
function recordingPass(
  states: Map<string, FolderState>,
  opts: { since?: Date; want?: (h: MessageHeaders) => boolean } = {},
) {
  const shown: MessageHeaders[] = [];
  const processed: { messages: FetchedMessage[]; state: FolderState }[] = [];
  const pass: SyncPass = {
    states,
    since: opts.since ?? new Date(Date.now() - 30 * DAY),
    async select(headers) {
      shown.push(...headers);
      return headers.map((h) => opts.want?.(h) ?? true);
    },
    async process(messages, state) {
      processed.push({ messages, state });
      states.set(state.folder, state);
    },
  };
  const messages = () => processed.flatMap((p) => p.messages);
  return { pass, shown, processed, messages };
}

let account = ME;
function source() {
  return createGmailSource({
    senderEmail: account,
    refreshToken,
    clientId: "cid",
    clientSecret: "csecret",
    apiBaseUrl: google.url,
    tokenUrl: `${google.url}/token`,
  });
}

beforeEach(() => {
  // A mailbox of its own for each test.
  account = `jane${++mailbox}@gmail.test`;
  refreshToken = google.grant(account);
  google.gmailRequests.length = 0;
});

describe("first sync", () => {
  it("lists INBOX and SPAM since the floor, shows headers first, fetches the wanted messages whole", async () => {
    const ours = google.deliver(
      account,
      mime({ from: account, to: "bob@acme.test", subject: "Intro", id: "<s1@coldreach.test>" }),
      {
        labelIds: ["SENT"],
        internalDate: new Date(Date.now() - 2 * DAY),
      },
    );
    google.deliver(account, mime({ from: "old@acme.test", to: account, subject: "Old", id: "<old@acme.test>" }), {
      internalDate: new Date(Date.now() - 40 * DAY),
    });
    const replyReceived = new Date(Date.now() - DAY);
    const reply = google.deliver(
      account,
      mime({
        from: "Bob <bob@acme.test>",
        to: account,
        subject: "Re: Intro",
        id: "<r1@acme.test>",
        inReplyTo: "<s1@coldreach.test>",
        body: "Sounds good",
      }),
      { internalDate: replyReceived },
    );
    const newsletter = google.deliver(
      account,
      mime({ from: "news@shop.test", to: account, subject: "Sale", id: "<n1@shop.test>" }),
    );
    const spam = google.deliver(
      account,
      mime({ from: "win@prize.test", to: account, subject: "You won", id: "<w1@prize.test>" }),
      { labelIds: ["SPAM"] },
    );

    const states = new Map<string, FolderState>();
    const run = recordingPass(states, { want: (h) => !h.headers.from?.includes("news@shop.test") });
    await source().sync(run.pass);

    // Headers of what is in INBOX and SPAM since the floor: not the sent mail, not the 40-day-old one.
    expect(run.shown.map((h) => h.sourceKey).sort()).toEqual(
      [`gmail:${reply.id}`, `gmail:${newsletter.id}`, `gmail:${spam.id}`].sort(),
    );
    const replyHeaders = run.shown.find((h) => h.sourceKey === `gmail:${reply.id}`);
    expect(replyHeaders).toMatchObject({ folder: "INBOX", spam: false });
    expect(replyHeaders?.headers).toMatchObject({
      from: "Bob <bob@acme.test>",
      subject: "Re: Intro",
      "in-reply-to": "<s1@coldreach.test>",
      "message-id": "<r1@acme.test>",
    });
    expect(run.shown.find((h) => h.sourceKey === `gmail:${spam.id}`)).toMatchObject({ folder: "SPAM", spam: true });

    // Whole messages only for the wanted ones, with Gmail's thread.
    const fetched = run.messages();
    expect(fetched.map((m) => m.sourceKey).sort()).toEqual([`gmail:${reply.id}`, `gmail:${spam.id}`].sort());
    const fetchedReply = fetched.find((m) => m.sourceKey === `gmail:${reply.id}`);
    expect(fetchedReply?.raw.toString("utf8")).toBe(reply.raw.toString("utf8"));
    expect(fetchedReply?.gmailThreadId).toBe(ours.threadId);
    // Gmail's internalDate: the time received, a bad Date header's stand-in.
    expect(fetchedReply?.receivedAt).toEqual(replyReceived);
    const raws = google.gmailRequests.filter((r) => r.includes("format=raw"));
    expect(raws).toHaveLength(2);
    expect(google.gmailRequests.some((r) => r.includes(newsletter.id) && r.includes("format=raw"))).toBe(false);

    // The list asked for mail after the floor, in epoch seconds.
    const floor = Math.floor(run.pass.since.getTime() / 1000);
    expect(
      google.gmailRequests
        .filter((r) => r.startsWith("GET /gmail/v1/users/me/messages?"))
        .map((r) => new URL(r.split(" ")[1]!, "http://x").searchParams.get("q")),
    ).toEqual([`after:${floor}`, `after:${floor}`]);

    // The cursor: the history id read before the listing.
    const state = states.get(GMAIL_FOLDER);
    expect(JSON.parse(state?.cursor ?? "{}")).toEqual({
      historyId: String(spam.historyId),
      syncedAt: expect.any(String),
    });
  });

  it("reads large mailboxes page by page, a chunk at a time, oldest first", async () => {
    const base = Date.now() - 10 * DAY;
    const delivered = Array.from({ length: 230 }, (_, i) =>
      google.deliver(
        account,
        mime({ from: `p${i}@acme.test`, to: account, subject: `Re: ${i}`, id: `<m${i}@acme.test>` }),
        { internalDate: new Date(base + i * 60_000) },
      ),
    );
    const run = recordingPass(new Map());
    await source().sync(run.pass);
    expect(run.messages().map((m) => m.sourceKey)).toEqual(delivered.map((m) => `gmail:${m.id}`));
    // Chunks of at most 100 messages, then the cursor on its own.
    expect(run.processed.map((p) => p.messages.length)).toEqual([100, 100, 30, 0]);
  });
});

describe("later syncs", () => {
  it("read the history from the cursor: one request when nothing is new, then only what arrived", async () => {
    const states = new Map<string, FolderState>();
    await source().sync(recordingPass(states).pass);
    const cursor = states.get(GMAIL_FOLDER)?.cursor;

    google.gmailRequests.length = 0;
    const quiet = recordingPass(states);
    await source().sync(quiet.pass);
    expect(google.gmailRequests).toHaveLength(1);
    expect(google.gmailRequests[0]).toMatch(
      /^GET \/gmail\/v1\/users\/me\/history\?startHistoryId=\d+&historyTypes=messageAdded/,
    );
    expect(quiet.processed).toEqual([]);
    expect(states.get(GMAIL_FOLDER)?.cursor).toBe(cursor);

    // A reply, a bounce in spam, and our own sent mail (which is not read).
    const reply = google.deliver(
      account,
      mime({ from: "ann@acme.test", to: account, subject: "Re: Hi", id: "<a@acme.test>" }),
    );
    const spam = google.deliver(
      account,
      mime({ from: "x@spam.test", to: account, subject: "Cheap", id: "<x@spam.test>" }),
      {
        labelIds: ["SPAM"],
      },
    );
    const sent = google.deliver(
      account,
      mime({ from: account, to: "zed@acme.test", subject: "Hi", id: "<z@c.test>" }),
      {
        labelIds: ["SENT"],
      },
    );
    const next = recordingPass(states);
    await source().sync(next.pass);
    expect(next.shown.map((h) => [h.sourceKey, h.spam])).toEqual([
      [`gmail:${reply.id}`, false],
      [`gmail:${spam.id}`, true],
    ]);
    expect(next.messages().map((m) => m.sourceKey)).toEqual([`gmail:${reply.id}`, `gmail:${spam.id}`]);
    expect(google.gmailRequests.some((r) => r.startsWith("GET /gmail/v1/users/me/messages?"))).toBe(false);
    // Our own sent mail is not even asked for: history says it is not in INBOX or SPAM.
    expect(google.gmailRequests.some((r) => r.includes(sent.id))).toBe(false);
    expect(JSON.parse(states.get(GMAIL_FOLDER)?.cursor ?? "{}").historyId).toBe(String(sent.historyId));
  });

  it("moves the cursor past history that holds nothing to read (sent mail)", async () => {
    const states = new Map<string, FolderState>();
    await source().sync(recordingPass(states).pass);
    const sent = google.deliver(
      account,
      mime({ from: account, to: "zed@acme.test", subject: "Hi", id: "<z2@c.test>" }),
      {
        labelIds: ["SENT"],
      },
    );
    const run = recordingPass(states);
    await source().sync(run.pass);
    expect(run.shown).toEqual([]);
    expect(JSON.parse(states.get(GMAIL_FOLDER)?.cursor ?? "{}").historyId).toBe(String(sent.historyId));
  });

  it("an expired history id falls back to a list since the last sync", async () => {
    const states = new Map<string, FolderState>();
    await source().sync(recordingPass(states).pass);
    const reply = google.deliver(
      account,
      mime({ from: "late@acme.test", to: account, subject: "Re: x", id: "<l@acme.test>" }),
    );
    google.expireHistory(account);

    google.gmailRequests.length = 0;
    const run = recordingPass(states);
    await source().sync(run.pass);
    expect(run.messages().map((m) => m.sourceKey)).toEqual([`gmail:${reply.id}`]);
    const syncedAt = Date.parse(JSON.parse(states.get(GMAIL_FOLDER)?.cursor ?? "{}").syncedAt);
    const lists = google.gmailRequests.filter((r) => r.startsWith("GET /gmail/v1/users/me/messages?"));
    const after = Number(new URL(lists[0]!.split(" ")[1]!, "http://x").searchParams.get("q")?.slice("after:".length));
    // From the last sync (less a margin for clocks), not from the 30-day floor.
    expect(after * 1000).toBeGreaterThan(syncedAt - 15 * 60_000);
    expect(after * 1000).toBeLessThan(syncedAt);

    // And history works again from the new cursor.
    google.gmailRequests.length = 0;
    await source().sync(recordingPass(states).pass);
    expect(google.gmailRequests).toHaveLength(1);
  });
});

describe("restore", () => {
  it("takes the SPAM label off and puts the message in the INBOX", async () => {
    const spam = google.deliver(
      account,
      mime({ from: "ok@acme.test", to: account, subject: "Re: x", id: "<ok@a.test>" }),
      {
        labelIds: ["SPAM", "UNREAD"],
      },
    );
    await source().restore({ folder: "SPAM", sourceKey: `gmail:${spam.id}` });
    expect(google.messages(account).find((m) => m.id === spam.id)?.labelIds).toEqual(["UNREAD", "INBOX"]);
    await expect(source().restore({ folder: "SPAM", sourceKey: "gmail:ffff" })).rejects.toThrow(
      `The message is no longer in the Gmail mailbox of ${account}`,
    );
  });
});

describe("failures", () => {
  it("a revoked grant rejects with what to do, never with a token", async () => {
    await fetch(`${google.url}/revoke`, { method: "POST", body: new URLSearchParams({ token: refreshToken }) });
    const error = await source()
      .sync(recordingPass(new Map()).pass)
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(error?.message).toBe(
      `Gmail access for ${account} was revoked or has expired (Token has been expired or revoked.): reconnect it in Senders`,
    );
    expect(error?.message).not.toContain(refreshToken);
  });

  it("a Gmail API refusal says what failed, in fixed words (Google's text only on the cause, for the log)", async () => {
    // An access token the mailbox endpoints do not accept (a grant without read access).
    const stranger = createGmailSource({
      senderEmail: account,
      refreshToken: "rt-not-granted",
      clientId: "cid",
      clientSecret: "csecret",
      apiBaseUrl: google.url,
      tokenUrl: `${google.url}/token`,
    });
    const refused: Error = await stranger.sync(recordingPass(new Map()).pass).then(
      () => Promise.reject(new Error("the sync did not fail")),
      (e: Error) => e,
    );
    expect(refused.message).toBe(
      `Gmail refused access to the mailbox of ${account} (HTTP 401, UNAUTHENTICATED). Reconnect Gmail sync in Senders.`,
    );
    expect(String((refused.cause as Error).message)).toContain("Request had invalid authentication credentials");
  });
});
