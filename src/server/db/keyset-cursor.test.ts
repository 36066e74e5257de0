// The keyset cursor forms: what they write (clients hold cursors, so the
// bytes are pinned), what they refuse, and that a timestamp's microseconds
// survive the trip through a cursor and back into SQL.
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-database.ts";
import { AppError } from "../errors.ts";
import type { Database } from "./client.ts";
import {
  afterRow,
  afterTimeThenKey,
  cursorInstant,
  cursorTimeText,
  isCursorTime,
  jsonCursor,
  timeBarKeyCursor,
} from "./keyset-cursor.ts";
import { rowsOf } from "./sql-helpers.ts";
import { isUuid } from "./uuid.ts";

const AT = "2026-12-07T09:00:00.123456Z";
const ID = "0b6f2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b";
const base64url = (text: string) => Buffer.from(text).toString("base64url");

/** What decode threw, or null when it did not throw. */
function thrown(decode: () => unknown): AppError | null {
  try {
    decode();
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

describe("jsonCursor", () => {
  const form = jsonCursor(isCursorTime, isUuid);

  it("writes the parts as a base64url JSON array, byte for byte", () => {
    expect(form.encode([AT, ID])).toBe(base64url(`["${AT}","${ID}"]`));
    const bits = jsonCursor((v: unknown): v is 0 | 1 => v === 0 || v === 1, isCursorTime, isUuid);
    expect(bits.encode([1, AT, ID])).toBe(base64url(`[1,"${AT}","${ID}"]`));
  });

  it("reads back what it wrote, and no cursor as null", () => {
    expect(form.decode(form.encode([AT, ID]))).toEqual([AT, ID]);
    expect(form.decode(undefined)).toBeNull();
  });

  it.each([
    ["not base64url JSON", "bm9wZQ"],
    ["empty", ""],
    ["garbage", "%%%"],
    ["an object", base64url(JSON.stringify({ at: AT, id: ID }))],
    ["too few parts", base64url(JSON.stringify([AT]))],
    ["too many parts", base64url(JSON.stringify([AT, ID, ID]))],
    ["parts swapped", base64url(JSON.stringify([ID, AT]))],
    ["milliseconds only", base64url(JSON.stringify(["2026-12-07T09:00:00.123Z", ID]))],
    ["a day that does not exist", base64url(JSON.stringify(["2026-02-30T09:00:00.000000Z", ID]))],
    ["the year 0000", base64url(JSON.stringify(["0000-01-01T00:00:00.000000Z", ID]))],
    ["a loose uuid", base64url(JSON.stringify([AT, "------------------------------------"]))],
    ["a number for the time", base64url(JSON.stringify([Date.parse(AT), ID]))],
  ])("refuses %s with the 400 naming the cursor field", (_what, text) => {
    const err = thrown(() => form.decode(text));
    expect(err).not.toBeNull();
    expect(err?.code).toBe("validation_error");
    expect(err?.message).toBe("Invalid cursor");
    expect(err?.details).toEqual({ fields: { cursor: "Invalid cursor" } });
  });

  it("refuses a cursor tampered with", () => {
    const text = form.encode([AT, ID]);
    const tampered = base64url(
      Buffer.from(text, "base64url")
        .toString()
        .replace(ID, `${ID.slice(0, -1)}'`),
    );
    expect(thrown(() => form.decode(tampered))?.code).toBe("validation_error");
    // One character changed anywhere: the 400 or parts that pass their checks, never another
    // exception (thrown() rethrows anything but an AppError).
    for (let i = 0; i < text.length; i++) {
      const changed = `${text.slice(0, i)}${text[i] === "A" ? "B" : "A"}${text.slice(i + 1)}`;
      const err = thrown(() => form.decode(changed));
      if (err) expect(err.code).toBe("validation_error");
    }
  });
});

describe("timeBarKeyCursor", () => {
  it("writes <time>|<key> in base64url, byte for byte, and reads it back", () => {
    const text = timeBarKeyCursor.encode([AT, "ada@example.com"]);
    expect(text).toBe(base64url(`${AT}|ada@example.com`));
    expect(timeBarKeyCursor.decode(text)).toEqual([AT, "ada@example.com"]);
    expect(timeBarKeyCursor.decode(timeBarKeyCursor.encode([AT, "a|b"]))).toEqual([AT, "a|b"]);
    expect(timeBarKeyCursor.decode(undefined)).toBeNull();
  });

  it.each([
    ["no bar", base64url(AT)],
    ["garbage", "bm9wZQ"],
    ["a bad time", base64url("2026-02-30T09:00:00.000000Z|ada@example.com")],
  ])("refuses %s with a 400 that names no field", (_what, text) => {
    const err = thrown(() => timeBarKeyCursor.decode(text));
    expect(err?.code).toBe("validation_error");
    expect(err?.message).toBe("Invalid cursor");
    expect(err?.details).toBeUndefined();
  });
});

describe("the after-cursor conditions", () => {
  const dialect = new PgDialect();
  const render = (query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return { sql: text, params };
  };

  it("is one row comparison, < descending and > ascending", () => {
    const keys = [sql`s.created_at`, sql`s.id`];
    const position = [cursorInstant(AT), sql`${ID}::uuid`];
    expect(render(afterRow("desc", keys, position))).toEqual({
      sql: "(s.created_at, s.id) < ($1::timestamptz, $2::uuid)",
      params: [AT, ID],
    });
    expect(render(afterRow("asc", keys, position)).sql).toBe("(s.created_at, s.id) > ($1::timestamptz, $2::uuid)");
  });

  it("bounds the time on its own before the tie on the key", () => {
    const rendered = render(afterTimeThenKey(sql`r.at`, sql`r.id::text`, { at: AT, key: sql`${ID}` }));
    expect(rendered.sql.replace(/\s+/g, " ")).toBe(
      "r.at <= $1::timestamptz and (r.at < $2::timestamptz or (r.at = $3::timestamptz and r.id::text < $4))",
    );
    expect(rendered.params).toEqual([AT, AT, AT, ID]);
  });
});

describe("cursor times in the database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it("keeps the microseconds, in UTC, and casts back to the same instant", async () => {
    const [row] = rowsOf<{ text: string; same: boolean }>(
      await database.db.execute(sql`
        select ${cursorTimeText(sql`t`)} as text,
          (${cursorTimeText(sql`t`)})::timestamptz = t as same
        from (select '2026-12-07 11:00:00.123456+02'::timestamptz as t) x`),
    );
    expect(row).toEqual({ text: AT, same: true });
    expect(isCursorTime(row?.text)).toBe(true);
  });

  it("pages rows a microsecond apart without skipping or repeating one", async () => {
    const rows = sql`(values
      ('2026-12-07 09:00:00.000003+00'::timestamptz, 3),
      ('2026-12-07 09:00:00.000002+00'::timestamptz, 2),
      ('2026-12-07 09:00:00.000002+00'::timestamptz, 1),
      ('2026-12-07 09:00:00.000001+00'::timestamptz, 0)) as r(at, n)`;
    const form = jsonCursor(isCursorTime, (v: unknown): v is number => typeof v === "number");
    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const after = form.decode(cursor);
      const found = rowsOf<{ n: number; at_key: string }>(
        await database.db.execute(sql`
          select r.n, ${cursorTimeText(sql`r.at`)} as at_key from ${rows}
          where true ${after ? sql`and ${afterRow("desc", [sql`r.at`, sql`r.n`], [cursorInstant(after[0]), sql`${after[1]}::int`])}` : sql``}
          order by r.at desc, r.n desc
          limit 1`),
      );
      const last = found[0];
      if (!last) break;
      seen.push(last.n);
      cursor = form.encode([last.at_key, last.n]);
    }
    expect(seen).toEqual([3, 2, 1, 0]);
  });
});
