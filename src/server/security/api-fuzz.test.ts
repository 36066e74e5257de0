// Property-based fuzzing of every route in the OpenAPI document, as a
// signed-in user with real data (a saved sender, a launched campaign with
// sends, a draft, a template): requests built from each route's schemas with
// mutations (wrong types, missing fields, huge strings, NUL, lone surrogates,
// odd unicode, out-of-range numbers, impossible dates and cursors, bad ids,
// odd content types, broken bodies) never get a 5xx the route does not
// declare, and every 4xx has the { error: { code, message } } shape. Each
// request is signed with the session's cookie or with one of the user's API
// keys (read & write, or read-only), picked like the rest of the request.
//
// The seed is fixed (FUZZ_SEED overrides it; each route mixes in its own name)
// and FUZZ_RUNS sets the requests per route. A failure prints the request and
// the command that replays it.
import fc from "fast-check";
import { pino } from "pino";
import { afterAll, describe, it } from "vitest";
import { type ApiOperation, fetchOperations, fillPath } from "../../../tests/support/security/api-operations.ts";
import { startClosingServer } from "../../../tests/support/security/closing-server.ts";
import {
  describeRequest,
  type FuzzPools,
  type FuzzRequest,
  percentEncode,
  requestsFor,
  sweepRequests,
} from "../../../tests/support/security/fuzz-requests.ts";
import { idParameters } from "../../../tests/support/security/id-parameters.ts";
import { seedTenant } from "../../../tests/support/security/tenant-data.ts";
import { fakeClock } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, TEST_ORIGIN } from "../../../tests/support/test-app.ts";
import { testDbKind } from "../../../tests/support/test-database.ts";

const DEFAULT_SEED = 20_261_207;
const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const runs = Number(process.env.FUZZ_RUNS ?? 40);
if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 0) {
  throw new Error("FUZZ_SEED must be an integer and FUZZ_RUNS a whole number");
}
const replayPath = process.env.FUZZ_PATH;
// FUZZ_STATS=1 prints how often each route answered each status: how deep the requests got.
const printStats = process.env.FUZZ_STATS === "1";

// Unhandled errors the app logs (the cause behind a 500, for the failure message).
const serverErrors: string[] = [];
const log = pino({ level: "error" }, { write: (line: string) => serverErrors.push(line) });

const clock = fakeClock("2026-12-07T09:00:00.000Z");
const closing = await startClosingServer();
// The public booking routes' budgets are raised so that the fuzzer's requests reach their services, not the 429.
const ctx = await createTestContext(
  {
    PUBLIC_RATE_LIMIT_READS_PER_MINUTE: "1000000",
    PUBLIC_RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
    API_KEY_RATE_LIMIT_PER_MINUTE: "1000000",
  },
  undefined,
  { now: clock.now, log },
);
const user = await ctx.signUpVerified("fuzz@example.com");
const data = await seedTenant(ctx, user.cookie, "Fuzz", { host: "127.0.0.1", port: closing.port });
const operations = await fetchOperations((path) => ctx.request(path));
const pools = await collectPools();
// Keys of the fuzzer's own, not the seeded one in the pools: a fuzzed revoke must not take the requests' key away.
const credentials = {
  cookie: { cookie: user.cookie },
  key: { authorization: `Bearer ${await makeKey("read_write")}` },
  readOnlyKey: { authorization: `Bearer ${await makeKey("read_only")}` },
} satisfies Record<string, Record<string, string>>;
type Credential = keyof typeof credentials;
const credentialArbitrary = fc.oneof(
  { arbitrary: fc.constant<Credential>("cookie"), weight: 2 },
  { arbitrary: fc.constant<Credential>("key"), weight: 2 },
  { arbitrary: fc.constant<Credential>("readOnlyKey"), weight: 1 },
);

afterAll(async () => {
  if (printStats) {
    for (const [key, counts] of statuses) {
      console.log(
        key,
        [...counts]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join(" "),
      );
    }
  }
  await ctx.close();
  await closing.close();
});

async function call(method: string, path: string, json?: unknown) {
  return ctx.request(path, { method, cookie: user.cookie, json });
}

async function makeKey(access: "read_only" | "read_write"): Promise<string> {
  const res = await call("POST", "/api/api-keys", { name: `Fuzz ${access}`, access });
  return ((await res.json()) as { secret: string }).secret;
}

/** The user's ids by kind (a draft campaign beside the launched one), and the cursors the lists hand out. */
async function collectPools(): Promise<FuzzPools> {
  const draft = await call("POST", "/api/campaigns", {
    name: "Fuzz draft",
    senderAccounts: [
      { email: data.ids.senderEmail, provider: "custom", dailyLimit: 5, savedSenderId: data.ids.sender },
    ],
    contacts: [{ email: "draft@prospects.test", customFields: { note: "x" } }],
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
  const draftId = ((await draft.json()) as { campaign: { id: string } }).campaign.id;
  const ids = Object.fromEntries(Object.entries(data.ids).map(([kind, id]) => [kind, [id]])) as FuzzPools["ids"];
  ids.campaign?.push(draftId);
  const cursors: FuzzPools["cursors"] = {};
  for (const op of operations) {
    if (op.method !== "GET" || !op.queryParams.some((p) => p.name === "cursor")) continue;
    const segments = Object.fromEntries(
      idParameters(op)
        .filter((p) => p.in === "path")
        .map((p) => [p.name, percentEncode(p.kind ? data.ids[p.kind] : "")]),
    );
    const query = op.queryParams.some((p) => p.name === "limit") ? "?limit=1" : "";
    const res = await call("GET", fillPath(op.path, segments) + query);
    const next = res.ok ? ((await res.json()) as { nextCursor?: unknown }).nextCursor : undefined;
    if (typeof next === "string") cursors[op.key] = [next];
  }
  return { ids, cursors, closedPort: closing.port };
}

/** fast-check seeds are 32-bit: FNV-1a of the route's name mixed with the run's seed. */
function routeSeed(key: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const ch of key) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  return hash | 0;
}

/** Reads before writes, deletions last (deepest first), so most routes meet the user's data. */
function order(ops: ApiOperation[]): ApiOperation[] {
  const rank = (op: ApiOperation) => (op.method === "GET" ? 0 : op.method === "DELETE" ? 2 : 1);
  return [...ops].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? b.path.length - a.path.length : 0));
}

/** Control characters and lone surrogates as \uXXXX (JSON's escapes), so a message prints as text. */
const visible = (text: string) => JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function checkAnswer(op: ApiOperation, status: number, contentType: string, text: string, logged: string[]): void {
  if (status >= 500 && !op.statuses.includes(String(status))) {
    const cause = logged.map((line) => (JSON.parse(line) as { err?: { message?: string } }).err?.message).join("; ");
    throw new Error(`answered ${status} ${text.slice(0, 300)}${cause ? `\n  server error: ${visible(cause)}` : ""}`);
  }
  if (status < 400) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`answered ${status} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  // better-auth's routes answer in its own { code, message } shape (README), should the document list them.
  const shape = op.path.startsWith("/api/auth/") ? body : (body as { error?: unknown }).error;
  const error = shape as { code?: unknown; message?: unknown } | undefined;
  if (typeof error?.code !== "string" || typeof error.message !== "string" || !contentType.includes("json")) {
    throw new Error(`answered ${status} without the { error: { code, message } } shape: ${text.slice(0, 300)}`);
  }
}

const statuses = new Map<string, Map<number, number>>();

async function send(op: ApiOperation, request: FuzzRequest, credential: Credential): Promise<void> {
  const logged = serverErrors.length;
  const res = await ctx.app.request(`${TEST_ORIGIN}${request.url}`, {
    method: request.method,
    headers: { origin: TEST_ORIGIN, ...credentials[credential], ...request.headers },
    body: request.body,
  });
  const text = await res.text();
  // A key that stopped working would leave the key requests testing nothing but the 401.
  if (res.status === 401 && credential !== "cookie" && !request.headers.authorization) {
    throw new Error(`answered 401 to the ${credential}: ${text.slice(0, 300)}`);
  }
  const counts = statuses.get(op.key) ?? new Map<number, number>();
  statuses.set(op.key, counts.set(res.status, (counts.get(res.status) ?? 0) + 1));
  checkAnswer(op, res.status, res.headers.get("content-type") ?? "", text, serverErrors.slice(logged));
}

describe(`API fuzzing (FUZZ_SEED=${seed}, ${runs} requests per route)`, () => {
  for (const op of order(operations)) {
    it(`${op.key}: no 5xx, 4xx in the JSON error shape`, async () => {
      // The sweep runs first (fast-check counts examples within numRuns), then the random requests.
      // The sweep alternates the cookie and the read & write key.
      const examples = sweepRequests(op, pools).map((request, i): [FuzzRequest, Credential] => [
        request,
        i % 2 === 0 ? "cookie" : "key",
      ]);
      const details = await fc.check(
        fc.asyncProperty(requestsFor(op, pools), credentialArbitrary, (request, credential) =>
          send(op, request, credential),
        ),
        {
          seed: routeSeed(op.key),
          numRuns: examples.length + runs,
          examples,
          ...(replayPath ? { path: replayPath } : {}),
        },
      );
      if (!details.failed) return;
      const request = details.counterexample?.[0];
      const credential = details.counterexample?.[1];
      const cause =
        details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        [
          `${op.key} ${cause}`,
          `request (shrunk ${details.numShrinks} times), with the ${credential ?? "?"}:\n  ${request ? describeRequest(request) : "?"}`,
          `replay: FUZZ_SEED=${seed} FUZZ_PATH=${details.counterexamplePath} npx vitest run --project integration-${testDbKind} src/server/security/api-fuzz.test.ts -t "${escapeRegExp(op.key)}"`,
          "(the routes before this one change the user's data; a replay of one route alone starts from the seeded data)",
        ].join("\n"),
      );
    });
  }
});
