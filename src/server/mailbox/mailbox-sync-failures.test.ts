// What a failed mailbox sync shows and logs (issue 27 §3): shown texts are
// fixed sentences or a source's words written for users; neither the shown
// text nor the log carries SQL, parameters, ids or a message's content.
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImapSourceError } from "./imap-failure.ts";
import { MailboxSourceError } from "./mailbox-source.ts";
import {
  DATABASE_FAILURE_TEXT,
  logText,
  skipReasonOf,
  syncFailureText,
  UNEXPECTED_FAILURE_TEXT,
} from "./mailbox-sync-failures.ts";

const userId = "3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b";
const secretBody = "Hi, my IBAN is DE89 3704 0044 0532 0130 00";

describe("mailbox sync failures", () => {
  const client = new PGlite();
  const db = drizzle(client);
  let queryError: unknown;
  let castError: unknown;
  beforeAll(async () => {
    await db.execute(sql`create table notes (id uuid primary key, user_id uuid not null, body text not null unique)`);
    await db.execute(sql`insert into notes values (gen_random_uuid(), ${userId}::uuid, ${secretBody})`);
    // A real failed query through Drizzle: a duplicate of the row above (PostgreSQL's detail quotes the value).
    queryError = await db
      .execute(sql`insert into notes values (gen_random_uuid(), ${userId}::uuid, ${secretBody})`)
      .catch((e: unknown) => e);
    // A cast whose message quotes the parameter.
    castError = await db.execute(sql`select ${`${secretBody} ${userId}`}::uuid`).catch((e: unknown) => e);
  });
  afterAll(async () => {
    await client.close();
  });

  it("a failed query is shown as the fixed database sentence and logged without its query, parameters or values", () => {
    for (const err of [queryError, castError]) {
      expect(err).toBeInstanceOf(Error);
      expect(syncFailureText(err, true)).toBe(DATABASE_FAILURE_TEXT);
      expect(syncFailureText(err, false)).toBe(DATABASE_FAILURE_TEXT);
      const logged = logText(err);
      expect(logged).toMatch(/PostgreSQL error [0-9A-Z]{5}/);
      expect(logged).not.toContain("IBAN");
      expect(logged).not.toContain(userId);
      expect(logged).not.toMatch(/insert|select/i);
      expect(skipReasonOf(err)).toBe("not_saved");
    }
    expect(logText(queryError)).toContain("constraint notes_body_key");
  });

  it("a source's words written for users are shown; any other error's words are not", () => {
    const login = new ImapSourceError("IMAP login failed for box@example.com: AUTHENTICATIONFAILED", "authentication");
    expect(syncFailureText(login, false)).toBe(login.message);
    const gmail = new MailboxSourceError("Gmail is unavailable (HTTP 503).", { cause: new Error(secretBody) });
    expect(syncFailureText(gmail, false)).toBe("Gmail is unavailable (HTTP 503).");
    // A library's raw error (its words may quote a server's or a message's bytes).
    expect(syncFailureText(new Error(`Unexpected token in ${secretBody}`), false)).toBe(UNEXPECTED_FAILURE_TEXT);
    expect(syncFailureText(new TypeError("x is undefined"), false)).toBe(UNEXPECTED_FAILURE_TEXT);
    // From the engine's own work: never the error's words, whatever its kind.
    expect(syncFailureText(login, true)).toBe(UNEXPECTED_FAILURE_TEXT);
    expect(syncFailureText("a string", false)).toBe(UNEXPECTED_FAILURE_TEXT);
  });

  it("errors stored before (a failed query with its parameters) are replaced by the fixed sentence; others are kept", async () => {
    const migration = readFileSync(
      new URL("../db/migrations/0019_mailbox_errors_without_sql.sql", import.meta.url),
      "utf8",
    );
    await db.execute(sql`create table mailbox_syncs (id int primary key, last_error text)`);
    const stored = [
      `Failed query: insert into "replies" ("user_id", "body") values ($1, $2)\nparams: ${userId},${secretBody}`,
      `select "id" from "contacts" where "user_id" = $1 params: ${userId}`,
      "IMAP login failed for box@example.com: AUTHENTICATIONFAILED",
      null,
    ];
    for (const [i, text] of stored.entries()) {
      await db.execute(sql`insert into mailbox_syncs values (${i}, ${text})`);
    }
    await client.exec(migration);
    const rows = await client.query<{ last_error: string | null }>("select last_error from mailbox_syncs order by id");
    expect(rows.rows.map((r) => r.last_error)).toEqual([
      DATABASE_FAILURE_TEXT,
      DATABASE_FAILURE_TEXT,
      "IMAP login failed for box@example.com: AUTHENTICATIONFAILED",
      null,
    ]);
  });
});
