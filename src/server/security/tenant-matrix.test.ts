// The tenant matrix: for every route in the OpenAPI document that names an
// object (a path parameter, an id or address in the query, an id in the body),
// Bob puts Alice's object there — read, change, delete, act — and gets a 404
// (for a path id) or an answer without a trace of Alice's data (for a query
// or body id), and Alice's data is exactly as it was.
//
// Bob makes every request twice: with his browser session's cookie, and with
// his API key (Authorization: Bearer), which must be scoped the same way. On
// the session-only routes (session-only.ts) his key gets a 403 instead.
//
// Routes come from the document, so a new route is covered without editing
// this file, or fails here by name when it names a kind of object the matrix
// cannot make yet (see tests/support/security/id-parameters.ts).
import { afterAll, describe, expect, it } from "vitest";
import { type ApiOperation, fetchOperations, fillPath } from "../../../tests/support/security/api-operations.ts";
import { fuzzHints } from "../../../tests/support/security/fuzz-requests.ts";
import { type IdParameter, idParameters } from "../../../tests/support/security/id-parameters.ts";
import { exampleOf } from "../../../tests/support/security/schema-values.ts";
import {
  dataChanges,
  type IdKind,
  seedTenant,
  snapshotUserData,
  type TenantData,
} from "../../../tests/support/security/tenant-data.ts";
import { fakeClock } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext } from "../../../tests/support/test-app.ts";
import { isSessionOnlyPath } from "../auth/session-only.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z");
// Bob's key makes hundreds of requests a minute here: its budget is raised out of the way.
const ctx = await createTestContext({ API_KEY_RATE_LIMIT_PER_MINUTE: "1000000" }, undefined, { now: clock.now });
const alice = await ctx.signUpVerified("alice-tenant@example.com");
const bob = await ctx.signUpVerified("bob-tenant@example.com");
const aliceData = await seedTenant(ctx, alice.cookie, "AliceQz");
const bobData = await seedTenant(ctx, bob.cookie, "BobWx");
const operations = await fetchOperations((path) => ctx.request(path));

afterAll(() => ctx.close());

/** Example values Bob's requests carry: his own objects where a body names one. */
const bobHints = fuzzHints({
  ids: Object.fromEntries(Object.entries(bobData.ids).map(([kind, id]) => [kind, [id]])),
  cursors: {},
  closedPort: 9,
});

type Case = { label: string; url: string; body?: unknown; passed: string[]; strict: boolean };

const idOf = (data: TenantData, kind: IdKind | undefined) => (kind ? data.ids[kind] : "");

/** Sets `value` at a body path ("senderAccounts", "[]", "savedSenderId"), making the containers on the way. */
function withValueAt(body: unknown, path: string[], value: string): unknown {
  const copy = structuredClone(body ?? {}) as Record<string | number, unknown>;
  let node = copy;
  path.forEach((step, i) => {
    const key = step === "[]" ? 0 : step;
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    node[key] ??= path[i + 1] === "[]" ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  return copy;
}

/**
 * A request from the ids' owners: each parameter in `owners` carries that
 * user's object; the others carry Bob's own (path and required query
 * parameters) or are left out (optional ones).
 */
function build(op: ApiOperation, params: IdParameter[], owners: Map<IdParameter, TenantData>, label: string): Case {
  const owner = (p: IdParameter) => owners.get(p) ?? (p.required ? bobData : undefined);
  const segments = Object.fromEntries(
    params.filter((p) => p.in === "path").map((p) => [p.name, encodeURIComponent(idOf(owner(p)!, p.kind))]),
  );
  const query = params
    .filter((p) => p.in === "query" && owner(p))
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(idOf(owner(p)!, p.kind))}`);
  // Required query parameters that name no object (a date, a month) get a valid example, so the request gets past validation.
  for (const p of op.queryParams) {
    if (!p.required || params.some((id) => id.in === "query" && id.name === p.name)) continue;
    query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(p.schema, p.name, bobHints)))}`);
  }
  let json = op.body ? exampleOf(op.body.schema, "body", bobHints) : undefined;
  for (const p of params.filter((p) => p.in === "body" && owner(p))) {
    json = withValueAt(json, p.bodyPath!, idOf(owner(p)!, p.kind));
  }
  const path = fillPath(op.path, segments);
  const targets = [...owners.keys()];
  return {
    label,
    url: query.length > 0 ? `${path}?${query.join("&")}` : path,
    body: op.method === "GET" ? undefined : json,
    passed: targets.map((p) => idOf(aliceData, p.kind)),
    // A path id names the object the route acts on: someone else's is "not found".
    strict: targets.some((p) => p.in === "path"),
  };
}

/**
 * Bob's requests for a route: each id in turn Alice's, with the others Bob's
 * own (a nested route must check every id, not just the first), and every
 * path id Alice's. With each, the same request made by Alice with all path ids
 * hers: it must work, or the matrix would only be testing ids that do not exist.
 */
function casesFor(op: ApiOperation, params: IdParameter[]): { bob: Case; alice: Case }[] {
  const paths = params.filter((p) => p.in === "path");
  const alicesOwn = (targets: IdParameter[]) => new Map([...paths, ...targets].map((p) => [p, aliceData]));
  const cases = params.map((p) => ({
    bob: build(op, params, new Map([[p, aliceData]]), `Alice's ${p.kind} as ${p.in} ${p.name}`),
    alice: build(op, params, alicesOwn([p]), "Alice's own"),
  }));
  if (paths.length > 1) {
    cases.push({
      bob: build(op, params, alicesOwn([]), "every path id Alice's"),
      alice: build(op, params, alicesOwn([]), "Alice's own"),
    });
  }
  return cases;
}

/** Alice's texts and ids in an answer to Bob, other than the ones Bob sent. */
function tracesIn(text: string, passed: string[]): string[] {
  return aliceData.traces.filter((trace) => !passed.includes(trace) && text.includes(trace));
}

/** How Bob signs his requests: his session's cookie, or his API key and no cookie. */
const bobCredentials = [
  { name: "cookie", options: { cookie: bob.cookie } },
  { name: "API key", options: { headers: { authorization: `Bearer ${bobData.apiKey}` } } },
] as const;

const withIds = operations.map((op) => ({ op, params: idParameters(op) })).filter(({ params }) => params.length > 0);

describe("tenant matrix: another user's objects in every route that names one", () => {
  it("finds the routes with ids in the OpenAPI document", () => {
    expect(withIds.map(({ op }) => op.key)).toEqual(
      expect.arrayContaining([
        "GET /api/campaigns/{id}",
        "DELETE /api/campaigns/{id}/contacts/{contactId}",
        "DELETE /api/api-keys/{id}",
      ]),
    );
  });

  for (const { op, params } of withIds) {
    const exempt = params.find((p) => p.exempt)?.exempt;
    if (exempt) {
      // Checked, not skipped: should the route become scoped to its user, this fails and the exemption goes.
      it(`${op.key}: open to every account by design (${exempt})`, async () => {
        for (const { bob: c } of casesFor(op, params)) {
          if (op.method !== "GET") continue;
          for (const credential of bobCredentials) {
            const res = await ctx.request(c.url, credential.options);
            expect(res.status, `${op.method} ${c.url} as Bob (${credential.name}): ${await res.text()}`).toBe(200);
          }
        }
      });
      continue;
    }
    const kinds = params.map((p) => `${p.in} ${p.name}`).join(", ");
    it(`${op.key} (${kinds}): Bob gets nothing of Alice's and changes nothing`, async () => {
      const unknown = params.filter((p) => !p.kind);
      if (unknown.length > 0) {
        throw new Error(
          `${op.key} names objects the tenant matrix cannot make: ${unknown.map((p) => `${p.in} parameter "${p.name}"`).join(", ")}. ` +
            "Give the parameter its kind in tests/support/security/id-parameters.ts and an object of that kind in seedTenant() (tests/support/security/tenant-data.ts).",
        );
      }
      for (const { alice: own } of casesFor(op, params)) {
        if (op.method !== "GET") continue;
        const res = await ctx.request(own.url, { cookie: alice.cookie });
        expect(res.status, `Alice reading her own ${own.url}: ${await res.text()}`).toBeLessThan(300);
      }
      const before = await snapshotUserData(ctx.database.db, alice.userId);
      for (const credential of bobCredentials) {
        const refusedKey = credential.name === "API key" && isSessionOnlyPath(op.path.replace(/\{[^}]+\}/g, "x"));
        for (const { bob: c } of casesFor(op, params)) {
          const res = await ctx.request(c.url, { method: op.method, json: c.body, ...credential.options });
          const text = await res.text();
          const what = `${op.method} ${c.url} as Bob (${c.label}, ${credential.name})`;
          // Signed in either way: a 401 would mean the matrix tested nothing.
          expect(res.status, `${what}: ${text}`).not.toBe(401);
          if (refusedKey) expect(res.status, `${what}: ${text}`).toBe(403);
          else if (c.strict) expect(res.status, `${what}: ${text}`).toBe(404);
          else expect(res.status, `${what}: ${text}`).toBeLessThan(500);
          expect(tracesIn(text, c.passed), `${what} shows Alice's data`).toEqual([]);
        }
      }
      const after = await snapshotUserData(ctx.database.db, alice.userId);
      expect(dataChanges(before, after), `${op.key} changed Alice's data`).toEqual([]);
    });
  }
});
