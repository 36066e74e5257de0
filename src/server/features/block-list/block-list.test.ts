// /api/block-list through the app: adding (typed and imported) with the report
// per line, the list of blocks and suppressions (reasons, removable, search,
// paging), removal and what may not be removed, the CSV export, bad input
// (a 400 naming the field and the limit, nothing stored), another user's
// entries, and the database's matching held to the shared rule.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchCandidates, parseBlockEntry } from "#shared/block-list/block-entry.ts";
import type { BlockListPage, BlockReport } from "#shared/block-list/block-list.schemas.ts";
import { snapshotData } from "../../../../tests/support/security/tenant-data.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { blockCandidates, blockingEntry, isBlocked } from "../../domain/block-list.ts";
import { addSuppression } from "../../domain/suppressions.ts";

type User = { cookie: string; userId: string };
let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { sendWorker: false });
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;

async function newUser(): Promise<User> {
  n += 1;
  return ctx.signUpVerified(`block-list-${n}@example.com`);
}

async function call<T = unknown>(user: User, method: string, path: string, json?: unknown) {
  const res = await ctx.request(path, { method, cookie: user.cookie, json });
  const text = await res.text();
  return {
    status: res.status,
    body: (text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T,
  };
}

const add = (user: User, entries: string[]) => call<BlockReport>(user, "POST", "/api/block-list", { entries });
const importText = (user: User, text: string) => call<BlockReport>(user, "POST", "/api/block-list/import", { text });
const list = (user: User, query = "") => call<BlockListPage>(user, "GET", `/api/block-list${query}`);

describe("adding", () => {
  it("stores typed entries normalised and reports what was skipped and why, by position", async () => {
    const user = await newUser();
    const res = await add(user, [
      "Ann@Example.com",
      "@Acme.TEST",
      "acme.test",
      "nope@",
      "bad_domain",
      " ",
      "ann@example.com",
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: [
        { line: 1, kind: "address", value: "ann@example.com" },
        { line: 2, kind: "domain", value: "acme.test" },
      ],
      skipped: [
        { line: 3, input: "acme.test", reason: "duplicate", duplicateOf: 2 },
        { line: 4, input: "nope@", reason: "invalid_address", duplicateOf: null },
        { line: 5, input: "bad_domain", reason: "invalid_domain", duplicateOf: null },
        { line: 6, input: " ", reason: "empty", duplicateOf: null },
        { line: 7, input: "ann@example.com", reason: "duplicate", duplicateOf: 1 },
      ],
      header: false,
    });
    // Once stored, the same values are already blocked.
    const again = await add(user, ["ANN@example.com", "mail.acme.test"]);
    expect(again.body).toEqual({
      added: [{ line: 2, kind: "domain", value: "mail.acme.test" }],
      skipped: [{ line: 1, input: "ANN@example.com", reason: "already_blocked", duplicateOf: null }],
      header: false,
    });
    const rows = await queryRows<{ kind: string; value: string; source: string }>(
      db(),
      sql`select kind, value, source from block_list where user_id = ${user.userId} order by value`,
    );
    expect(rows).toEqual([
      { kind: "domain", value: "acme.test", source: "manual" },
      { kind: "address", value: "ann@example.com", source: "manual" },
      { kind: "domain", value: "mail.acme.test", source: "manual" },
    ]);
  });

  it("imports a CSV's first column by line: a header left out, good and bad lines reported", async () => {
    const user = await newUser();
    await add(user, ["kept@example.com"]);
    const file = [
      "Email,Name",
      "one@example.com,One",
      '"two@example.com",Two',
      "",
      "@bücher.example",
      "kept@example.com",
      "http://example.com",
      "one@EXAMPLE.com",
      "three@",
    ].join("\r\n");
    const res = await importText(user, `\uFEFF${file}\r\n`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      added: [
        { line: 2, kind: "address", value: "one@example.com" },
        { line: 3, kind: "address", value: "two@example.com" },
        { line: 5, kind: "domain", value: "xn--bcher-kva.example" },
      ],
      skipped: [
        { line: 4, input: "", reason: "empty", duplicateOf: null },
        { line: 6, input: "kept@example.com", reason: "already_blocked", duplicateOf: null },
        { line: 7, input: "http://example.com", reason: "invalid_domain", duplicateOf: null },
        { line: 8, input: "one@EXAMPLE.com", reason: "duplicate", duplicateOf: 2 },
        { line: 9, input: "three@", reason: "invalid_address", duplicateOf: null },
      ],
      header: true,
    });
    const page = await list(user);
    expect(
      page.body.items
        .filter((i) => i.reason === "imported")
        .map((i) => i.value)
        .sort(),
    ).toEqual(["one@example.com", "two@example.com", "xn--bcher-kva.example"]);
  });

  it("refuses bad input with a 400 naming the field and the limit, and stores nothing", async () => {
    const user = await newUser();
    const cases: { path: string; json: unknown; field: string; message: RegExp }[] = [
      { path: "/api/block-list", json: { entries: [] }, field: "entries", message: /at least one/ },
      {
        path: "/api/block-list",
        json: { entries: Array.from({ length: 10_001 }, (_, i) => `p${i}@example.com`) },
        field: "entries",
        message: /at most 10,000/,
      },
      {
        path: "/api/block-list",
        json: { entries: [`${"a".repeat(321)}@example.com`] },
        field: "entries.0",
        message: /320/,
      },
      { path: "/api/block-list", json: { entries: "a@example.com" }, field: "entries", message: /list/ },
      {
        path: "/api/block-list/import",
        json: { text: "a@example.com\n".repeat(10_001) },
        field: "text",
        message: /at most 10,000 lines/,
      },
      {
        path: "/api/block-list/import",
        json: { text: `${"x".repeat(1_000_001)}` },
        field: "text",
        message: /at most 1,000,000 characters/,
      },
      { path: "/api/block-list/import", json: {}, field: "text", message: /./ },
    ];
    const before = await snapshotData(db());
    for (const c of cases) {
      const res = await call<{ error: { code: string; details: { fields: Record<string, string> } } }>(
        user,
        "POST",
        c.path,
        c.json,
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details.fields[c.field]).toMatch(c.message);
    }
    expect(await snapshotData(db())).toEqual(before);
  });
});

describe("the list", () => {
  it("shows blocks and suppressions together, newest first, with reason, date and whether each may go", async () => {
    const user = await newUser();
    await addSuppression(db(), user.userId, "gone@example.com", "unsubscribed");
    await addSuppression(db(), user.userId, "bounced@example.com", "bounced");
    await addSuppression(db(), user.userId, "spam@example.com", "complained");
    await addSuppression(db(), user.userId, "hand@example.com", "manual");
    await add(user, ["typed@example.com"]);
    await importText(user, "imported.test");
    const page = await list(user);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(6);
    const byValue = new Map(page.body.items.map((i) => [i.value, i]));
    expect(Object.fromEntries([...byValue].map(([v, i]) => [v, [i.list, i.kind, i.reason, i.removable]]))).toEqual({
      "gone@example.com": ["suppression", "address", "unsubscribed", false],
      "bounced@example.com": ["suppression", "address", "bounced", true],
      "spam@example.com": ["suppression", "address", "complained", false],
      "hand@example.com": ["suppression", "address", "manual", true],
      "typed@example.com": ["block", "address", "blocked", true],
      "imported.test": ["block", "domain", "imported", true],
    });
    // Newest first.
    const dates = page.body.items.map((i) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("searches anywhere in the value, case-insensitively, and pages with the total of the search", async () => {
    const user = await newUser();
    await add(
      user,
      Array.from({ length: 7 }, (_, i) => `lead${i}@findme.test`),
    );
    await add(user, ["other@elsewhere.test"]);
    await addSuppression(db(), user.userId, "FindMe-too@x.test", "bounced");
    const first = await list(user, "?search=FINDME&limit=5");
    expect(first.body.total).toBe(8);
    expect(first.body.items).toHaveLength(5);
    const second = await list(user, "?search=findme&limit=5&offset=5");
    expect(second.body.items).toHaveLength(3);
    expect(new Set([...first.body.items, ...second.body.items].map((i) => i.value)).size).toBe(8);
    const past = await list(user, "?search=findme&limit=5&offset=50");
    expect(past.body).toEqual({ items: [], total: 8 });
    // LIKE's own characters are taken literally.
    expect((await list(user, "?search=%25")).body.total).toBe(0);
    expect((await list(user, "?limit=0")).status).toBe(400);
  });

  it("is empty for a new user", async () => {
    const user = await newUser();
    expect((await list(user)).body).toEqual({ items: [], total: 0 });
  });
});

describe("removing", () => {
  it("removes a block; an unknown id, a malformed one or another user's is not found", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await add(alice, ["ann@example.com"]);
    const [item] = (await list(alice)).body.items;
    expect((await call(bob, "DELETE", `/api/block-list/${item!.id}`)).status).toBe(404);
    expect((await call(alice, "DELETE", "/api/block-list/not-a-uuid")).status).toBe(404);
    expect((await call(alice, "DELETE", "/api/block-list/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await list(alice)).body.total).toBe(1);
    expect((await call(alice, "DELETE", `/api/block-list/${item!.id}`)).status).toBe(204);
    expect((await list(alice)).body.total).toBe(0);
  });

  it("lifts a hard bounce or a manual suppression; an unsubscribe or a complaint stays (409)", async () => {
    const alice = await newUser();
    const bob = await newUser();
    for (const [email, reason] of [
      ["bounced@example.com", "bounced"],
      ["hand@example.com", "manual"],
      ["gone@example.com", "unsubscribed"],
      ["spam@example.com", "complained"],
    ] as const) {
      await addSuppression(db(), alice.userId, email, reason);
    }
    const items = new Map((await list(alice)).body.items.map((i) => [i.value, i.id]));
    const remove = (user: User, email: string) =>
      call<{ error: { code: string; message: string } }>(
        user,
        "DELETE",
        `/api/block-list/suppressions/${items.get(email)}`,
      );
    expect((await remove(bob, "bounced@example.com")).status).toBe(404);
    // A block's route does not reach a suppression, nor the other way round.
    expect((await call(alice, "DELETE", `/api/block-list/${items.get("bounced@example.com")}`)).status).toBe(404);
    const unsubscribed = await remove(alice, "gone@example.com");
    expect(unsubscribed.status).toBe(409);
    expect(unsubscribed.body.error.message).toBe(
      "This address unsubscribed: only the recipient can undo that, so it stays on the list.",
    );
    expect((await remove(alice, "spam@example.com")).status).toBe(409);
    expect((await remove(alice, "bounced@example.com")).status).toBe(204);
    expect((await remove(alice, "hand@example.com")).status).toBe(204);
    expect((await list(alice)).body.items.map((i) => i.value).sort()).toEqual(["gone@example.com", "spam@example.com"]);
  });
});

describe("export", () => {
  it("downloads every block and suppression as CSV, formula-looking text made text, nothing of another user's", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await add(alice, ["=cmd@example.com", "@acme.test"]);
    await addSuppression(db(), alice.userId, "gone@example.com", "unsubscribed");
    await add(bob, ["bob-only@example.com"]);
    const res = await ctx.request("/api/block-list/export", { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="block-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // UTF-8 with its byte order mark (Response.text() would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("Address or domain,Type,Reason,Added\r\n")).toBe(true);
    const rows = text
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",").slice(0, 3));
    expect(rows.sort()).toEqual([
      ["'=cmd@example.com", "address", "Blocked by you"],
      ["acme.test", "domain", "Blocked by you"],
      ["gone@example.com", "address", "Unsubscribed"],
    ]);
    expect(text).not.toContain("bob-only");
    // The file reads back through Import: header left out, every line already there or added.
    const back = await importText(bob, text);
    expect(back.body.header).toBe(true);
    expect(back.body.added.map((a) => a.value).sort()).toEqual(["=cmd@example.com", "acme.test", "gone@example.com"]);
  });

  it("is refused without a session", async () => {
    expect((await ctx.request("/api/block-list/export")).status).toBe(401);
    expect((await ctx.request("/api/block-list")).status).toBe(401);
  });
});

describe("matching in the database", () => {
  it("the SQL candidates are the shared rule's, and a blocked domain blocks its subdomains only (property)", async () => {
    const user = await newUser();
    const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/).filter((l) => l.slice(2, 4) !== "--");
    const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom("com", "test", "co.uk"));
    const address = fc
      .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,8}$/), domain)
      .map(([local, [labels, tld]]) => `${local}@${[...labels, tld].join(".")}`)
      .filter((a) => !a.includes("..") && !a.includes(".@") && parseBlockEntry(a).ok);
    await fc.assert(
      fc.asyncProperty(address, async (email) => {
        const [row] = await queryRows<{ candidates: string[] }>(
          db(),
          sql`select ${blockCandidates(sql`${email.toUpperCase()}::text`)} as candidates`,
        );
        expect(row?.candidates).toEqual(matchCandidates(email));
      }),
      { numRuns: 40 },
    );
    await add(user, ["@example.com", "one@other.test"]);
    const blocked = async (email: string) => {
      const [row] = await queryRows<{ blocked: boolean }>(
        db(),
        sql`select ${isBlocked(sql`${user.userId}::text`, sql`${email}::text`)} as blocked`,
      );
      return row?.blocked;
    };
    expect(await blocked("A@EXAMPLE.COM")).toBe(true);
    expect(await blocked("a@deep.mail.example.com")).toBe(true);
    expect(await blocked("a@notexample.com")).toBe(false);
    expect(await blocked("a@example.com.evil.test")).toBe(false);
    expect(await blocked("One@Other.Test")).toBe(true);
    expect(await blocked("two@other.test")).toBe(false);
    expect(await blockingEntry(db(), user.userId, "x@mail.example.com")).toEqual({
      kind: "domain",
      value: "example.com",
    });
    expect(await blockingEntry(db(), user.userId, "two@other.test")).toBeNull();
    // Another user's list blocks nothing of this one's.
    const other = await newUser();
    expect(await blockingEntry(db(), other.userId, "x@example.com")).toBeNull();
  });
});
