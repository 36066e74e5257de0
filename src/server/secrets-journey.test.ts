// Secrets never leave the server: a whole journey through the app (sign-up and
// confirmation, a sender with an SMTP password created, tested and updated, a
// Gmail-connected sender, a campaign launched in live mode with a delivery that
// fails on a 535 and one Gmail refuses, a sender whose insert fails in the
// database), with every API response body and every log line kept, at the
// most verbose log level. No password, OAuth token or encrypted form of one
// may appear in any of them.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "../../tests/support/fake-google.ts";
import { capturingLogger } from "../../tests/support/log-capture.ts";
import { createCampaign, fakeClock, launch, people } from "../../tests/support/sending-fixtures.ts";
import { type SmtpSink, startSmtpSink } from "../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../tests/support/test-app.ts";
import { createSecretBox } from "./crypto/secret-box.ts";
import { senderAccounts } from "./db/schema/senders.ts";
import { emailSends } from "./db/schema/sending.ts";
import { createTransportFactory } from "./sending/delivery/transports.ts";

const secrets = {
  accountPassword: "account-Pw-7f3a9c",
  smtpPassword: "smtp-first-Pw-1c9e",
  smtpPasswordUpdated: "smtp-second-Pw-44b0",
  smtpPasswordTested: "smtp-tested-Pw-9d21",
  failingSenderPassword: "smtp-failing-Pw-3e77",
  insertFailsPassword: "smtp-insert-Pw-61aa",
  imapPassword: "imap-Pw-0b5e",
  gmailRefreshToken: "1//refresh-token-0a8f",
  gmailAccessToken: "ya29.access-token-5b2c",
  googleClientSecret: "google-client-secret-77d1",
};
/** A value sealed by the secret box (secret-box.ts): v1.<nonce>.<ciphertext>.<tag>, base64url. */
const SEALED = /v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}/;
/** The address whose insert the database refuses (a trigger below). */
const EXPLODING_EMAIL = "explode@acme.test";

const clock = fakeClock("2026-12-07T09:00:00.000Z"); // a Monday, inside the default sending window
const captured = capturingLogger("trace");
/** Every response body, with the request that produced it. */
const responses: { request: string; status: number; body: string }[] = [];
/** Encrypted secrets read from the database along the way. */
const sealed = new Set<string>();

let ctx: TestContext;
let mailbox: SmtpSink;
let google: FakeGoogle;
let failedDeliveries: { category: string | null; fromEmail: string | null }[] = [];

async function api(cookie: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await ctx.request(path, { ...init, cookie });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function keepSealedSecrets() {
  const rows = await ctx.database.db.select().from(senderAccounts);
  for (const row of rows) {
    for (const value of [row.smtpPasswordEncrypted, row.imapPasswordEncrypted, row.gmailRefreshTokenEncrypted]) {
      if (value) sealed.add(value);
    }
  }
}

beforeAll(async () => {
  mailbox = await startSmtpSink({ auth: { username: "mailer", password: secrets.smtpPasswordUpdated } });
  google = await startFakeGoogle();
  google.tokenReplies.push({ status: 200, body: { access_token: secrets.gmailAccessToken, expires_in: 3599 } });
  google.sendReplies.push({
    status: 403,
    body: { error: { code: 403, message: "Delegation denied for gmail@acme.test", status: "PERMISSION_DENIED" } },
  });
  const env = {
    MAIL_DELIVERY: "live",
    SYSTEM_SMTP_URL: "smtp://127.0.0.1:1",
    GOOGLE_CLIENT_ID: "google-client-id",
    GOOGLE_CLIENT_SECRET: secrets.googleClientSecret,
    GMAIL_API_BASE_URL: google.url,
  };
  const config = testConfig(env);
  const transports = createTransportFactory({
    config,
    secrets: createSecretBox(config.appSecret),
    log: captured.log,
    gmail: { tokenUrl: `${google.url}/token` },
  });
  ctx = await createTestContext(env, undefined, { transports, now: clock.now, log: captured.log });
  const request = ctx.app.request.bind(ctx.app);
  ctx.app.request = (async (...args: Parameters<typeof request>) => {
    const res = await request(...args);
    responses.push({ request: String(args[0]), status: res.status, body: await res.clone().text() });
    return res;
  }) as typeof request;
  await ctx.database.exec(`
    create function test_refuse_sender() returns trigger language plpgsql as $$
    begin
      if new.email = '${EXPLODING_EMAIL}' then raise exception 'the test refuses this sender'; end if;
      return new;
    end $$;
    create trigger test_refuse_sender before insert on sender_accounts
      for each row execute function test_refuse_sender();
  `);

  // Sign-up and confirmation.
  const { cookie } = await ctx.signUpVerified("owner@example.com", secrets.accountPassword);

  // A sender with an SMTP (and IMAP) password: created, tested, updated, tested.
  const smtp = { host: "127.0.0.1", port: mailbox.port, security: "none" as const, username: "mailer" };
  const created = await api(cookie, "/api/senders", {
    method: "POST",
    json: {
      email: "mailer@acme.test",
      provider: "custom",
      dailyLimit: 50,
      smtp: { ...smtp, password: secrets.smtpPassword },
      imap: { host: "imap.acme.test", port: 993, password: secrets.imapPassword },
    },
  });
  expect(created.status).toBe(201);
  const senderId = created.body.id as string;
  await keepSealedSecrets();
  await api(cookie, `/api/senders/${senderId}/test`, { method: "POST" }); // 535: the first password is wrong
  await api(cookie, "/api/senders/test", {
    method: "POST",
    json: { smtp: { ...smtp, password: secrets.smtpPasswordTested } },
  });
  // Moved without the password: refused.
  await api(cookie, `/api/senders/${senderId}`, {
    method: "PUT",
    json: { email: "mailer@acme.test", provider: "custom", dailyLimit: 50, smtp: { ...smtp, host: "localhost" } },
  });
  const updated = await api(cookie, `/api/senders/${senderId}`, {
    method: "PUT",
    json: {
      email: "mailer@acme.test",
      provider: "custom",
      dailyLimit: 50,
      smtp: { ...smtp, password: secrets.smtpPasswordUpdated },
    },
  });
  expect(updated.status).toBe(200);
  await keepSealedSecrets();
  expect((await api(cookie, `/api/senders/${senderId}/test`, { method: "POST" })).body).toMatchObject({ ok: true });

  // A sender whose server refuses its password (535 on every delivery).
  const failing = await api(cookie, "/api/senders", {
    method: "POST",
    json: {
      email: "failing@acme.test",
      provider: "custom",
      dailyLimit: 50,
      smtp: { ...smtp, password: secrets.failingSenderPassword },
    },
  });
  // A Gmail sender connected with OAuth (no API connects one yet: the token is stored as the OAuth callback would).
  const gmail = await api(cookie, "/api/senders", {
    method: "POST",
    json: { email: "gmail@acme.test", provider: "gmail", dailyLimit: 50 },
  });
  await ctx.database.db
    .update(senderAccounts)
    .set({
      gmailRefreshTokenEncrypted: createSecretBox(ctx.config.appSecret).encrypt(
        secrets.gmailRefreshToken,
        "sender.gmail_refresh_token",
      ),
    })
    .where(eq(senderAccounts.id, gmail.body.id));
  await keepSealedSecrets();

  // A sender the database refuses to insert: an unexpected error, logged.
  const exploded = await api(cookie, "/api/senders", {
    method: "POST",
    json: {
      email: EXPLODING_EMAIL,
      provider: "custom",
      dailyLimit: 50,
      smtp: { ...smtp, password: secrets.insertFailsPassword },
    },
  });
  expect(exploded.status).toBe(500);

  // A campaign over the three senders, launched: one delivery sent, one failed on 535, one refused by Gmail.
  const campaign = await createCampaign(ctx, cookie, {
    senderAccounts: [
      { email: "mailer@acme.test", provider: "custom", dailyLimit: 50, savedSenderId: senderId },
      { email: "failing@acme.test", provider: "custom", dailyLimit: 50, savedSenderId: failing.body.id },
      { email: "gmail@acme.test", provider: "gmail", dailyLimit: 50, savedSenderId: gmail.body.id },
    ],
    contacts: people(3, "journey"),
  });
  await launch(ctx, cookie, campaign.campaign.id);
  failedDeliveries = (await ctx.database.db.select().from(emailSends))
    .filter((s) => s.status === "failed")
    .map((s) => ({ category: s.failureCategory, fromEmail: s.fromEmail }));

  // What the user reads afterwards.
  await api(cookie, "/api/senders");
  await api(cookie, `/api/senders/${senderId}`);
  await api(cookie, `/api/campaigns/${campaign.campaign.id}`);
  await api(cookie, "/api/emails");
  await api(cookie, "/api/inbox");
  for (const contact of people(3, "journey")) {
    await api(cookie, `/api/inbox/history?email=${encodeURIComponent(contact.email)}`);
  }
  await keepSealedSecrets();
});
afterAll(async () => {
  await ctx?.close();
  await mailbox?.close();
  await google?.close();
});

/** Where each secret shows up in `texts`, as "name in <where>". */
function leaks(texts: { where: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { where, text } of texts) {
    for (const [name, value] of Object.entries(secrets)) if (text.includes(value)) found.push(`${name} in ${where}`);
    for (const value of sealed) if (text.includes(value)) found.push(`a stored encrypted secret in ${where}`);
  }
  return found;
}

const responseTexts = () =>
  responses.map((r) => ({ where: `the response to ${r.request} (${r.status})`, text: r.body }));
const logTexts = () => captured.lines.map((line) => ({ where: `the log line ${line.slice(0, 300)}`, text: line }));

describe("secrets through a whole journey", () => {
  it("went through every step: the failures happened and were logged", () => {
    expect(failedDeliveries.map((s) => [s.fromEmail, s.category]).sort()).toEqual([
      ["failing@acme.test", "authentication"],
      ["gmail@acme.test", "authentication"],
    ]);
    expect(mailbox.messages).toHaveLength(1);
    expect(google.tokenRequests.map((r) => r.get("refresh_token"))).toEqual([secrets.gmailRefreshToken]);
    expect(responses.some((r) => r.request.endsWith("/api/senders") && r.status === 500)).toBe(true);
    expect(captured.lines.some((line) => line.includes('"msg":"unhandled error"'))).toBe(true);
    expect(sealed.size).toBeGreaterThanOrEqual(5);
  });

  it("no API response carries a password, a token or an encrypted secret", () => {
    expect(leaks(responseTexts())).toEqual([]);
    expect(responses.filter((r) => SEALED.test(r.body)).map((r) => r.request)).toEqual([]);
  });

  it("no log line carries a password or a token", () => {
    const plain = logTexts().map(({ where, text }) => ({ where, text }));
    expect(leaks(plain).filter((leak) => !leak.startsWith("a stored encrypted secret"))).toEqual([]);
  });

  it("no log line carries an encrypted secret (a failed query's parameters included)", () => {
    expect(leaks(logTexts()).filter((leak) => leak.startsWith("a stored encrypted secret"))).toEqual([]);
    expect(captured.lines.filter((line) => SEALED.test(line)).map((line) => line.slice(0, 300))).toEqual([]);
  });
});
