// /api/senders through the app: CRUD, duplicates, validation, secrets at rest,
// sent counts, tenant isolation and a real SMTP connection test.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectionTestResult, Sender, SenderInput } from "#shared/senders/senders.schemas.ts";
import { closedPort, startAuthSmtpServer } from "../../../../tests/support/smtp-servers.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { campaigns } from "../../db/schema/campaigns.ts";
import { mailboxMessages, mailboxSyncs } from "../../db/schema/mailbox.ts";
import { senderAccounts } from "../../db/schema/senders.ts";
import { emailSends } from "../../db/schema/sending.ts";
import { ADDRESS_NOT_ALLOWED_SUGGESTION } from "../../sending/delivery/smtp-transport.ts";

type User = { cookie: string; userId: string };
type ErrorJson = { error: { code: string; message: string; details?: { fields: Record<string, string> } } };

let ctx: TestContext;
let alice: User;
let bob: User;
let validator: User;
let smtp: { port: number; close: () => Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startAuthSmtpServer();
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
  validator = await ctx.signUpVerified("validator@example.com");
});
afterAll(async () => {
  await smtp?.close();
  await ctx?.close();
});

const PASSWORD = "s3cret-smtp-Pa55";

function input(email: string, patch: Partial<SenderInput> = {}): SenderInput {
  return {
    email,
    provider: "custom",
    dailyLimit: 75,
    smtp: { host: "127.0.0.1", port: smtp.port, security: "none", username: "u", password: PASSWORD },
    ...patch,
  };
}

async function call(user: User, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await ctx.request(`/api/senders${path}`, { ...init, cookie: user.cookie });
  const text = await res.text();
  // No response, success or error, may ever carry a password.
  expect(text).not.toContain(PASSWORD);
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function create(user: User, body: SenderInput): Promise<Sender> {
  const res = await call(user, "", { method: "POST", json: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Sender;
}

async function storedRow(id: string) {
  const [row] = await ctx.database.db.select().from(senderAccounts).where(eq(senderAccounts.id, id));
  return row;
}

describe("authentication", () => {
  it("needs a session", async () => {
    const res = await ctx.request("/api/senders");
    expect(res.status).toBe(401);
  });
});

describe("create, list, get", () => {
  it("creates a sender and returns it without its password", async () => {
    const sender = await create(alice, input("Sales@Acme.test"));
    expect(sender).toMatchObject({
      email: "Sales@Acme.test",
      provider: "custom",
      dailyLimit: 75,
      campaignId: null,
      canSend: true,
      gmailSyncEnabled: false,
      mailboxSync: null,
      sentCount: 0,
      connection: {
        smtp: { host: "127.0.0.1", port: smtp.port, security: "none", username: "u", hasPassword: true },
        imap: null,
      },
    });
    expect(Date.parse(sender.createdAt)).not.toBeNaN();

    const got = await call(alice, `/${sender.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(sender);
  });

  it("accepts a sender with no connection yet", async () => {
    const sender = await create(alice, { email: "bare@acme.test", provider: "gmail", dailyLimit: 50 });
    expect(sender.connection).toEqual({ smtp: null, imap: null });
    // Capture mode: every sender can send (to the capture server).
    expect(sender.canSend).toBe(true);
  });

  it("lists saved senders newest first", async () => {
    const user = await ctx.signUpVerified("lister@example.com");
    const first = await create(user, input("one@acme.test"));
    const second = await create(user, input("two@acme.test"));
    const list = await call(user, "");
    expect(list.status).toBe(200);
    expect((list.body as { senders: Sender[] }).senders.map((s) => s.id)).toEqual([second.id, first.id]);
  });

  it("rejects a duplicate email for the same user, whatever its case, with a 409", async () => {
    await create(alice, input("dup@acme.test"));
    const res = await call(alice, "", { method: "POST", json: input("DUP@Acme.test") });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: { code: "conflict", message: "The email DUP@Acme.test is already available in your sender accounts." },
    });
    // Another user may have the same address.
    await create(bob, input("dup@acme.test"));
  });

  it.each([
    [{ dailyLimit: 0 }, "dailyLimit", "Daily limit must be between 1 and 500"],
    [{ dailyLimit: 501 }, "dailyLimit", "Daily limit must be between 1 and 500"],
    [{ dailyLimit: 2.5 }, "dailyLimit", "Daily limit must be a whole number"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "not-an-email" }, "email", "Enter a valid email address"],
    [{ provider: "yahoo" }, "provider", "Choose a provider"],
    [
      { smtp: { host: "", port: 587, security: "starttls", username: "u" } },
      "smtp.host",
      "Enter the server's host name",
    ],
    [{ smtp: { host: "h", port: 70000, security: "starttls", username: "u" } }, "smtp.port", "Port must be 1 to 65535"],
  ])("rejects %j with a 400 and the message", async (patch, field, message) => {
    // A user of its own: nothing it sends is valid, so its list stays empty.
    const user = validator;
    const res = await call(user, "", { method: "POST", json: { ...input("v@acme.test"), ...patch } });
    expect(res.status).toBe(400);
    const body = res.body as ErrorJson;
    expect(body.error.code).toBe("validation_error");
    expect(body.error.message).toBe(message);
    expect(body.error.details?.fields[field]).toBe(message);
    expect((await call(user, "")).body).toEqual({ senders: [] });
  });
});

describe("secrets at rest", () => {
  it("stores SMTP and IMAP passwords only encrypted", async () => {
    const sender = await create(
      alice,
      input("secret@acme.test", { imap: { host: "imap.acme.test", port: 993, password: `${PASSWORD}-imap` } }),
    );
    const row = await storedRow(sender.id);
    expect(row?.smtpPasswordEncrypted).toMatch(/^v1\./);
    expect(row?.smtpPasswordEncrypted).not.toContain(PASSWORD);
    expect(row?.imapPasswordEncrypted).toMatch(/^v1\./);
    expect(row?.imapPasswordEncrypted).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);

    const box = createSecretBox(ctx.config.appSecret);
    expect(box.decrypt(row?.smtpPasswordEncrypted ?? "", "sender.smtp_password")).toBe(PASSWORD);
    expect(box.decrypt(row?.imapPasswordEncrypted ?? "", "sender.imap_password")).toBe(`${PASSWORD}-imap`);
    expect(sender.connection.imap).toEqual({ host: "imap.acme.test", port: 993, username: null, hasPassword: true });
  });
});

describe("update", () => {
  it("changes fields and keeps the stored password when none is sent", async () => {
    const sender = await create(alice, input("edit@acme.test"));
    const before = await storedRow(sender.id);
    const res = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: {
        email: "edited@acme.test",
        provider: "outlook",
        dailyLimit: 120,
        smtp: { host: "127.0.0.1", port: 587, security: "starttls", username: "edited@acme.test" },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: sender.id,
      email: "edited@acme.test",
      provider: "outlook",
      dailyLimit: 120,
      connection: {
        smtp: {
          host: "127.0.0.1",
          port: 587,
          security: "starttls",
          username: "edited@acme.test",
          hasPassword: true,
        },
      },
    });
    const after = await storedRow(sender.id);
    expect(after?.smtpPasswordEncrypted).toBe(before?.smtpPasswordEncrypted);
    const box = createSecretBox(ctx.config.appSecret);
    expect(box.decrypt(after?.smtpPasswordEncrypted ?? "", "sender.smtp_password")).toBe(PASSWORD);
  });

  it("does not hand the stored password to another host: a new host needs the password again", async () => {
    const sender = await create(alice, input("moved@acme.test"));
    const before = await storedRow(sender.id);
    const moved = { host: "attacker.example", port: 25, security: "none" as const, username: "u" };
    const res = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: { email: "moved@acme.test", provider: "custom", dailyLimit: 75, smtp: moved },
    });
    expect(res.status).toBe(400);
    const body = res.body as ErrorJson;
    expect(body.error.code).toBe("validation_error");
    expect(body.error.message).toBe("Enter the password for the new SMTP host");
    expect(body.error.details?.fields["smtp.password"]).toBe(body.error.message);
    expect(await storedRow(sender.id)).toEqual(before);

    const test = await call(alice, `/${sender.id}/test`, { method: "POST", json: { smtp: moved } });
    expect(test.status).toBe(400);
    expect((test.body as ErrorJson).error.details?.fields["smtp.password"]).toBe(
      "Enter the password for the new SMTP host",
    );

    // With the password typed again, the move is fine.
    const ok = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: { email: "moved@acme.test", provider: "custom", dailyLimit: 75, smtp: { ...moved, password: "new" } },
    });
    expect(ok.status).toBe(200);
  });

  it("does not let reply sync carry the stored SMTP password to an IMAP server it was not typed for", async () => {
    const smtpOnly = { host: "127.0.0.1", port: smtp.port, security: "none" as const, username: "u" };
    const body = (imap: SenderInput["imap"], password?: string) => ({
      email: "sync@acme.test",
      provider: "custom" as const,
      dailyLimit: 75,
      smtp: { ...smtpOnly, ...(password ? { password } : {}) },
      imap,
    });
    const sender = await create(alice, { ...input("sync@acme.test"), imap: { host: "imap.acme.test", port: 993 } });
    const before = await storedRow(sender.id);

    // Moved to another host, or another port, without the password: refused, nothing written.
    for (const [imap, message] of [
      [{ host: "imap.attacker.example", port: 993 }, "Enter the password for the new IMAP host"],
      [{ host: "imap.acme.test", port: 143 }, "Enter the password again for the new IMAP port"],
    ] as const) {
      const res = await call(alice, `/${sender.id}`, { method: "PUT", json: body(imap) });
      expect(res.status).toBe(400);
      expect((res.body as ErrorJson).error.message).toBe(message);
      expect((res.body as ErrorJson).error.details?.fields["smtp.password"]).toBe(message);
      expect(await storedRow(sender.id)).toEqual(before);
    }
    // The same server keeps it; removing reply sync needs nothing.
    expect(
      (await call(alice, `/${sender.id}`, { method: "PUT", json: body({ host: "IMAP.acme.test", port: 993 }) })).status,
    ).toBe(200);
    expect((await call(alice, `/${sender.id}`, { method: "PUT", json: body(null) })).status).toBe(200);
    // Added again: a new IMAP server for the stored password.
    const added = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: body({ host: "imap.acme.test", port: 993 }),
    });
    expect(added.status).toBe(400);
    expect((added.body as ErrorJson).error.details?.fields["smtp.password"]).toBe(
      "Enter the password for the new IMAP host",
    );
    // With the password typed again, or an IMAP password of its own, it is saved.
    const typed = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: body({ host: "imap.acme.test", port: 993 }, PASSWORD),
    });
    expect(typed.status).toBe(200);
    const own = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: body({ host: "imap.other.test", port: 993, username: "u", password: "imap-pass" }),
    });
    expect(own.status).toBe(200);
    expect((own.body as Sender).connection.imap).toMatchObject({ host: "imap.other.test", hasPassword: true });
  });

  it("keeps the connection when smtp is omitted, replaces the password when one is sent, clears it on null", async () => {
    const sender = await create(alice, input("conn@acme.test"));
    const box = createSecretBox(ctx.config.appSecret);

    await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: { email: "conn@acme.test", provider: "custom", dailyLimit: 10 },
    });
    expect((await storedRow(sender.id))?.smtpHost).toBe("127.0.0.1");

    const withNew = input("conn@acme.test");
    if (withNew.smtp) withNew.smtp.password = `${PASSWORD}-new`;
    await call(alice, `/${sender.id}`, { method: "PUT", json: withNew });
    const changed = await storedRow(sender.id);
    expect(box.decrypt(changed?.smtpPasswordEncrypted ?? "", "sender.smtp_password")).toBe(`${PASSWORD}-new`);

    const cleared = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: { email: "conn@acme.test", provider: "custom", dailyLimit: 10, smtp: null },
    });
    expect((cleared.body as Sender).connection.smtp).toBeNull();
    const row = await storedRow(sender.id);
    expect(row?.smtpHost).toBeNull();
    expect(row?.smtpPasswordEncrypted).toBeNull();
  });

  it("rejects renaming to another saved sender's email with a 409, and bad limits with a 400", async () => {
    await create(alice, input("taken@acme.test"));
    const sender = await create(alice, input("rename@acme.test"));
    const dup = await call(alice, `/${sender.id}`, { method: "PUT", json: input("Taken@acme.test") });
    expect(dup.status).toBe(409);
    expect((dup.body as ErrorJson).error.message).toBe(
      "The email Taken@acme.test is already available in your sender accounts.",
    );
    const bad = await call(alice, `/${sender.id}`, {
      method: "PUT",
      json: input("rename@acme.test", { dailyLimit: 0 }),
    });
    expect(bad.status).toBe(400);
    expect((bad.body as ErrorJson).error.message).toBe("Daily limit must be between 1 and 500");
    expect((await storedRow(sender.id))?.email).toBe("rename@acme.test");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const missing = await call(alice, "/00000000-0000-4000-8000-000000000000", {
      method: "PUT",
      json: input("x@acme.test"),
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: { code: "not_found", message: "Sender account not found" } });
    expect((await call(alice, "/not-a-uuid")).status).toBe(404);
  });
});

describe("delete", () => {
  it("deletes the sender; a campaign copy imported from it stays, unlinked", async () => {
    const sender = await create(alice, input("gone@acme.test"));
    const [campaign] = await ctx.database.db
      .insert(campaigns)
      .values({ userId: alice.userId, name: "Launch" })
      .returning();
    const [copy] = await ctx.database.db
      .insert(senderAccounts)
      .values({ userId: alice.userId, campaignId: campaign?.id, email: "gone@acme.test", sourceSenderId: sender.id })
      .returning();

    expect((await call(alice, `/${sender.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await storedRow(sender.id)).toBeUndefined();
    expect((await call(alice, `/${sender.id}`)).status).toBe(404);
    expect((await call(alice, `/${sender.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await storedRow(copy?.id ?? ""))?.sourceSenderId).toBeNull();
    // A campaign's own copy is not a saved sender: not listed, not deletable here.
    expect((await call(alice, `/${copy?.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("sent count", () => {
  it("counts sent emails from the sender's address, campaign copies included, not failed or pending ones", async () => {
    const user = await ctx.signUpVerified("counter@example.com");
    const active = await create(user, input("active@acme.test"));
    const unused = await create(user, input("unused@acme.test"));
    const db = ctx.database.db;
    const [campaign] = await db.insert(campaigns).values({ userId: user.userId, name: "C" }).returning();
    const [copy] = await db
      .insert(senderAccounts)
      .values({ userId: user.userId, campaignId: campaign?.id, email: "active@acme.test", sourceSenderId: active.id })
      .returning();
    const send = (senderAccountId: string | undefined, status: "sent" | "failed" | "pending") => ({
      userId: user.userId,
      senderAccountId,
      toEmail: "to@example.com",
      fromEmail: "active@acme.test",
      subject: "Hi",
      body: "Hello",
      status,
      // The reporting counters count a sent email on its sent_at day, as the engine records it.
      sentAt: status === "sent" ? new Date() : null,
    });
    await db
      .insert(emailSends)
      .values([
        send(active.id, "sent"),
        send(active.id, "sent"),
        send(active.id, "failed"),
        send(copy?.id, "sent"),
        send(copy?.id, "pending"),
      ]);

    const list = (await call(user, "")).body as { senders: Sender[] };
    const counts = Object.fromEntries(list.senders.map((s) => [s.email, s.sentCount]));
    expect(counts).toEqual({ "active@acme.test": 3, "unused@acme.test": 0 });
    expect(((await call(user, `/${active.id}`)).body as Sender).sentCount).toBe(3);
    expect(((await call(user, `/${unused.id}`)).body as Sender).sentCount).toBe(0);
  });
});

describe("mailbox sync state", () => {
  it("shows what the mailbox sync recorded of the sender's mailbox: last synced, last error and when", async () => {
    const sender = await create(alice, input("synced@acme.test"));
    const db = ctx.database.db;
    const synced = new Date("2026-11-20T09:00:00.000Z");
    const failedAt = new Date("2026-11-20T09:05:00.000Z");
    await db.insert(mailboxSyncs).values({
      senderAccountId: sender.id,
      userId: alice.userId,
      lastSyncedAt: synced,
      lastError: "IMAP login failed: AUTHENTICATIONFAILED",
      lastErrorAt: failedAt,
      errorCount: 2,
    });
    // Two messages of this mailbox skipped (one of another sender's is not this one's).
    const skippedAt = new Date(Date.now() - 60_000);
    const otherSender = await create(alice, input("other-synced@acme.test"));
    await db.insert(mailboxMessages).values(
      [sender.id, sender.id, otherSender.id].map((id, i) => ({
        senderAccountId: id,
        userId: alice.userId,
        sourceKey: `INBOX:1:${i}`,
        kind: "skipped" as const,
        skipReason: "unreadable" as const,
        processedAt: new Date(skippedAt.getTime() - i * 1000),
      })),
    );
    const expected = {
      lastSyncedAt: synced.toISOString(),
      lastError: "IMAP login failed: AUTHENTICATIONFAILED",
      lastErrorAt: failedAt.toISOString(),
      errorCount: 2,
      skipped: [{ reason: "unreadable", count: 2, lastAt: skippedAt.toISOString() }],
    };
    expect((await call(alice, `/${sender.id}`)).body).toMatchObject({ mailboxSync: expected });
    const list = (await call(alice, "")).body as { senders: Sender[] };
    expect(list.senders.find((s) => s.id === sender.id)?.mailboxSync).toEqual(expected);
    // A sender whose mailbox is not synced says so.
    expect(list.senders.filter((s) => s.id !== sender.id).every((s) => s.mailboxSync === null)).toBe(true);
  });
});

describe("tenant isolation", () => {
  it("another user cannot list, read, change, delete or test the first user's sender", async () => {
    const sender = await create(alice, input("private@acme.test"));
    const before = await storedRow(sender.id);

    const bobsList = (await call(bob, "")).body as { senders: Sender[] };
    expect(bobsList.senders.map((s) => s.email)).not.toContain("private@acme.test");
    const attempts = [
      await call(bob, `/${sender.id}`),
      await call(bob, `/${sender.id}`, { method: "PUT", json: input("hijack@acme.test", { dailyLimit: 1 }) }),
      await call(bob, `/${sender.id}`, { method: "DELETE" }),
      await call(bob, `/${sender.id}/test`, { method: "POST" }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "not_found", message: "Sender account not found" } });
    }
    expect(await storedRow(sender.id)).toEqual(before);
  });
});

describe("connection test (real SMTP)", () => {
  const smtpSettings = (patch: Record<string, unknown> = {}) => ({
    host: "127.0.0.1",
    port: smtp.port,
    security: "none" as const,
    username: "u",
    password: "p",
    ...patch,
  });

  it("tests unsaved settings: right credentials, wrong credentials, closed port", async () => {
    const ok = await call(alice, "/test", { method: "POST", json: { smtp: smtpSettings() } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      ok: true,
      category: null,
      // The tests' app is in capture mode (the default): the test is real, and says where mail goes.
      message: `Connected to 127.0.0.1:${smtp.port} and signed in as u. Capture mode: mail from this sender is captured, not sent through this server.`,
    });

    const wrong = await call(alice, "/test", { method: "POST", json: { smtp: smtpSettings({ password: "nope" }) } });
    expect(wrong.body).toMatchObject({ ok: false, category: "authentication" });

    const port = await closedPort();
    const closed = await call(alice, "/test", { method: "POST", json: { smtp: smtpSettings({ port }) } });
    expect(closed.body).toMatchObject({ ok: false, category: "network" });
  });

  it("signs in with the email address when the username is left empty (stored so), against a real server", async () => {
    const owner = "owner@acme.test";
    // Its own user: connection tests are rate-limited per user.
    const user = await ctx.signUpVerified("no-username@example.com");
    const server = await startAuthSmtpServer({ user: owner });
    try {
      const settings = smtpSettings({ port: server.port, username: "" });
      // Unsaved: the address sent with the settings stands in.
      const unsaved = await call(user, "/test", { method: "POST", json: { email: owner, smtp: settings } });
      expect(unsaved.body).toMatchObject({ ok: true, message: expect.stringContaining(`signed in as ${owner}.`) });
      const neither = await call(user, "/test", { method: "POST", json: { smtp: settings } });
      expect(neither.status).toBe(400);
      expect((neither.body as ErrorJson).error.details?.fields["smtp.username"]).toBe(
        "Enter the email address or an SMTP username",
      );

      // Saved: the username is stored as the address, so sending and the test both sign in with it.
      const { username: _left, ...withoutUsername } = settings;
      const sender = await create(user, input(owner, { smtp: withoutUsername as typeof settings }));
      expect(sender.connection.smtp?.username).toBe(owner);
      expect((await storedRow(sender.id))?.smtpUsername).toBe(owner);
      const saved = await call(user, `/${sender.id}/test`, { method: "POST" });
      expect(saved.body).toMatchObject({ ok: true, message: expect.stringContaining(`signed in as ${owner}.`) });
      const edited = await call(user, `/${sender.id}/test`, { method: "POST", json: { smtp: settings } });
      expect(edited.body).toMatchObject({ ok: true, message: expect.stringContaining(`signed in as ${owner}.`) });
    } finally {
      await server.close();
    }
  });

  it("needs the password for unsaved settings", async () => {
    const res = await call(alice, "/test", { method: "POST", json: { smtp: smtpSettings({ password: undefined }) } });
    expect(res.status).toBe(400);
    expect((res.body as ErrorJson).error.details?.fields["smtp.password"]).toBeTypeOf("string");
  });

  it("tests a saved sender with its stored password, or with edited values", async () => {
    const sender = await create(alice, input("tested@acme.test", { smtp: { ...smtpSettings(), security: "none" } }));
    const stored = await call(alice, `/${sender.id}/test`, { method: "POST" });
    expect((stored.body as ConnectionTestResult).ok).toBe(true);

    // Edited host/port without a password: the stored password is used.
    const edited = await call(alice, `/${sender.id}/test`, {
      method: "POST",
      json: { smtp: smtpSettings({ password: undefined }) },
    });
    expect((edited.body as ConnectionTestResult).ok).toBe(true);

    const wrong = await call(alice, `/${sender.id}/test`, {
      method: "POST",
      json: { smtp: smtpSettings({ password: "bad" }) },
    });
    expect(wrong.body).toMatchObject({ ok: false, category: "authentication" });
  });

  it("explains a sender with no connection or no password instead of connecting", async () => {
    const bare = await create(alice, { email: "noconn@acme.test", provider: "custom", dailyLimit: 5 });
    expect((await call(alice, `/${bare.id}/test`, { method: "POST" })).body).toMatchObject({ ok: false });
    const noPassword = await create(
      alice,
      input("nopw@acme.test", { smtp: { ...smtpSettings(), password: undefined } }),
    );
    expect((await call(alice, `/${noPassword.id}/test`, { method: "POST" })).body).toMatchObject({
      ok: false,
      category: "authentication",
    });
  });
});

describe("live mode", () => {
  it("can send only through a sender with SMTP and a password", async () => {
    const live = await createTestContext(
      { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" },
      ctx.database,
    );
    try {
      const user = await ctx.signUpVerified("live@example.com");
      await create(user, input("ready@acme.test"));
      await create(user, input("nopass@acme.test", { smtp: { ...smtpSettings(), password: undefined } }));
      await create(user, { email: "noconn@acme.test", provider: "gmail", dailyLimit: 50 });
      const res = await live.request("/api/senders", { cookie: user.cookie });
      const list = (await res.json()) as { senders: Sender[] };
      expect(Object.fromEntries(list.senders.map((s) => [s.email, s.canSend]))).toEqual({
        "ready@acme.test": true,
        "nopass@acme.test": false,
        "noconn@acme.test": false,
      });
    } finally {
      await live.close();
    }
  });

  it("says why a sender cannot send: no connection, or a host the address policy refuses", async () => {
    const live = await createTestContext(
      { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1", SMTP_ALLOW_PRIVATE: "off" },
      ctx.database,
    );
    try {
      const user = await ctx.signUpVerified("live-reasons@example.com");
      await create(user, input("local@acme.test"));
      await create(
        user,
        input("public@acme.test", { smtp: { ...smtpSettings(), host: "smtp.acme.test", password: PASSWORD } }),
      );
      await create(user, { email: "noconn@acme.test", provider: "custom", dailyLimit: 50 });
      const res = await live.request("/api/senders", { cookie: user.cookie });
      const list = (await res.json()) as { senders: Sender[] };
      const byEmail = Object.fromEntries(list.senders.map((s) => [s.email, s]));
      expect(byEmail["local@acme.test"]?.cannotSendReason).toBe(
        `Its SMTP host 127.0.0.1 is not allowed: it points to a private or local network. ${ADDRESS_NOT_ALLOWED_SUGGESTION}`,
      );
      expect(byEmail["noconn@acme.test"]?.cannotSendReason).toBe(
        "It has no SMTP connection. Add it on the Senders page.",
      );
      expect(byEmail["public@acme.test"]).toMatchObject({ canSend: true, cannotSendReason: null });
      // Capture mode: every sender can send.
      const captured = (await (await ctx.request("/api/senders", { cookie: user.cookie })).json()) as {
        senders: Sender[];
      };
      expect(captured.senders.map((s) => s.cannotSendReason)).toEqual([null, null, null]);
    } finally {
      await live.close();
    }
  });

  function smtpSettings() {
    return { host: "127.0.0.1", port: smtp.port, security: "none" as const, username: "u" };
  }
});

describe("OpenAPI", () => {
  it("describes every senders route", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths["/api/senders"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/senders/{id}"] ?? {}).sort()).toEqual(["delete", "get", "put"]);
    expect(Object.keys(doc.paths["/api/senders/test"] ?? {})).toEqual(["post"]);
    expect(Object.keys(doc.paths["/api/senders/{id}/test"] ?? {})).toEqual(["post"]);
  });
});
