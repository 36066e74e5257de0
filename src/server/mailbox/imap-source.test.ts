// The IMAP mail source against a real IMAP server: a throw-away Dovecot
// (tests/support/dovecot.ts). What the sync engine relies on: first syncs
// read only since a date, later ones only what is new, headers first and
// bodies only when wanted, nothing marked \Seen, positions that survive a
// UIDVALIDITY change, Restore moving spam back to INBOX, failures in words,
// and a sync with nothing new costing one command.
import { createServer } from "node:net";
import { createServer as createTlsServer, type Server as TlsServer } from "node:tls";
import getTLSOptions from "smtp-server/lib/tls-options.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Dovecot, describeWithImap, startDovecot } from "../../../tests/support/dovecot.ts";
import { capturingLogger } from "../../../tests/support/log-capture.ts";
import { closedPort } from "../../../tests/support/smtp-servers.ts";
import { createLogger } from "../logger.ts";
import { ImapSourceError } from "./imap-failure.ts";
import { createImapSource, type ImapSourceOptions, parseImapSourceKey, uidSet } from "./imap-source.ts";
import type { FetchedMessage, FolderState, MessageHeaders, SyncPass } from "./mailbox-source.ts";

/** Dovecot listens on loopback: private addresses allowed, as SMTP_ALLOW_PRIVATE=on does. */
const local = { allowPrivate: true };
const quiet = createLogger("silent");

const SINCE = new Date("2026-01-01T00:00:00Z");
const OLD = new Date("2025-06-01T10:00:00Z");
const RECENT = new Date("2026-03-01T10:00:00Z");

function message(id: string, opts: { subject?: string; inReplyTo?: string; body?: string } = {}): string {
  return [
    `From: Prospect <prospect@example.org>`,
    `To: jane@acme.test`,
    `Subject: ${opts.subject ?? `Message ${id}`}`,
    `Message-ID: <${id}@example.org>`,
    ...(opts.inReplyTo ? [`In-Reply-To: <${opts.inReplyTo}>`] : []),
    `Date: Sun, 01 Mar 2026 10:00:00 +0000`,
    `X-Long-Header: first part`,
    `  folded second part`,
    `MIME-Version: 1.0`,
    `Content-Type: text/plain; charset=utf-8`,
    ``,
    opts.body ?? `Body of ${id}.`,
    ``,
  ].join("\r\n");
}

type Recorder = {
  pass: SyncPass;
  selected: MessageHeaders[];
  processed: { messages: FetchedMessage[]; state: FolderState }[];
  /** The positions after this pass, as the engine would store them. */
  states: Map<string, FolderState>;
};

/** A sync pass like the engine's: it stores each chunk's position, wanting what `want` says. */
function recorder(
  states: ReadonlyMap<string, FolderState> = new Map(),
  want: (h: MessageHeaders) => boolean = () => true,
): Recorder {
  const after = new Map(states);
  const rec: Recorder = {
    selected: [],
    processed: [],
    states: after,
    pass: {
      states,
      since: SINCE,
      async select(headers) {
        rec.selected.push(...headers);
        return headers.map(want);
      },
      async process(messages, state) {
        rec.processed.push({ messages, state });
        after.set(state.folder, state);
      },
    },
  };
  return rec;
}

const messageIds = (rec: Recorder) => rec.processed.flatMap((p) => p.messages.map((m) => m.headers["message-id"]));

describe("uidSet and source keys", () => {
  it("packs ascending UIDs into ranges", () => {
    expect(uidSet([1, 2, 3, 5, 7, 8])).toBe("1:3,5,7:8");
    expect(uidSet([4])).toBe("4");
  });

  it("reads a source key back, even when the folder holds ':'", () => {
    expect(parseImapSourceKey("INBOX:1712345:42")).toEqual({ folder: "INBOX", uidValidity: 1712345, uid: 42 });
    expect(parseImapSourceKey("Work:Junk:7:9")).toEqual({ folder: "Work:Junk", uidValidity: 7, uid: 9 });
    expect(parseImapSourceKey("gmail:18c")).toBeNull();
  });
});

describeWithImap("IMAP source against Dovecot", () => {
  let imap: Dovecot;
  let users = 0;

  beforeAll(async () => {
    imap = await startDovecot();
  });
  afterAll(async () => {
    await imap?.stop();
  });

  /** A fresh mailbox per test. */
  async function mailbox(password = "right-password-1") {
    const user = `jane${++users}@acme.test`;
    await imap.addUser(user, password);
    return { user, password };
  }

  function source(user: string, password: string, extra: Partial<ImapSourceOptions> = {}) {
    const commands: string[] = [];
    const src = createImapSource({
      host: "127.0.0.1",
      port: imap.port,
      secure: false,
      user,
      password,
      addressPolicy: local,
      log: quiet,
      onCommand: (c) => commands.push(c),
      ...extra,
    });
    return { src, commands };
  }

  async function flagsOf(user: string, folder: string): Promise<string[][]> {
    const client = await imap.client(user);
    try {
      await client.mailboxOpen(folder, { readOnly: true });
      const all = await client.fetchAll("1:*", { uid: true, flags: true });
      return all.map((m) => [...(m.flags ?? [])]);
    } finally {
      await client.logout();
    }
  }

  it("reads a first sync since the given date only, INBOX and Junk (as spam), and every later sync only what is new", async () => {
    const { user, password } = await mailbox();
    await imap.appendMessage(user, "INBOX", message("old-1"), { date: OLD });
    await imap.appendMessage(user, "INBOX", message("old-2"), { date: OLD });
    await imap.appendMessage(user, "INBOX", message("new-1"), { date: RECENT });
    await imap.appendMessage(user, "INBOX", message("new-2"), { date: RECENT });
    await imap.appendMessage(user, "Junk", message("junk-old"), { date: OLD });
    await imap.appendMessage(user, "Junk", message("junk-1"), { date: RECENT });

    const { src, commands } = source(user, password);
    const first = recorder();
    await src.sync(first.pass);
    expect(first.selected.map((h) => h.headers["message-id"])).toEqual([
      "<new-1@example.org>",
      "<new-2@example.org>",
      "<junk-1@example.org>",
    ]);
    expect(messageIds(first)).toEqual(["<new-1@example.org>", "<new-2@example.org>", "<junk-1@example.org>"]);
    expect(commands.filter((c) => c.startsWith("UID SEARCH"))).toHaveLength(2);

    const fetched = first.processed.flatMap((p) => p.messages);
    const inboxState = first.states.get("INBOX")!;
    const junkState = first.states.get("Junk")!;
    // Positions past everything looked at (the old messages too); UIDVALIDITY kept.
    expect(inboxState).toMatchObject({ folder: "INBOX", lastUid: 4, cursor: null });
    expect(junkState).toMatchObject({ folder: "Junk", lastUid: 2 });
    expect(fetched.map((m) => [m.folder, m.spam, m.sourceKey])).toEqual([
      ["INBOX", false, `INBOX:${inboxState.uidValidity}:3`],
      ["INBOX", false, `INBOX:${inboxState.uidValidity}:4`],
      ["Junk", true, `Junk:${junkState.uidValidity}:2`],
    ]);
    // Headers lower-cased and unfolded; the raw message whole.
    expect(fetched[0]!.headers["x-long-header"]).toBe("first part  folded second part");
    expect(fetched[0]!.headers.subject).toBe("Message new-1");
    expect(fetched[0]!.raw.toString()).toBe(message("new-1"));

    // New mail, including an old-dated one: an incremental sync reads by UID, not by date.
    await imap.appendMessage(user, "INBOX", message("new-3"), { date: RECENT });
    await imap.appendMessage(user, "INBOX", message("late-old"), { date: OLD });
    commands.length = 0;
    const second = recorder(first.states);
    await src.sync(second.pass);
    expect(messageIds(second)).toEqual(["<new-3@example.org>", "<late-old@example.org>"]);
    expect(second.states.get("INBOX")).toMatchObject({ lastUid: 6, uidValidity: inboxState.uidValidity });
    // Junk had nothing new: not opened. INBOX: no SEARCH, headers from the stored position on.
    expect(second.processed.map((p) => p.state.folder)).toEqual(["INBOX"]);
    expect(commands.filter((c) => /^(EXAMINE|SELECT)/.test(c))).toEqual(["EXAMINE INBOX"]);
    expect(commands.some((c) => c.startsWith("UID SEARCH"))).toBe(false);
    expect(commands).toContain("UID FETCH 5:* (UID BODY.PEEK[HEADER])");

    // Nothing is marked \Seen by reading (and, read-only, the sync does not even take \Recent).
    const inboxFlags = await flagsOf(user, "INBOX");
    const junkFlags = await flagsOf(user, "Junk");
    expect(inboxFlags).toHaveLength(6);
    expect(junkFlags).toHaveLength(2);
    for (const flags of [...inboxFlags, ...junkFlags]) expect(flags).not.toContain("\\Seen");
    await src.close();
  });

  it("fetches the bodies of wanted messages only, in chunks, each processed with the position after it", async () => {
    const { user, password } = await mailbox();
    for (let i = 1; i <= 7; i++) {
      await imap.appendMessage(user, "INBOX", message(`m${i}`, i % 3 === 0 ? { subject: "wanted" } : {}), {
        date: RECENT,
      });
    }
    const { src, commands } = source(user, password, { batch: { headers: 3, bodies: 1 } });
    const rec = recorder(new Map(), (h) => h.headers.subject === "wanted");
    await src.sync(rec.pass);
    await src.close();

    expect(rec.selected).toHaveLength(7);
    // Header batches 1–3, 4–6, 7: message 3 and 6 wanted, batch 3 none: process([]) still moves the position.
    expect(
      rec.processed.filter((p) => p.state.folder === "INBOX").map((p) => [p.state.lastUid, p.messages.length]),
    ).toEqual([
      [3, 1],
      [6, 1],
      [7, 0],
    ]);
    expect(messageIds(rec)).toEqual(["<m3@example.org>", "<m6@example.org>"]);
    // The Junk folder is empty: its position is stored all the same.
    expect(rec.states.get("Junk")).toMatchObject({ lastUid: 0 });
    const bodyFetches = commands.filter((c) => c.includes("BODY.PEEK[]"));
    // INTERNALDATE rides along: the time received stands in for an implausible Date header.
    expect(bodyFetches).toEqual([
      "UID FETCH 3 (UID INTERNALDATE BODY.PEEK[])",
      "UID FETCH 6 (UID INTERNALDATE BODY.PEEK[])",
    ]);
    const fetched = rec.processed.flatMap((p) => p.messages);
    expect(fetched.map((m) => m.receivedAt?.getTime())).toEqual([RECENT.getTime(), RECENT.getTime()]);
  });

  it("fetches no body at all when select() wants nothing", async () => {
    const { user, password } = await mailbox();
    await imap.appendMessage(user, "INBOX", message("a"), { date: RECENT });
    await imap.appendMessage(user, "Junk", message("b"), { date: RECENT });
    const { src, commands } = source(user, password);
    const rec = recorder(new Map(), () => false);
    await src.sync(rec.pass);
    await src.close();
    expect(rec.selected).toHaveLength(2);
    expect(commands.filter((c) => c.includes("BODY.PEEK[]"))).toEqual([]);
    expect(rec.processed.map((p) => [p.state.folder, p.state.lastUid, p.messages.length])).toEqual([
      ["INBOX", 1, 0],
      ["Junk", 1, 0],
    ]);
  });

  it("starts a folder over from the date when its UIDVALIDITY changed", async () => {
    const { user, password } = await mailbox();
    await imap.appendMessage(user, "INBOX", message("old"), { date: OLD });
    await imap.appendMessage(user, "INBOX", message("kept"), { date: RECENT });
    const { src } = source(user, password);
    const first = recorder();
    await src.sync(first.pass);
    const real = first.states.get("INBOX")!;

    // As if the folder had been recreated since: the stored UIDs mean nothing now.
    const stale = new Map(first.states);
    stale.set("INBOX", { ...real, uidValidity: real.uidValidity! + 1, lastUid: 99 });
    const again = recorder(stale);
    await src.sync(again.pass);
    await src.close();
    expect(messageIds(again)).toEqual(["<kept@example.org>"]);
    expect(again.states.get("INBOX")).toEqual(real);
  });

  it("finds the Junk folder by its usual name when the server marks none \\Junk", async () => {
    const server = await startDovecot({ folders: [{ name: "Spam" }, { name: "Archive", specialUse: "\\Archive" }] });
    try {
      await server.addUser("sam@acme.test", "pw-123456");
      await server.appendMessage("sam@acme.test", "Spam", message("s1"), { date: RECENT });
      await server.appendMessage("sam@acme.test", "Archive", message("a1"), { date: RECENT });
      const src = createImapSource({
        host: "127.0.0.1",
        port: server.port,
        secure: false,
        user: "sam@acme.test",
        password: "pw-123456",
        addressPolicy: local,
        log: quiet,
      });
      const rec = recorder();
      await src.sync(rec.pass);
      await src.close();
      expect(rec.processed.flatMap((p) => p.messages.map((m) => [m.folder, m.spam, m.headers["message-id"]]))).toEqual([
        ["Spam", true, "<s1@example.org>"],
      ]);
    } finally {
      await server.stop();
    }
  });

  it("costs one command for both folders when nothing is new (LIST-STATUS)", async () => {
    const { user, password } = await mailbox();
    await imap.appendMessage(user, "INBOX", message("x"), { date: RECENT });
    await imap.appendMessage(user, "Junk", message("y"), { date: RECENT });
    const setup = source(user, password);
    const first = recorder();
    await setup.src.sync(first.pass);
    await setup.src.close();

    // A fresh connection, as a scheduled sync opens one.
    const { src, commands } = source(user, password);
    const rec = recorder(first.states);
    await src.sync(rec.pass);
    const connecting = /^(CAPABILITY|ID|AUTHENTICATE|LOGIN|NAMESPACE|COMPRESS|ENABLE|STARTTLS)\b/;
    expect(commands.filter((c) => !connecting.test(c))).toEqual([
      'LIST "" "*" RETURN (STATUS (UIDNEXT UIDVALIDITY) SPECIAL-USE CHILDREN SUBSCRIBED)',
    ]);
    expect(rec.processed).toEqual([]);

    // On a connection already open, that LIST is the whole sync.
    commands.length = 0;
    await src.sync(recorder(first.states).pass);
    expect(commands).toHaveLength(1);
    await src.close();
  });

  it("moves a spam message back to INBOX on restore, and resolves when it is gone", async () => {
    const { user, password } = await mailbox();
    await imap.appendMessage(user, "Junk", message("spam-1"), { date: RECENT });
    await imap.appendMessage(user, "Junk", message("spam-2"), { date: RECENT });
    const { src, commands } = source(user, password);
    const rec = recorder();
    await src.sync(rec.pass);
    const [one, two] = rec.processed.flatMap((p) => p.messages);

    await src.restore({ folder: one!.folder, sourceKey: one!.sourceKey });
    expect(commands).toContain("UID MOVE 1 INBOX");
    const client = await imap.client(user);
    try {
      await client.mailboxOpen("INBOX", { readOnly: true });
      expect((await client.search({ header: { "message-id": "<spam-1@example.org>" } })) || []).toHaveLength(1);
      await client.mailboxOpen("Junk", { readOnly: true });
      expect((await client.search({ header: { "message-id": "<spam-1@example.org>" } })) || []).toHaveLength(0);
      expect((await client.search({ header: { "message-id": "<spam-2@example.org>" } })) || []).toHaveLength(1);
    } finally {
      await client.logout();
    }

    // Already moved (by us or by the user): nothing to do, no error.
    await expect(src.restore({ folder: one!.folder, sourceKey: one!.sourceKey })).resolves.toBeUndefined();
    // A key from before a UIDVALIDITY change names no message we can trust: nothing is moved.
    const key = parseImapSourceKey(two!.sourceKey)!;
    commands.length = 0;
    await src.restore({ folder: "Junk", sourceKey: `Junk:${key.uidValidity + 1}:${key.uid}` });
    expect(commands.some((c) => c.startsWith("UID MOVE"))).toBe(false);
    // A folder that no longer exists: nothing to move either.
    await expect(src.restore({ folder: "Gone", sourceKey: "Gone:1:1" })).resolves.toBeUndefined();
    await src.close();
  });

  it("rejects a wrong password with the login in the message, never the password, in errors or logs", async () => {
    const { user } = await mailbox("the-right-one");
    const { log, lines } = capturingLogger("debug");
    const { src } = source(user, "Wr0ng-Passw0rd!", { log });
    const rec = recorder();
    const error = await src.sync(rec.pass).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImapSourceError);
    expect((error as ImapSourceError).reason).toBe("authentication");
    expect((error as Error).message).toBe(
      `IMAP login failed for ${user}: authentication failed (AUTHENTICATIONFAILED).`,
    );
    // imapflow's lines did reach our logger (the commands, at debug)…
    expect(lines.some((l) => l.includes("AUTHENTICATE PLAIN"))).toBe(true);
    // …with the secret masked, in clear and in the SASL PLAIN base64 form alike.
    const sasl = Buffer.from(`\0${user}\0Wr0ng-Passw0rd!`).toString("base64");
    for (const line of lines) {
      expect(line).not.toContain("Wr0ng-Passw0rd!");
      expect(line).not.toContain(sasl);
      expect(line).not.toContain(Buffer.from("Wr0ng-Passw0rd!").toString("base64"));
    }
    expect(rec.processed).toEqual([]);
    await src.close();
  });
});

describeWithImap("IMAP source against an older server (no MOVE, no LIST-STATUS)", () => {
  let imap: Dovecot;
  beforeAll(async () => {
    // Dovecot's capabilities minus MOVE and LIST-STATUS.
    imap = await startDovecot({
      extraConfig:
        "imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT MULTIAPPEND UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED ESEARCH SEARCHRES SPECIAL-USE LITERAL+",
    });
  });
  afterAll(async () => {
    await imap?.stop();
  });

  it("asks STATUS once per folder when nothing is new, and restores with COPY, \\Deleted and EXPUNGE", async () => {
    await imap.addUser("old@acme.test", "pw-123456");
    await imap.appendMessage("old@acme.test", "Junk", message("spam"), { date: RECENT });
    await imap.appendMessage("old@acme.test", "Junk", message("other-spam"), { date: RECENT });
    const commands: string[] = [];
    const src = createImapSource({
      host: "127.0.0.1",
      port: imap.port,
      secure: false,
      user: "old@acme.test",
      password: "pw-123456",
      addressPolicy: local,
      log: quiet,
      onCommand: (c) => commands.push(c),
    });
    const first = recorder();
    await src.sync(first.pass);
    expect(messageIds(first)).toEqual(["<spam@example.org>", "<other-spam@example.org>"]);

    commands.length = 0;
    await src.sync(recorder(first.states).pass);
    expect(commands.filter((c) => !c.startsWith("LIST") && !c.startsWith("LSUB"))).toEqual([
      "STATUS INBOX (UIDNEXT UIDVALIDITY)",
      "STATUS Junk (UIDNEXT UIDVALIDITY)",
    ]);

    commands.length = 0;
    const spam = first.processed.flatMap((p) => p.messages)[0]!;
    await src.restore({ folder: spam.folder, sourceKey: spam.sourceKey });
    expect(commands.some((c) => c.includes("MOVE"))).toBe(false);
    expect(commands).toEqual(
      expect.arrayContaining(["UID COPY 1 INBOX", "UID STORE 1 +FLAGS.SILENT (\\Deleted)", "UID EXPUNGE 1"]),
    );
    await src.close();

    const client = await imap.client("old@acme.test");
    try {
      expect(await client.status("INBOX", { messages: true })).toMatchObject({ messages: 1 });
      expect(await client.status("Junk", { messages: true })).toMatchObject({ messages: 1 });
    } finally {
      await client.logout();
    }
  });
});

describe("IMAP source connection failures", () => {
  const base = {
    host: "127.0.0.1",
    secure: false,
    user: "jane@acme.test",
    password: "s3cret-pass",
    addressPolicy: local,
    log: quiet,
  };
  let tlsServer: TlsServer;
  let tlsPort = 0;

  beforeAll(async () => {
    // A TLS server with smtp-server's built-in self-signed certificate.
    tlsServer = createTlsServer(getTLSOptions(), (socket) => socket.end("* OK ready\r\n"));
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const address = tlsServer.address();
    tlsPort = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => tlsServer?.close(() => resolve()));
  });

  async function failure(opts: Partial<ImapSourceOptions> & { port: number }): Promise<ImapSourceError> {
    const src = createImapSource({ ...base, ...opts });
    const error = await src.sync(recorder().pass).then(
      () => null,
      (e: unknown) => e,
    );
    await src.close();
    expect(error).toBeInstanceOf(ImapSourceError);
    expect((error as Error).message).not.toContain("s3cret-pass");
    return error as ImapSourceError;
  }

  it("says the connection was refused", async () => {
    const port = await closedPort();
    const error = await failure({ port });
    expect(error.reason).toBe("connection");
    expect(error.message).toBe(
      `Could not connect to the IMAP server at 127.0.0.1:${port}: the connection was refused.`,
    );
  });

  it("says when the certificate is not trusted", async () => {
    const error = await failure({ port: tlsPort, secure: true });
    expect(error.reason).toBe("tls");
    // smtp-server's built-in certificate is self-signed and, by now, expired: Node names either.
    expect(error.message).toMatch(
      new RegExp(
        `^TLS with the IMAP server at 127\\.0\\.0\\.1:${tlsPort} failed: its certificate (is self-signed|has expired)\\.$`,
      ),
    );
  });

  it("says when the port does not speak TLS", async () => {
    const plain = createServer((socket) => socket.end("* OK IMAP ready\r\n"));
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    const address = plain.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const error = await failure({ port, secure: true });
      expect(error.reason).toBe("tls");
      expect(error.message).toBe(
        `TLS with the IMAP server at 127.0.0.1:${port} failed: the server does not speak TLS on this port (port 993 is for TLS, 143 for STARTTLS).`,
      );
    } finally {
      plain.close();
    }
  });

  it("says when the server never greets", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const error = await failure({ port, timeouts: { connectMs: 300 } });
      expect(error.reason).toBe("timeout");
      expect(error.message).toBe(`The IMAP server at 127.0.0.1:${port} did not answer in time.`);
    } finally {
      silent.close();
    }
  });

  it("refuses loopback and private hosts unless the address policy allows them, by address and by name", async () => {
    const port = await closedPort();
    const strict = { allowPrivate: false };
    const literal = await failure({ port, addressPolicy: strict });
    expect(literal.reason).toBe("address_not_allowed");
    expect(literal.message).toBe("The IMAP host 127.0.0.1 is not allowed: it points to a private or local network.");
    // A name that resolves to loopback: refused by the policy's lookup, before any connection.
    const named = await failure({
      port,
      host: "mail.acme.test",
      addressPolicy: {
        allowPrivate: false,
        resolve: ((
          _host: string,
          _opts: unknown,
          callback: (e: null, a: { address: string; family: number }[]) => void,
        ) => callback(null, [{ address: "127.0.0.1", family: 4 }])) as never,
      },
    });
    expect(named.reason).toBe("address_not_allowed");
    expect(named.message).toBe("The IMAP host mail.acme.test is not allowed: it points to a private or local network.");
  });
});
