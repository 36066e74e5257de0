// Sender connections as an attack surface, through the app: a stored password
// follows only its own host and security, the connection test reaches only
// public addresses unless SMTP_ALLOW_PRIVATE=on, never echoes what a non-SMTP
// peer sent, and is rate-limited per user.
import { createServer, type Server, type Socket } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConnectionTestResult, Sender, SenderInput } from "#shared/senders/senders.schemas.ts";
import { fakeClock } from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { senderAccounts } from "../../db/schema/senders.ts";
import { CONNECTION_TEST_LIMIT_MESSAGE } from "./senders.service.ts";

type User = { cookie: string; userId: string };
type ErrorJson = { error: { code: string; message: string; details?: { fields?: Record<string, string> } } };

const PASSWORD = "stored-Pa55-do-not-leak";
const clock = fakeClock("2026-12-07T09:00:00.000Z");

/** SMTP_ALLOW_PRIVATE=on (the test default): the sink on loopback is reachable. */
let ctx: TestContext;
/** The same database, live delivery with the production default SMTP_ALLOW_PRIVATE=off. */
let guarded: TestContext;
/** The same, in capture mode (the default MAIL_DELIVERY): mail never goes through the senders' hosts. */
let captureGuarded: TestContext;
let sink: SmtpSink;
/** The user of most tests; each test starts a fresh rate-limit window (below). */
let user: User;
let users = 0;

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { now: clock.now });
  guarded = await createTestContext(
    { SMTP_ALLOW_PRIVATE: "off", MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" },
    ctx.database,
    { now: clock.now },
  );
  captureGuarded = await createTestContext({ SMTP_ALLOW_PRIVATE: "off" }, ctx.database, { now: clock.now });
  sink = await startSmtpSink();
  user = await newUser();
});
beforeEach(() => clock.advance(60_000));
afterAll(async () => {
  await guarded?.close();
  await captureGuarded?.close();
  await ctx?.close();
  await sink?.close();
});

async function newUser(): Promise<User> {
  users += 1;
  return ctx.signUpVerified(`conn-security-${users}@example.com`);
}

async function call(app: TestContext, user: User, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await app.request(`/api/senders${path}`, { ...init, cookie: user.cookie });
  const text = await res.text();
  expect(text).not.toContain(PASSWORD);
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const smtpAt = (patch: Partial<NonNullable<SenderInput["smtp"]>> = {}) => ({
  host: "127.0.0.1",
  port: sink.port,
  security: "starttls" as const,
  username: "u",
  ...patch,
});

async function create(user: User, input: Partial<SenderInput> = {}): Promise<Sender> {
  const res = await call(ctx, user, "", {
    method: "POST",
    json: {
      email: `s${Math.random().toString(36).slice(2, 8)}@acme.test`,
      provider: "custom",
      dailyLimit: 50,
      smtp: smtpAt({ password: PASSWORD }),
      ...input,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Sender;
}

async function storedRow(id: string) {
  const [row] = await ctx.database.db.select().from(senderAccounts).where(eq(senderAccounts.id, id));
  return row;
}

const put = (user: User, sender: Sender, patch: Partial<SenderInput>) =>
  call(ctx, user, `/${sender.id}`, {
    method: "PUT",
    json: { email: sender.email, provider: sender.provider, dailyLimit: sender.dailyLimit, ...patch },
  });

describe("a stored SMTP password follows only its host and security", () => {
  it("refuses a save that moves it to weaker security on another port (400, nothing stored)", async () => {
    const sender = await create(user);
    const before = await storedRow(sender.id);
    const res = await put(user, sender, { smtp: smtpAt({ port: 2525, security: "none" }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: "validation_error",
        message: "Enter the password again to connect with less security than STARTTLS",
        details: {
          fields: { "smtp.password": "Enter the password again to connect with less security than STARTTLS" },
        },
      },
    });
    expect(await storedRow(sender.id)).toEqual(before);
  });

  it("does not send it in clear text by a connection test of downgraded settings; typed again, it does", async () => {
    const sender = await create(user);
    sink.reset();
    const downgraded = smtpAt({ security: "none" });
    const res = await call(ctx, user, `/${sender.id}/test`, { method: "POST", json: { smtp: downgraded } });
    expect(res.status).toBe(400);
    expect((res.body as ErrorJson).error.details?.fields?.["smtp.password"]).toBe(
      "Enter the password again to connect with less security than STARTTLS",
    );
    expect(sink.connections).toBe(0);

    const typed = await call(ctx, user, `/${sender.id}/test`, {
      method: "POST",
      json: { smtp: { ...downgraded, password: "typed-again" } },
    });
    expect((typed.body as ConnectionTestResult).ok).toBe(true);
    expect(sink.connections).toBe(1);
  });

  it("keeps it for the same host on another port with security as strong or stronger", async () => {
    const sender = await create(user, { smtp: smtpAt({ security: "none", password: PASSWORD }) });
    const before = await storedRow(sender.id);
    for (const smtp of [smtpAt({ port: 2526, security: "none" }), smtpAt({ port: 465, security: "tls" })]) {
      const res = await put(user, sender, { smtp: { ...smtp, host: "127.0.0.1" } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const after = await storedRow(sender.id);
    expect(after).toMatchObject({ smtpPort: 465, smtpSecurity: "tls" });
    expect(after?.smtpPasswordEncrypted).toBe(before?.smtpPasswordEncrypted);
  });

  it("applies to a host that differs only in case as to the same host", async () => {
    const sender = await create(user, { smtp: { ...smtpAt({ password: PASSWORD }), host: "mail.acme.test" } });
    const same = await put(user, sender, { smtp: { ...smtpAt(), host: "MAIL.Acme.test" } });
    expect(same.status).toBe(200);
    const other = await put(user, sender, { smtp: { ...smtpAt(), host: "mail.evil.test" } });
    expect((other.body as ErrorJson).error.message).toBe("Enter the password for the new SMTP host");
  });
});

describe("a stored IMAP password follows only its host and port", () => {
  it.each([
    [{ host: "imap.other.test", port: 993 }, "imap.password", "Enter the password for the new IMAP host"],
    [{ host: "imap.acme.test", port: 143 }, "imap.password", "Enter the password again for the new IMAP port"],
  ])("refuses %j without the password", async (imap, field, message) => {
    const sender = await create(user, { imap: { host: "imap.acme.test", port: 993, password: PASSWORD } });
    const before = await storedRow(sender.id);
    const res = await put(user, sender, { imap });
    expect(res.status).toBe(400);
    expect((res.body as ErrorJson).error.details?.fields).toEqual({ [field]: message });
    expect(await storedRow(sender.id)).toEqual(before);
  });

  it("keeps it for the same host and port, and takes a new one typed for a new host", async () => {
    const sender = await create(user, { imap: { host: "imap.acme.test", port: 993, password: PASSWORD } });
    const before = await storedRow(sender.id);
    expect((await put(user, sender, { imap: { host: "IMAP.acme.test", port: 993 } })).status).toBe(200);
    expect((await storedRow(sender.id))?.imapPasswordEncrypted).toBe(before?.imapPasswordEncrypted);
    const moved = await put(user, sender, { imap: { host: "imap.other.test", port: 993, password: "new-imap" } });
    expect(moved.status).toBe(200);
    const box = createSecretBox(ctx.config.appSecret);
    expect(box.decrypt((await storedRow(sender.id))?.imapPasswordEncrypted ?? "", "sender.imap_password")).toBe(
      "new-imap",
    );
  });
});

describe("the connection test's address policy (SMTP_ALLOW_PRIVATE=off, live delivery)", () => {
  it.each(["127.0.0.1", "localhost", "169.254.169.254", "10.0.0.5", "[::1]"])(
    "refuses %s without connecting",
    async (host) => {
      sink.reset();
      const res = await call(guarded, user, "/test", {
        method: "POST",
        json: { smtp: smtpAt({ host, security: "none", password: "p" }) },
      });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: {
          ok: false,
          category: "network",
          message: `The SMTP host ${host} is not allowed: it points to a private or local network.`,
        },
      });
      expect(sink.connections).toBe(0);
    },
  );

  it("refuses a saved sender on a loopback host too (stored settings)", async () => {
    const sender = await create(user, { smtp: smtpAt({ security: "none", password: PASSWORD }) });
    sink.reset();
    const res = await call(guarded, user, `/${sender.id}/test`, { method: "POST" });
    expect(res.body).toMatchObject({ ok: false, category: "network" });
    expect(sink.connections).toBe(0);
    // With SMTP_ALLOW_PRIVATE=on the same sender connects.
    expect((await call(ctx, user, `/${sender.id}/test`, { method: "POST" })).body).toMatchObject({ ok: true });
  });
});

describe("the connection test in capture mode (SMTP_ALLOW_PRIVATE=off)", () => {
  it("says a local host's mail is captured and what a live test needs, without connecting", async () => {
    sink.reset();
    const where = `127.0.0.1:${sink.port}`;
    const expected = {
      ok: true,
      category: null,
      captured: true,
      message: `Capture mode: mail from this sender is captured, not sent through ${where}, so it was not tested. To test a mail server on a private or local network, set SMTP_ALLOW_PRIVATE=on.`,
    };
    const unsaved = await call(captureGuarded, user, "/test", {
      method: "POST",
      json: { smtp: smtpAt({ security: "none", password: "p" }) },
    });
    expect({ status: unsaved.status, body: unsaved.body }).toEqual({ status: 200, body: expected });
    const sender = await create(user, { smtp: smtpAt({ security: "none", password: PASSWORD }) });
    expect((await call(captureGuarded, user, `/${sender.id}/test`, { method: "POST" })).body).toEqual(expected);
    expect(sink.connections).toBe(0);
  });
});

/** A TCP server that writes `greeting` to every connection (and closes it after, if asked). */
async function fakePeer(greeting: string, opts: { close?: boolean } = {}): Promise<{ port: number; server: Server }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    if (opts.close) socket.end(greeting);
    else socket.write(greeting);
  });
  server.on("close", () => {
    for (const s of sockets) s.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return { port: typeof address === "object" && address ? address.port : 0, server };
}

describe("the connection test never echoes a peer that is not an SMTP server", () => {
  const banner = "SSH-2.0-OpenSSH_9.6 internal-build-4711";

  it.each([
    ["a banner line", `${banner}\r\n`, false],
    ["a banner without a line end, then closed", banner, true],
    ["an HTTP answer", "HTTP/1.1 400 Bad Request\r\nServer: internal-build-4711\r\n\r\n", true],
  ])("%s: a generic message without the bytes", async (_name, greeting, close) => {
    const peer = await fakePeer(greeting, { close });
    try {
      const res = await call(ctx, user, "/test", {
        method: "POST",
        json: { smtp: smtpAt({ port: peer.port, security: "none", password: "p" }) },
      });
      const result = res.body as ConnectionTestResult;
      expect(result.ok).toBe(false);
      expect(result.message).not.toMatch(/OpenSSH|internal-build|HTTP\/1\.1|Bad Request/);
      expect(result.message).toMatch(
        new RegExp(
          `^(The server at 127\\.0\\.0\\.1:${peer.port} is not an SMTP server|The connection to 127\\.0\\.0\\.1:${peer.port} was closed unexpectedly)`,
        ),
      );
    } finally {
      peer.server.close();
    }
  });

  it("an SMTP server turning the connection away: its reply code only", async () => {
    const peer = await fakePeer("554 5.7.1 internal-build-4711 says no\r\n");
    try {
      const res = await call(ctx, user, "/test", {
        method: "POST",
        json: { smtp: smtpAt({ port: peer.port, security: "none", password: "p" }) },
      });
      expect(res.body).toEqual({
        ok: false,
        category: "network",
        message: `The SMTP server at 127.0.0.1:${peer.port} refused the connection (reply code 554). Try again later, or check the host and port.`,
      });
    } finally {
      peer.server.close();
    }
  });
});

describe("the connection test's rate limit", () => {
  it("allows 10 tests a minute per user, then answers 429 until the minute is over", async () => {
    const user = await newUser();
    const other = await newUser();
    // A sender without a connection: each test answers at once, without the network.
    const bare = await create(user, { smtp: null });
    const test = (who: User) => call(ctx, who, `/${bare.id}/test`, { method: "POST" });
    for (let i = 0; i < 10; i++) expect((await test(user)).status).toBe(200);

    const refused = await test(user);
    expect(refused).toEqual({
      status: 429,
      body: {
        error: { code: "rate_limited", message: CONNECTION_TEST_LIMIT_MESSAGE, details: { retryAfterSeconds: 60 } },
      },
    });
    // Unsaved settings count against the same limit.
    const unsaved = await call(ctx, user, "/test", {
      method: "POST",
      json: { smtp: smtpAt({ security: "none", password: "p" }) },
    });
    expect(unsaved.status).toBe(429);
    // Another user has a limit of their own (their test of someone else's sender is a 404).
    expect((await test(other)).status).toBe(404);

    clock.advance(60_000);
    expect((await test(user)).status).toBe(200);
  });
});
