// Gmail connect through the app, against the local Google stand-in
// (tests/support/fake-google.ts): auth URL → Google's consent (the stand-in
// redirects back with a code and the state) → token exchange → the refresh
// token stored encrypted and the mailbox scheduled → Disconnect revokes it.
// And every way it must fail: no refresh token, a refused or unanswered code,
// an invalid, forged, expired or someone else's state, someone else's sender,
// a redirect URI that is not the app's, Google not configured.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gmailSyncMessages as messages } from "#shared/senders/gmail-sync.schemas.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import { type FakeGoogle, startFakeGoogle } from "../../../../tests/support/fake-google.ts";
import { capturingLogger } from "../../../../tests/support/log-capture.ts";
import { fakeClock, MINUTE } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import { mailboxFolders, mailboxSyncs } from "../../db/schema/mailbox.ts";
import { senderAccounts } from "../../db/schema/senders.ts";

type User = { cookie: string; userId: string; email: string; password: string };
type Answer = { status: number; body: Record<string, unknown> & { error?: { code: string; message: string } } };

const REDIRECT_URI = `${TEST_ORIGIN}/gmail-callback`;

let google: FakeGoogle;
let ctx: TestContext;
const clock = fakeClock(new Date());
const captured = capturingLogger("debug");
let alice: User;
let bob: User;

beforeAll(async () => {
  google = await startFakeGoogle();
  ctx = await createTestContext(google.env(), undefined, { now: clock.now, log: captured.log });
  alice = await ctx.signUpVerified("alice-gmail@example.com");
  bob = await ctx.signUpVerified("bob-gmail@example.com");
});
afterAll(async () => {
  await ctx?.close();
  await google?.close();
});
beforeEach(() => {
  clock.set(new Date());
  google.consentError = undefined;
  google.consentAs = undefined;
  google.omitRefreshToken = false;
});

async function call(user: User, path: string, json?: unknown): Promise<Answer> {
  const res = await ctx.request(`/api/senders${path}`, {
    method: json === undefined ? "GET" : "POST",
    json,
    cookie: user.cookie,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

let senders = 0;
async function newSender(user: User, patch: Record<string, unknown> = {}): Promise<Sender> {
  const res = await call(user, "", {
    email: `sales${++senders}@gmail.test`,
    provider: "gmail",
    dailyLimit: 50,
    ...patch,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as unknown as Sender;
}

/** Google's consent page, as the stand-in gives it: the redirect back to the app, as parameters. */
async function consent(authUrl: string): Promise<URLSearchParams> {
  const res = await fetch(authUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location") ?? "");
  expect(back.origin + back.pathname).toBe(REDIRECT_URI);
  return back.searchParams;
}

/** Auth URL and consent: the code and state that /gmail-callback receives. */
async function authorize(user: User, senderEmail: string): Promise<{ code: string; state: string }> {
  const res = await call(user, "/gmail/auth-url", { senderEmail, redirectUri: REDIRECT_URI });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const back = await consent(res.body.authUrl as string);
  return { code: back.get("code") ?? "", state: back.get("state") ?? "" };
}

function exchange(user: User, body: { code: string; state: string; redirectUri?: string }) {
  return call(user, "/gmail/token-exchange", { redirectUri: REDIRECT_URI, ...body });
}

async function row(id: string) {
  const [found] = await ctx.database.db.select().from(senderAccounts).where(eq(senderAccounts.id, id));
  return found;
}

async function syncRows(id: string) {
  const db = ctx.database.db;
  return {
    syncs: await db.select().from(mailboxSyncs).where(eq(mailboxSyncs.senderAccountId, id)),
    folders: await db.select().from(mailboxFolders).where(eq(mailboxFolders.senderAccountId, id)),
  };
}

async function signInAgain(user: User): Promise<User> {
  const res = await ctx.request("/api/auth/sign-in/email", {
    method: "POST",
    json: { email: user.email, password: user.password },
  });
  const cookie = res.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return { ...user, cookie };
}

describe("settings", () => {
  it("says Gmail sync is configured and which redirect URI to register", async () => {
    const res = await call(alice, "/gmail/settings");
    expect(res).toEqual({
      status: 200,
      body: { configured: true, missingSettings: [], redirectUri: REDIRECT_URI },
    });
  });

  it("without Google credentials, names the settings to set and refuses an auth URL", async () => {
    const bare = await createTestContext({}, ctx.database);
    try {
      const carol = await bare.signUpVerified("carol-gmail@example.com");
      const request = (path: string, json?: unknown) =>
        bare.request(`/api/senders${path}`, { method: json ? "POST" : "GET", json, cookie: carol.cookie });
      const settings = await request("/gmail/settings");
      expect(await settings.json()).toEqual({
        configured: false,
        missingSettings: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
        redirectUri: REDIRECT_URI,
      });
      const res = await request("/gmail/auth-url", { senderEmail: "x@gmail.test", redirectUri: REDIRECT_URI });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: "bad_request",
          message: "Gmail sync is not configured on this server: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.",
          details: { missingSettings: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"] },
        },
      });
    } finally {
      await bare.close();
    }
  });
});

describe("auth URL", () => {
  it("asks Google for send and read access, offline, with fresh consent and a state carrying senderEmail", async () => {
    const sender = await newSender(alice);
    const res = await call(alice, "/gmail/auth-url", { senderEmail: sender.email, redirectUri: REDIRECT_URI });
    expect(res.status).toBe(200);
    const url = new URL(res.body.authUrl as string);
    expect(url.origin + url.pathname).toBe(google.env().GOOGLE_OAUTH_AUTH_URL);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: google.env().GOOGLE_CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: "code",
      scope: "https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.modify",
      access_type: "offline",
      prompt: "consent",
      login_hint: sender.email,
    });
    // URL-encoded JSON, as the spec's return page reads it.
    const state = JSON.parse(decodeURIComponent(params.state ?? "")) as Record<string, unknown>;
    expect(state).toEqual({ senderEmail: sender.email, nonce: expect.any(String) });
  });

  it("refuses a redirect URI that is not this app's /gmail-callback", async () => {
    const sender = await newSender(alice);
    for (const redirectUri of [
      "https://evil.example/gmail-callback",
      `${TEST_ORIGIN}/settings`,
      `${REDIRECT_URI}?next=https://evil.example`,
      "http://localhost:3001/gmail-callback",
    ]) {
      const res = await call(alice, "/gmail/auth-url", { senderEmail: sender.email, redirectUri });
      expect(res.status, redirectUri).toBe(400);
      expect(res.body.error?.message).toBe(
        "redirectUri must be this app's address followed by /gmail-callback, e.g. http://localhost:3000/gmail-callback",
      );
    }
  });

  it("is 'Sender account not found' for an address the user has no saved sender with", async () => {
    const alices = await newSender(alice);
    const res = await call(bob, "/gmail/auth-url", { senderEmail: alices.email, redirectUri: REDIRECT_URI });
    expect(res).toEqual({ status: 404, body: { error: { code: "not_found", message: messages.senderNotFound } } });
  });
});

describe("the whole flow", () => {
  it("stores the refresh token encrypted, enables sync and schedules the mailbox; Disconnect revokes and clears it", async () => {
    const sender = await newSender(alice);
    const { code, state } = await authorize(alice, sender.email);
    expect(code).not.toBe("");

    clock.advance(5 * MINUTE);
    const res = await exchange(alice, { code, state });
    expect(res).toEqual({ status: 200, body: { senderId: sender.id, email: sender.email } });

    // Google's refresh token, as the stand-in issued it for this account.
    const grant = google.tokenRequests.at(-1);
    expect(grant?.get("grant_type")).toBe("authorization_code");
    expect(grant?.get("code")).toBe(code);
    expect(grant?.get("redirect_uri")).toBe(REDIRECT_URI);
    const stored = await row(sender.id);
    expect(stored?.gmailSyncEnabled).toBe(true);
    const sealed = stored?.gmailRefreshTokenEncrypted ?? "";
    const refreshToken = createSecretBox(ctx.config.appSecret).decrypt(sealed, secretPurposes.gmailRefreshToken);
    expect(refreshToken).toMatch(/^1\/\/rt-/);
    // At rest: sealed, not the token.
    expect(sealed).not.toBe(refreshToken);
    expect(sealed).not.toContain(refreshToken);
    expect(sealed).toMatch(/^v1\./);
    expect(google.isRevoked(refreshToken)).toBe(false);

    // The sync engine's row: due now.
    const { syncs } = await syncRows(sender.id);
    expect(syncs).toEqual([
      expect.objectContaining({ userId: alice.userId, nextSyncAt: clock.now(), errorCount: 0, lastError: null }),
    ]);

    // The sender says so; nothing carries the token.
    const shown = await call(alice, `/${sender.id}`);
    expect(shown.body.gmailSyncEnabled).toBe(true);
    expect(JSON.stringify(shown.body)).not.toContain(refreshToken);
    expect(captured.lines.join("\n")).not.toContain(refreshToken);
    expect(captured.lines.join("\n")).not.toContain(code);

    // Where a Gmail sync stood is forgotten on disconnect.
    await ctx.database.db
      .insert(mailboxFolders)
      .values({ senderAccountId: sender.id, folder: "gmail", cursor: '{"historyId":"1"}' });

    const disconnected = await call(alice, `/${sender.id}/gmail/disconnect`, {});
    expect(disconnected.status).toBe(200);
    expect(disconnected.body).toMatchObject({ id: sender.id, gmailSyncEnabled: false });
    expect(google.revokeRequests.at(-1)).toBe(refreshToken);
    expect(google.isRevoked(refreshToken)).toBe(true);
    const after = await row(sender.id);
    expect(after).toMatchObject({ gmailSyncEnabled: false, gmailRefreshTokenEncrypted: null });
    expect(await syncRows(sender.id)).toEqual({ syncs: [], folders: [] });
    expect(captured.lines.join("\n")).not.toContain(refreshToken);
  });

  it("connecting again replaces the token and starts the Gmail sync afresh", async () => {
    const sender = await newSender(alice);
    expect((await exchange(alice, await authorize(alice, sender.email))).status).toBe(200);
    const first = (await row(sender.id))?.gmailRefreshTokenEncrypted;
    await ctx.database.db
      .insert(mailboxFolders)
      .values({ senderAccountId: sender.id, folder: "gmail", cursor: '{"historyId":"1"}' });
    await ctx.database.db
      .update(mailboxSyncs)
      .set({ lastError: "Gmail access was revoked", errorCount: 3 })
      .where(eq(mailboxSyncs.senderAccountId, sender.id));

    expect((await exchange(alice, await authorize(alice, sender.email))).status).toBe(200);
    expect((await row(sender.id))?.gmailRefreshTokenEncrypted).not.toBe(first);
    const { syncs, folders } = await syncRows(sender.id);
    expect(folders).toEqual([]);
    expect(syncs).toEqual([expect.objectContaining({ lastError: null, errorCount: 0 })]);
  });

  it("disconnecting a sender that also syncs over IMAP keeps its IMAP sync", async () => {
    const sender = await newSender(alice, { imap: { host: "imap.gmail.test", port: 993, password: "imap-pass" } });
    expect((await exchange(alice, await authorize(alice, sender.email))).status).toBe(200);
    await ctx.database.db.insert(mailboxFolders).values([
      { senderAccountId: sender.id, folder: "gmail", cursor: "{}" },
      { senderAccountId: sender.id, folder: "INBOX", uidValidity: 7, lastUid: 42 },
    ]);
    expect((await call(alice, `/${sender.id}/gmail/disconnect`, {})).status).toBe(200);
    const { syncs, folders } = await syncRows(sender.id);
    expect(syncs).toHaveLength(1);
    expect(folders.map((f) => f.folder)).toEqual(["INBOX"]);
  });

  it("a failed revocation at Google is logged and the disconnect stands", async () => {
    const sender = await newSender(alice);
    expect((await exchange(alice, await authorize(alice, sender.email))).status).toBe(200);
    google.revokeReplies.push({ status: 503, body: { error: "backend_error" } });
    const res = await call(alice, `/${sender.id}/gmail/disconnect`, {});
    expect(res.status).toBe(200);
    expect((await row(sender.id))?.gmailRefreshTokenEncrypted).toBeNull();
    expect(captured.lines.some((l) => l.includes("could not revoke a Gmail token") && l.includes("HTTP 503"))).toBe(
      true,
    );
  });
});

describe("what Google answers", () => {
  it("no refresh token: the spec's message, and nothing stored", async () => {
    const sender = await newSender(alice);
    const authorized = await authorize(alice, sender.email);
    google.omitRefreshToken = true;
    const res = await exchange(alice, authorized);
    expect(res).toEqual({ status: 400, body: { error: { code: "bad_request", message: messages.noRefreshToken } } });
    expect(await row(sender.id)).toMatchObject({ gmailSyncEnabled: false, gmailRefreshTokenEncrypted: null });
    expect((await syncRows(sender.id)).syncs).toEqual([]);
  });

  it("a refused code and an unanswered exchange: 'Failed to exchange code for token'", async () => {
    const sender = await newSender(alice);
    const authorized = await authorize(alice, sender.email);
    // A code Google does not know (a state is single use, so a code used twice never reaches Google: below).
    expect(await exchange(alice, { ...authorized, code: "4/not-a-code-google-issued" })).toEqual({
      status: 400,
      body: { error: { code: "bad_request", message: messages.exchangeFailed } },
    });
    google.tokenReplies.push({ status: 503, body: { error: "backend_error" } });
    expect(await exchange(alice, await authorize(alice, sender.email))).toEqual({
      status: 502,
      body: { error: { code: "bad_gateway", message: messages.exchangeFailed } },
    });
  });

  it("consent denied: Google sends the error parameter back with the state, and no code", async () => {
    const sender = await newSender(alice);
    google.consentError = "access_denied";
    const res = await call(alice, "/gmail/auth-url", { senderEmail: sender.email, redirectUri: REDIRECT_URI });
    const back = await consent(res.body.authUrl as string);
    expect(back.get("error")).toBe("access_denied");
    expect(back.get("code")).toBeNull();
    expect(back.get("state")).toBe(new URL(res.body.authUrl as string).searchParams.get("state"));
    // The return page shows 'Gmail authorization failed: access_denied' and exchanges nothing; an exchange
    // without a code is refused before Google is asked.
    const before = google.tokenRequests.length;
    const refused = await exchange(alice, { code: "", state: back.get("state") ?? "" });
    expect(refused.status).toBe(400);
    expect(google.tokenRequests.length).toBe(before);
    expect((await row(sender.id))?.gmailSyncEnabled).toBe(false);
  });
});

describe("the state parameter", () => {
  const invalid = { status: 400, body: { error: { code: "bad_request", message: messages.invalidState } } };

  it("refuses one that is not the app's: garbage, bare JSON, a forged nonce, another sender", async () => {
    const sender = await newSender(alice);
    const other = await newSender(alice);
    const { code, state } = await authorize(alice, sender.email);
    const parsed = JSON.parse(decodeURIComponent(state)) as { senderEmail: string; nonce: string };
    const [expires, random] = parsed.nonce.split(".");
    const forged = [
      "not-json",
      encodeURIComponent(JSON.stringify({ senderEmail: sender.email })),
      encodeURIComponent(JSON.stringify({ senderEmail: sender.email, nonce: `${expires}.${random}.AAAA` })),
      encodeURIComponent(JSON.stringify({ senderEmail: sender.email, nonce: `${Number(expires) + 1}.${random}.x` })),
      // A valid nonce moved to another sender.
      encodeURIComponent(JSON.stringify({ ...parsed, senderEmail: other.email })),
    ];
    const before = google.tokenRequests.length;
    for (const value of forged) expect(await exchange(alice, { code, state: value }), value).toEqual(invalid);
    expect(google.tokenRequests.length).toBe(before);
    // The genuine one still works (the code was never spent).
    expect((await exchange(alice, { code, state })).status).toBe(200);
  });

  it("expires after 15 minutes", async () => {
    const sender = await newSender(alice);
    const authorized = await authorize(alice, sender.email);
    clock.advance(15 * MINUTE + 1000);
    expect(await exchange(alice, authorized)).toEqual(invalid);
  });

  it("belongs to the session that asked for it: not another user's, not another sign-in, not another redirect URI", async () => {
    const sender = await newSender(alice);
    const authorized = await authorize(alice, sender.email);
    // Bob with Alice's code and state (he has a sender of that address too: it is still not his flow).
    await newSender(bob, { email: sender.email });
    expect(await exchange(bob, authorized)).toEqual(invalid);
    expect(await exchange(await signInAgain(alice), authorized)).toEqual(invalid);
    expect(await exchange(alice, { ...authorized, redirectUri: "http://127.0.0.1:3000/gmail-callback" })).toMatchObject(
      { status: 400 },
    );
    expect(await row(sender.id)).toMatchObject({ gmailSyncEnabled: false });
    expect((await exchange(alice, authorized)).status).toBe(200);
  });

  it("is single use: a second code with the same state is refused, in this process or another, and when both race", async () => {
    const sender = await newSender(alice);
    const res = await call(alice, "/gmail/auth-url", { senderEmail: sender.email, redirectUri: REDIRECT_URI });
    const authUrl = res.body.authUrl as string;
    // Google's consent page opened three times with one state (a reload, a second tab, a replayed link): three codes.
    const [first, second, third] = [await consent(authUrl), await consent(authUrl), await consent(authUrl)];
    const state = first.get("state") ?? "";
    expect(second.get("state")).toBe(state);
    expect(await exchange(alice, { code: first.get("code") ?? "", state })).toMatchObject({ status: 200 });
    const before = google.tokenRequests.length;
    expect(await exchange(alice, { code: second.get("code") ?? "", state })).toEqual(invalid);

    // Another web process on the same database (the session is the same sign-in).
    const other = await createTestContext(google.env(), ctx.database, { now: clock.now, sendWorker: false });
    try {
      const elsewhere = await other.request("/api/senders/gmail/token-exchange", {
        method: "POST",
        cookie: alice.cookie,
        json: { code: third.get("code") ?? "", state, redirectUri: REDIRECT_URI },
      });
      expect(elsewhere.status).toBe(400);
      expect(((await elsewhere.json()) as { error: { message: string } }).error.message).toBe(messages.invalidState);
    } finally {
      await other.close();
    }
    expect(google.tokenRequests.length).toBe(before);

    // Two returns at once with one fresh state: exactly one is exchanged.
    const again = await call(alice, "/gmail/auth-url", { senderEmail: sender.email, redirectUri: REDIRECT_URI });
    const [a, b] = [await consent(again.body.authUrl as string), await consent(again.body.authUrl as string)];
    const answers = await Promise.all([
      exchange(alice, { code: a.get("code") ?? "", state: a.get("state") ?? "" }),
      exchange(alice, { code: b.get("code") ?? "", state: b.get("state") ?? "" }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
  });

  it("a sender deleted during consent: 'Sender account not found', and the code is not spent", async () => {
    const sender = await newSender(alice);
    const authorized = await authorize(alice, sender.email);
    await ctx.request(`/api/senders/${sender.id}`, { method: "DELETE", cookie: alice.cookie });
    const before = google.tokenRequests.length;
    expect(await exchange(alice, authorized)).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: messages.senderNotFound } },
    });
    expect(google.tokenRequests.length).toBe(before);
  });
});

describe("another user's sender", () => {
  it("Disconnect is 404 and leaves it connected", async () => {
    const sender = await newSender(alice);
    expect((await exchange(alice, await authorize(alice, sender.email))).status).toBe(200);
    const revokes = google.revokeRequests.length;
    expect(await call(bob, `/${sender.id}/gmail/disconnect`, {})).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: messages.senderNotFound } },
    });
    expect((await row(sender.id))?.gmailSyncEnabled).toBe(true);
    expect(google.revokeRequests.length).toBe(revokes);
  });

  it("needs a session", async () => {
    const res = await ctx.request("/api/senders/gmail/token-exchange", {
      method: "POST",
      json: { code: "c", state: "s", redirectUri: REDIRECT_URI },
    });
    expect(res.status).toBe(401);
  });
});
