// Getting back into an account and keeping it: Forgot password (the same
// answer for every address, the mail through the system mailer off the
// request path, a single-use link that expires in an hour, every session
// ended), change password ending the other sessions, its rate limits, and the
// confirmation mail carrying nothing a visitor typed (issue 27 §1).
import { and, desc, eq, like, sql } from "drizzle-orm";
import fc from "fast-check";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { propertySeed } from "../../../tests/support/hostile-messages.ts";
import { capturingLogger } from "../../../tests/support/log-capture.ts";
import { createTestContext, TEST_ORIGIN, type TestContext, testConfig } from "../../../tests/support/test-app.ts";
import { createTestDatabase } from "../../../tests/support/test-database.ts";
import { capturedEmails, session, user, verification } from "../db/schema/index.ts";
import type { SystemMailer } from "../mail/system-mailer.ts";
import { createAuth } from "./auth.ts";
import { RESET_PASSWORD_SUBJECT } from "./reset-password-email.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0];

async function signIn(email: string, password: string) {
  return ctx.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
}

function requestReset(email: string) {
  return ctx.request("/api/auth/request-password-reset", { method: "POST", json: { email } });
}

/** The captured reset mails to an address, newest first. */
async function resetMails(email: string) {
  return ctx.database.db
    .select()
    .from(capturedEmails)
    .where(and(sql`${email} = any(${capturedEmails.toAddresses})`, eq(capturedEmails.subject, RESET_PASSWORD_SUBJECT)))
    .orderBy(desc(capturedEmails.receivedAt));
}

/** Waits for the reset mail (it is sent off the request path) and returns its link. */
async function resetLink(email: string, count = 1): Promise<URL> {
  await expect.poll(async () => (await resetMails(email)).length, { timeout: 10_000 }).toBe(count);
  const [mail] = await resetMails(email);
  const link = mail?.textBody?.match(/https?:\/\/\S+reset-password\S+/)?.[0];
  if (!link) throw new Error("no link in the reset mail");
  return new URL(link);
}

/** Opens the mailed link as the browser would: better-auth checks the token and redirects to the page. */
async function follow(link: URL): Promise<URL> {
  const res = await ctx.request(link.pathname + link.search);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "", TEST_ORIGIN);
}

function resetPassword(token: string, newPassword: string) {
  return ctx.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword } });
}

describe("the confirmation mail", () => {
  it("greets without the sign-up name: a name with a link is not in its text or HTML", async () => {
    const name = "URGENT – your invoice is overdue, pay at http://evil.example/pay";
    const res = await ctx.request("/api/auth/sign-up/email", {
      method: "POST",
      json: { email: "stranger@example.com", password: "correct-horse-battery", name, fullName: name },
    });
    expect(res.status).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(capturedEmails)
      .where(sql`${"stranger@example.com"} = any(${capturedEmails.toAddresses})`);
    const parsed = await simpleParser(mail?.raw ?? "");
    for (const part of [parsed.text ?? "", String(parsed.html), mail?.raw ?? ""]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("URGENT");
    }
    expect(parsed.text).toMatch(/^Hi,\n/);
  });
});

describe("forgot password", () => {
  it("answers a known and an unknown address the same, and mails only the known one", async () => {
    await ctx.signUpVerified("forgot-known@example.com");
    const known = await requestReset("forgot-known@example.com");
    const unknown = await requestReset("forgot-nobody@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [knownBody, unknownBody] = [await known.text(), await unknown.text()];
    expect(knownBody).toBe(unknownBody);
    expect(known.headers.get("set-cookie")).toBeNull();
    expect(unknown.headers.get("set-cookie")).toBeNull();

    const link = await resetLink("forgot-known@example.com");
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(await resetMails("forgot-nobody@example.com")).toEqual([]);
    const [mail] = await resetMails("forgot-known@example.com");
    const parsed = await simpleParser(mail?.raw ?? "");
    // Fixed wording: no name (the account's is "Test User").
    expect(parsed.text).not.toContain("Test User");
    expect(String(parsed.html)).not.toContain("Test User");
    expect(parsed.html).toContain("Choose a new password");
  });

  it("whatever a visitor sends as the address: the one answer or a 400, never a 5xx, and no reset mail", async () => {
    const one = await (await requestReset("nobody-at-all@example.com")).text();
    const before = await ctx.database.db.select({ id: verification.id }).from(verification);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.emailAddress(),
          fc.string({ maxLength: 300 }),
          fc.constantFrom(" ", "a@b", "\u0000@x.test", "x@y.z\r\nBcc: a@b.c", "NOBODY-AT-ALL@EXAMPLE.COM"),
          fc.anything(),
        ),
        async (email) => {
          const res = await ctx.request("/api/auth/request-password-reset", { method: "POST", json: { email } });
          const text = await res.text();
          expect(res.status, text).toBeLessThan(500);
          if (res.status === 200) expect(text).toBe(one);
          else expect(res.status).toBe(400);
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 40), seed: propertySeed(), endOnFailure: true },
    );
    // Nobody has those addresses: no reset token was made.
    expect(await ctx.database.db.select({ id: verification.id }).from(verification)).toHaveLength(before.length);
  });

  it("does not wait for the mail: the answer comes while the mail server never answers, and a failed send is logged without the link", async () => {
    const database = await createTestDatabase();
    const captured = capturingLogger("debug");
    let hung = 0;
    let failed = 0;
    const mailer: SystemMailer = {
      send: (message) => {
        if (message.to.startsWith("hang")) {
          hung++;
          return new Promise(() => {});
        }
        failed++;
        return Promise.reject(new Error(`connection refused while sending ${message.text}`));
      },
      close: async () => {},
    };
    const auth = createAuth({ config: testConfig(), db: database.db, mailer, log: captured.log });
    try {
      for (const email of ["hang@example.com", "fail@example.com"]) {
        await database.db.insert(user).values({ id: email, email, name: "", emailVerified: true });
      }
      const ask = (email: string) =>
        auth.handler(
          new Request(`${TEST_ORIGIN}/api/auth/request-password-reset`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: TEST_ORIGIN },
            body: JSON.stringify({ email }),
          }),
        );
      expect((await ask("hang@example.com")).status).toBe(200);
      expect(hung).toBe(1);
      expect((await ask("fail@example.com")).status).toBe(200);
      await expect
        .poll(() => captured.lines.some((l) => l.includes("could not send the password reset email")))
        .toBe(true);
      expect(failed).toBe(1);
      const tokens = await database.db
        .select({ identifier: verification.identifier })
        .from(verification)
        .where(like(verification.identifier, "reset-password:%"));
      expect(tokens).toHaveLength(2);
      for (const { identifier } of tokens) {
        const token = identifier.slice("reset-password:".length);
        for (const line of captured.lines) expect(line).not.toContain(token);
      }
    } finally {
      await database.close();
    }
  });

  it("resets through the mailed link once: every session ends, the new password signs in, the old one does not", async () => {
    const account = await ctx.signUpVerified("forgot-reset@example.com");
    const second = cookieOf(await signIn(account.email, account.password));
    expect(second).toBeTruthy();
    expect((await requestReset(account.email)).status).toBe(200);

    const page = await follow(await resetLink(account.email));
    expect(page.pathname).toBe("/reset-password");
    const token = page.searchParams.get("token") ?? "";
    expect(token).not.toBe("");

    // The same rule as sign-up.
    const weak = await resetPassword(token, "short");
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { code: string }).code).toBe("PASSWORD_TOO_SHORT");

    expect((await resetPassword(token, "a-brand-new-passphrase")).status).toBe(200);
    for (const cookie of [account.cookie, second]) {
      expect((await ctx.request("/api/settings", { cookie })).status).toBe(401);
    }
    const rows = await ctx.database.db.select().from(session).where(eq(session.userId, account.userId));
    expect(rows).toEqual([]);
    expect((await signIn(account.email, account.password)).status).toBe(401);
    expect((await signIn(account.email, "a-brand-new-passphrase")).status).toBe(200);

    // Used: the link now lands on the page with the error, and the token is refused.
    const again = await follow(await resetLink(account.email));
    expect(again.searchParams.get("error")).toBe("INVALID_TOKEN");
    const reused = await resetPassword(token, "yet-another-passphrase");
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    expect((await signIn(account.email, "a-brand-new-passphrase")).status).toBe(200);
  });

  it("a link older than an hour is refused", async () => {
    const account = await ctx.signUpVerified("forgot-expired@example.com");
    await requestReset(account.email);
    const link = await resetLink(account.email);
    const [row] = await ctx.database.db
      .select()
      .from(verification)
      .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, account.userId)));
    // Issued for one hour.
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.round(lifetime / 60_000)).toBe(60);
    await ctx.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row?.id ?? ""));

    expect((await follow(link)).searchParams.get("error")).toBe("INVALID_TOKEN");
    const token = row?.identifier.slice("reset-password:".length) ?? "";
    expect(((await (await resetPassword(token, "a-brand-new-passphrase")).json()) as { code: string }).code).toBe(
      "INVALID_TOKEN",
    );
    expect((await signIn(account.email, account.password)).status).toBe(200);
  });
});

describe("change password", () => {
  it("ends every other session even when the client asks to keep them; this one carries on with its new cookie", async () => {
    const account = await ctx.signUpVerified("change-pw@example.com");
    const other = cookieOf(await signIn(account.email, account.password)) ?? "";
    const res = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie: account.cookie,
      json: { currentPassword: account.password, newPassword: "changed-passphrase-1", revokeOtherSessions: false },
    });
    expect(res.status).toBe(200);
    const renewed = cookieOf(res);
    expect(renewed).toBeTruthy();
    expect((await ctx.request("/api/settings", { cookie: other })).status).toBe(401);
    expect((await ctx.request("/api/settings", { cookie: renewed })).status).toBe(200);
    expect((await signIn(account.email, "changed-passphrase-1")).status).toBe(200);
  });

  it("without revokeOtherSessions too; a wrong current password changes nothing", async () => {
    const account = await ctx.signUpVerified("change-pw-2@example.com");
    const other = cookieOf(await signIn(account.email, account.password)) ?? "";
    const wrong = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie: account.cookie,
      json: { currentPassword: "not-the-password", newPassword: "changed-passphrase-2" },
    });
    expect(wrong.status).toBe(400);
    expect((await ctx.request("/api/settings", { cookie: other })).status).toBe(200);

    const res = await ctx.request("/api/auth/change-password", {
      method: "POST",
      cookie: account.cookie,
      json: { currentPassword: account.password, newPassword: "changed-passphrase-2" },
    });
    expect(res.status).toBe(200);
    expect((await ctx.request("/api/settings", { cookie: other })).status).toBe(401);
    expect((await ctx.request("/api/settings", { cookie: cookieOf(res) })).status).toBe(200);
  });
});

describe("rate limits of forgot password", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      AUTH_RATE_LIMIT: "on",
      AUTH_ACCOUNT_FREE_ATTEMPTS: "2",
      AUTH_ACCOUNT_DELAY_SECONDS: "60",
      AUTH_ACCOUNT_MAX_DELAY_SECONDS: "120",
    });
  });
  afterAll(() => limited?.close());

  const ask = (email: string) =>
    limited.request("/api/auth/request-password-reset", { method: "POST", json: { email } });

  it("slows one account after two requests, known or not, with the account's message", async () => {
    await limited.signUpVerified("limit-known@example.com");
    for (const email of ["limit-known@example.com", "limit-unknown@example.com"]) {
      expect([(await ask(email)).status, (await ask(email)).status]).toEqual([200, 200]);
      const refused = await ask(email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts for this account/);
    }
  });

  it("refuses a sixth request a minute from one address, whatever the accounts", async () => {
    // Four requests so far from this address (the test above); the fifth passes, the sixth is refused.
    expect((await ask("limit-a@example.com")).status).toBe(200);
    const refused = await ask("limit-b@example.com");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts from your network/);
  });
});
