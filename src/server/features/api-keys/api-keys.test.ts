// Settings › API keys through the app, and what a key can do on the API
// (docs/product.md §21): created with a name and an access level, the
// key shown once and stored only as a hash; Authorization: Bearer works on
// the signed-in API as the key's owner and no one else, read-only keys only
// read, a revoked or unknown key is a 401 even beside a valid cookie,
// better-auth's routes never read a key, and each key has its own budget.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKey, CreatedApiKey } from "#shared/api-keys/api-keys.schemas.ts";
import { capturingLogger } from "../../../../tests/support/log-capture.ts";
import { snapshotData } from "../../../../tests/support/security/tenant-data.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { apiKeyMessages } from "../../auth/api-key-auth.ts";
import { hashApiKey } from "../../auth/api-key-secret.ts";
import { SESSION_ONLY_MESSAGE } from "../../auth/session-only.ts";
import { apiKeys } from "../../db/schema/api-keys.ts";

const captured = capturingLogger("info");
let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { log: captured.log, sendWorker: false });
  alice = await ctx.signUpVerified("alice-keys@example.com");
  bob = await ctx.signUpVerified("bob-keys@example.com");
});
afterAll(() => ctx?.close());

const template = (name: string) => ({
  name,
  description: "",
  tags: [],
  sequence: [
    {
      subject: "Hi",
      body: "Hello",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    },
  ],
});

async function createKey(cookie: string, name: string, access: "read_only" | "read_write" = "read_write") {
  const res = await ctx.request("/api/api-keys", { method: "POST", cookie, json: { name, access } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as CreatedApiKey;
}

async function listKeys(cookie: string): Promise<ApiKey[]> {
  const res = await ctx.request("/api/api-keys", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { keys: ApiKey[] }).keys;
}

/** A request made with a key and no cookie, from no browser (no Origin). */
function withKey(
  key: string,
  path: string,
  opts: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
) {
  return ctx.request(path, { ...opts, headers: { authorization: `Bearer ${key}`, origin: "", ...opts.headers } });
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe("managing API keys", () => {
  it("creates a key, shows it once and lists it by its prefix only", async () => {
    const created = await createKey(alice.cookie, "  CRM sync  ", "read_only");
    expect(created.secret).toMatch(/^crk_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: "CRM sync", access: "read_only", lastUsedAt: null });
    expect(created.key.prefix).toBe(created.secret.slice(0, 13));
    const listed = await listKeys(alice.cookie);
    expect(listed).toContainEqual(created.key);
    const listText = JSON.stringify(listed);
    expect(listText).not.toContain(created.secret);
    expect(listText).not.toContain(created.secret.slice(13));
  });

  it("keeps only a hash of the key in the database", async () => {
    const created = await createKey(alice.cookie, "Hash check");
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row?.secretHash).toBe(hashApiKey(created.secret));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(await snapshotData(ctx.database.db));
    expect(everything).not.toContain(created.secret);
    expect(everything).not.toContain(created.secret.slice(13));
  });

  it("refuses a missing, blank, too long or unknown-access name with the field named, storing nothing", async () => {
    const before = await listKeys(alice.cookie);
    for (const [json, field] of [
      [{ name: "   ", access: "read_only" }, "name"],
      [{ name: "x".repeat(81), access: "read_only" }, "name"],
      [{ access: "read_only" }, "name"],
      [{ name: "Fine", access: "admin" }, "access"],
    ] as const) {
      const res = await ctx.request("/api/api-keys", { method: "POST", cookie: alice.cookie, json });
      expect(res.status).toBe(400);
      const error = (await res.json()) as {
        error: { code: string; message: string; details: { fields: Record<string, string> } };
      };
      expect(error.error.code).toBe("validation_error");
      expect(Object.keys(error.error.details.fields)).toContain(field);
    }
    const long = await ctx.request("/api/api-keys", {
      method: "POST",
      cookie: alice.cookie,
      json: { name: "x".repeat(81), access: "read_only" },
    });
    expect((await errorOf(long)).message).toContain("80");
    expect(await listKeys(alice.cookie)).toEqual(before);
  });

  it("lists only the user's own keys; another user's key cannot be revoked", async () => {
    const alices = await createKey(alice.cookie, "Alice only");
    expect((await listKeys(bob.cookie)).map((k) => k.id)).not.toContain(alices.key.id);
    const res = await ctx.request(`/api/api-keys/${alices.key.id}`, { method: "DELETE", cookie: bob.cookie });
    expect(res.status).toBe(404);
    expect((await withKey(alices.secret, "/api/campaigns")).status).toBe(200);
    expect(await ctx.request("/api/api-keys/not-a-uuid", { method: "DELETE", cookie: bob.cookie })).toHaveProperty(
      "status",
      404,
    );
  });

  it("revokes at once: the key's next request is a 401 and the list drops it", async () => {
    const created = await createKey(alice.cookie, "Short-lived");
    expect((await withKey(created.secret, "/api/campaigns")).status).toBe(200);
    const revoke = await ctx.request(`/api/api-keys/${created.key.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(revoke.status).toBe(204);
    const after = await withKey(created.secret, "/api/campaigns");
    expect(after.status).toBe(401);
    expect(await errorOf(after)).toEqual({ code: "unauthorized", message: apiKeyMessages.revoked });
    expect((await listKeys(alice.cookie)).map((k) => k.id)).not.toContain(created.key.id);
    const again = await ctx.request(`/api/api-keys/${created.key.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(again.status).toBe(404);
  });

  it("cannot be managed with a key: keys are made and revoked from a signed-in session", async () => {
    const created = await createKey(alice.cookie, "Cannot mint");
    for (const [method, path] of [
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys"],
      ["DELETE", `/api/api-keys/${created.key.id}`],
    ] as const) {
      const res = await withKey(created.secret, path, {
        method,
        json: method === "POST" ? { name: "x", access: "read_write" } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "forbidden", message: SESSION_ONLY_MESSAGE });
    }
    expect((await listKeys(alice.cookie)).map((k) => k.id)).toContain(created.key.id);
  });
});

describe("Authorization: Bearer on the API", () => {
  it("reads and writes as the key's owner", async () => {
    const created = await createKey(alice.cookie, "Read and write");
    const made = await withKey(created.secret, "/api/templates", { method: "POST", json: template("Made with a key") });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = (await made.json()) as { id: string };
    const list = await withKey(created.secret, "/api/templates");
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain("Made with a key");
    // The same object through Alice's browser session: the key acted as her.
    const viaCookie = await ctx.request(`/api/templates/${id}`, { cookie: alice.cookie });
    expect(viaCookie.status).toBe(200);
    expect((await withKey(created.secret, "/api/campaigns")).status).toBe(200);
    expect((await withKey(created.secret, "/api/settings")).status).toBe(200);
    const removed = await withKey(created.secret, `/api/templates/${id}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
  });

  it("never shows or changes another user's data", async () => {
    const bobs = await createKey(bob.cookie, "Bob's key");
    const made = await ctx.request("/api/templates", {
      method: "POST",
      cookie: alice.cookie,
      json: template("Alice private"),
    });
    const { id } = (await made.json()) as { id: string };
    expect((await withKey(bobs.secret, `/api/templates/${id}`)).status).toBe(404);
    expect((await withKey(bobs.secret, `/api/templates/${id}`, { method: "DELETE" })).status).toBe(404);
    const list = await withKey(bobs.secret, "/api/templates");
    expect(JSON.stringify(await list.json())).not.toContain("Alice private");
    expect((await ctx.request(`/api/templates/${id}`, { cookie: alice.cookie })).status).toBe(200);
  });

  it("a read-only key reads and gets a 403 on every write, changing nothing", async () => {
    const created = await createKey(alice.cookie, "Reader", "read_only");
    expect((await withKey(created.secret, "/api/templates")).status).toBe(200);
    const before = await ctx.request("/api/templates", { cookie: alice.cookie }).then((r) => r.text());
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await withKey(created.secret, "/api/templates", { method, json: template("Must not exist") });
      expect(res.status, method).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "forbidden", message: apiKeyMessages.readOnly });
    }
    expect(await ctx.request("/api/templates", { cookie: alice.cookie }).then((r) => r.text())).toBe(before);
  });

  it("a revoked, unknown or malformed key is a 401 in the error shape, even with a valid cookie beside it", async () => {
    const unknown = `crk_live_${"A".repeat(43)}`;
    for (const header of [`Bearer ${unknown}`, "Bearer crk_live_short", "Bearer", "bearer not a key"]) {
      const res = await ctx.request("/api/campaigns", { cookie: alice.cookie, headers: { authorization: header } });
      expect(res.status, header).toBe(401);
      const error = await errorOf(res);
      expect(error.code).toBe("unauthorized");
      expect(error.message).toBe(header.includes(unknown) ? apiKeyMessages.unknown : apiKeyMessages.malformed);
    }
    // Another scheme (Basic from a proxy in front of the app) is not a key: the cookie decides.
    const basic = await ctx.request("/api/campaigns", {
      cookie: alice.cookie,
      headers: { authorization: "Basic dTpw" },
    });
    expect(basic.status).toBe(200);
  });

  it("refuses the session-only routes with a 403 that says why", async () => {
    const created = await createKey(alice.cookie, "Not a session");
    for (const [method, path] of [
      ["GET", "/api/account/sessions"],
      ["POST", "/api/account/sessions/sign-out-others"],
      ["POST", "/api/senders/gmail/auth-url"],
      ["POST", "/api/senders/gmail/token-exchange"],
    ] as const) {
      const res = await withKey(created.secret, path, { method, json: method === "POST" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "forbidden", message: SESSION_ONLY_MESSAGE });
    }
    // Alice's sessions were not signed out by the refused call.
    expect((await ctx.request("/api/account/sessions", { cookie: alice.cookie })).status).toBe(200);
  });

  it("is not read by better-auth's routes: a key is not a session", async () => {
    const created = await createKey(alice.cookie, "Auth routes");
    const session = await withKey(created.secret, "/api/auth/get-session");
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
    const signOut = await withKey(created.secret, "/api/auth/sign-out", {
      method: "POST",
      json: {},
      headers: { origin: "https://evil.example" },
    });
    expect(signOut.status).toBeGreaterThanOrEqual(400);
  });

  it("is exempt from the Origin check; a cookie request from another site is still refused", async () => {
    const created = await createKey(alice.cookie, "Cross-origin caller");
    const evil = { origin: "https://evil.example" };
    const withBadOrigin = await withKey(created.secret, "/api/templates", {
      method: "POST",
      json: template("From a server with an odd Origin"),
      headers: evil,
    });
    expect(withBadOrigin.status).toBe(201);
    // A forged cross-site form post riding on the cookie.
    const forged = await ctx.app.request("http://localhost:3000/api/templates", {
      method: "POST",
      headers: { ...evil, cookie: alice.cookie, "content-type": "text/plain" },
      body: JSON.stringify(template("Forged")),
    });
    expect(forged.status).toBe(403);
    // A bad key cannot open the door for the cookie either.
    const badKey = await ctx.request("/api/templates", {
      method: "POST",
      cookie: alice.cookie,
      json: template("Forged with a junk key"),
      headers: { ...evil, authorization: "Bearer junk" },
    });
    expect(badKey.status).toBe(401);
    const list = await ctx.request("/api/templates", { cookie: alice.cookie }).then((r) => r.text());
    expect(list).not.toContain("Forged");
  });

  it("records the last use at most once a minute, across processes too", async () => {
    const created = await createKey(alice.cookie, "Last used");
    const lastUsed = async () =>
      (await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id)))[0]?.lastUsedAt ?? null;
    expect(await lastUsed()).toBeNull();
    await withKey(created.secret, "/api/campaigns");
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    expect((await listKeys(alice.cookie)).find((k) => k.id === created.key.id)?.lastUsedAt).toBe(first?.toISOString());
    await withKey(created.secret, "/api/campaigns");
    expect(await lastUsed()).toEqual(first);
    // A second web process on the same database (no memory of the write): the UPDATE's condition holds it.
    const other = await createTestContext({}, ctx.database, { sendWorker: false });
    try {
      const res = await other.request("/api/campaigns", {
        headers: { authorization: `Bearer ${created.secret}`, origin: "" },
      });
      expect(res.status).toBe(200);
      expect(await lastUsed()).toEqual(first);
    } finally {
      await other.close();
    }
    // A minute later (the stored time moved back), a process's next request writes it again.
    await ctx.database.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, created.key.id));
    const third = await createTestContext({}, ctx.database, { sendWorker: false });
    try {
      await third.request("/api/campaigns", { headers: { authorization: `Bearer ${created.secret}`, origin: "" } });
      expect((await lastUsed())?.getTime()).toBeGreaterThan(Date.now() - 10_000);
    } finally {
      await third.close();
    }
  });

  it("never logs the key or the Authorization header", async () => {
    const created = await createKey(alice.cookie, "Quiet");
    await withKey(created.secret, "/api/campaigns");
    await withKey(`${created.secret.slice(0, -1)}A`, "/api/campaigns");
    const text = captured.lines.join("\n");
    expect(text).toContain('"path":"/api/campaigns"');
    expect(text).not.toContain(created.secret.slice(13));
    expect(text.toLowerCase()).not.toContain("bearer");
  });
});

describe("the per-key rate limit", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ API_KEY_RATE_LIMIT_PER_MINUTE: "3" }, undefined, { sendWorker: false });
  });
  afterAll(() => limited?.close());

  it("answers 429 with Retry-After past the budget, per key, leaving the cookie alone", async () => {
    const user = await limited.signUpVerified("limited-keys@example.com");
    const make = async (name: string) => {
      const res = await limited.request("/api/api-keys", {
        method: "POST",
        cookie: user.cookie,
        json: { name, access: "read_only" },
      });
      return ((await res.json()) as CreatedApiKey).secret;
    };
    const [first, second] = [await make("First"), await make("Second")];
    const call = (key: string) => limited.request("/api/campaigns", { headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < 3; i++) expect((await call(first)).status).toBe(200);
    const over = await call(first);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await errorOf(over)).toEqual({ code: "rate_limited", message: apiKeyMessages.tooMany });
    // Another key has its own budget; the browser session is not counted.
    expect((await call(second)).status).toBe(200);
    expect((await limited.request("/api/campaigns", { cookie: user.cookie })).status).toBe(200);
  });
});
