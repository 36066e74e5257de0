import { Writable } from "node:stream";
import { DrizzleQueryError, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../tests/support/test-app.ts";
import { createLogger, redactPaths } from "./logger.ts";

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return {
    stream,
    text: () => lines.join(""),
    clear: () => {
      lines.length = 0;
    },
  };
}

describe("logger", () => {
  it("never writes passwords, tokens or cookies", () => {
    const out = sink();
    const log = pino({ redact: { paths: redactPaths, censor: "[redacted]" } }, out.stream);
    log.info(
      {
        password: "hunter2",
        sender: { smtpPassword: "s3cret", email: "a@b.c" },
        headers: { cookie: "session=abc" },
        token: "tkn",
      },
      "x",
    );
    expect(out.text()).not.toMatch(/hunter2|s3cret|session=abc|tkn/);
    expect(out.text()).toContain("a@b.c");
  });

  it("logs a failed query by its SQL and cause, never its parameters or the row PostgreSQL quotes", () => {
    const secret = "v1.nonce-nonce.ciphertext-of-the-password.tag";
    const cause = Object.assign(new Error('new row for relation "t" violates check constraint "t_check"'), {
      code: "23514",
      detail: `Failing row contains (42, ${secret}).`,
    });
    const failed = new DrizzleQueryError('insert into "t" ("id", "secret") values ($1, $2)', [42, secret], cause);
    const out = sink();
    const log = createLogger("info", out.stream);
    log.error({ err: failed, path: "/api/x" }, "unhandled error");
    log.error(failed);
    log.error({ err: failed });
    log.error({ err: new Error("sending failed", { cause: failed }) }, "wrapped");

    const text = out.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain("Failing row contains");
    // What a reader needs to find the fault is still there.
    expect(text).toContain('insert into \\"t\\"');
    expect(text).toContain("t_check");
    expect(text.trim().split("\n")).toHaveLength(4);
  });
});

describe("a failed sender insert or update in the error log", () => {
  const PASSWORD = "smtp-Pa55word-that-must-not-leak";
  const out = sink();
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext({}, undefined, { log: createLogger("error", out.stream) });
    ({ cookie } = await ctx.signUpVerified("log-owner@example.com"));
    // A constraint the API's validation does not know, so the database itself refuses the row.
    await ctx.database.db.execute(
      sql.raw(`alter table sender_accounts add constraint test_no_refused_senders check (email not like 'refused%')`),
    );
  });
  afterAll(() => ctx?.close());

  const sender = (email: string) => ({
    email,
    provider: "custom",
    dailyLimit: 20,
    smtp: { host: "smtp.example.com", port: 587, security: "starttls", username: "u", password: PASSWORD },
  });

  function expectNoSecretLogged() {
    const text = out.text();
    expect(text).toContain("test_no_refused_senders");
    expect(text).not.toContain(PASSWORD);
    // The sealed form (secret-box.ts): "v1.<nonce>.<ciphertext>.<tag>" in base64url.
    expect(text).not.toMatch(/v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}/);
  }

  it("on insert", async () => {
    out.clear();
    const res = await ctx.request("/api/senders", { method: "POST", cookie, json: sender("refused@example.com") });
    expect(res.status).toBe(500);
    expectNoSecretLogged();
  });

  it("on update", async () => {
    const created = await ctx.request("/api/senders", { method: "POST", cookie, json: sender("ok@example.com") });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    out.clear();
    const res = await ctx.request(`/api/senders/${id}`, {
      method: "PUT",
      cookie,
      json: sender("refused-too@example.com"),
    });
    expect(res.status).toBe(500);
    expectNoSecretLogged();
  });
});
