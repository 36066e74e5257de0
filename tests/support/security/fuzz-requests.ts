// Whole HTTP requests for one operation of the OpenAPI document, as fast-check
// arbitraries: path ids (the user's own objects, unknown ones, junk), query
// parameters and JSON bodies from the operation's schemas with mutations, odd
// content types and broken bodies. The user's own objects and real cursors
// come in `FuzzPools`, so most requests reach the services and the database.
import fc from "fast-check";
import { type ApiOperation, fillPath, type JsonSchema } from "./api-operations.ts";
import { idParameters } from "./id-parameters.ts";
import { emailAddresses, exampleOf, fieldValues, type Hints, textSpots, withText } from "./schema-values.ts";
import type { IdKind } from "./tenant-data.ts";

export type FuzzPools = {
  ids: Partial<Record<IdKind, string[]>>;
  /** nextCursor values the list routes handed out, by route ("GET /api/emails"). */
  cursors: Record<string, string[]>;
  /** A TCP port on 127.0.0.1 that closes every connection at once (SMTP tests fail fast, nothing leaves the machine). */
  closedPort: number;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/** A query value or path segment already percent-encoded (or deliberately not). */
class Raw {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

/** One of the user's own values, or a fresh uuid when the user has none of that kind. */
const pool = (values: string[] | undefined): fc.Arbitrary<string> =>
  values && values.length > 0 ? fc.constantFrom(...values) : fc.uuid();

/** UTF-8 percent-encoding that also encodes lone surrogates (as CESU-8 bytes, as a careless client would). */
export function percentEncode(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

const rawSegments = fc.constantFrom(
  "%00",
  "%ED%A0%80",
  "%C0%80",
  "%FF",
  "%",
  "%zz",
  "%2F",
  "..",
  "%2e%2e",
  "%20",
  "x".repeat(5000),
  "not-a-uuid",
  "-".repeat(36),
  "00000000-0000-0000-0000-000000000000",
  "{00000000-0000-4000-8000-000000000000}",
  "00000000000040008000000000000000",
  percentEncode("ünïcödé"),
);

function pathSegment(kind: IdKind | undefined, pools: FuzzPools): fc.Arbitrary<string> {
  const own = pool(kind ? pools.ids[kind] : undefined);
  return fc.oneof(
    { weight: 8, arbitrary: own.map(percentEncode) },
    { weight: 1, arbitrary: own.map((id) => percentEncode(id.toUpperCase())) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: rawSegments },
  );
}

const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");

const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const badTimestamps = [
  "2026-02-30T00:00:00.000000Z",
  "0000-01-01T00:00:00.000000Z",
  "2026-13-01T00:00:00.000000Z",
  "2026-01-01T24:00:00.000000Z",
  "2026-01-01T23:59:60.000000Z",
  "9999-12-31T23:59:59.999999Z",
  "0001-01-01T00:00:00.000000Z",
];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Cursors shaped like the API's (base64url JSON or text) but holding impossible dates, non-uuids and junk. */
function cursorMutants(real: string[]): fc.Arbitrary<unknown> {
  const ts = "2026-12-07T09:00:00.000000Z";
  const id = "00000000-0000-4000-8000-000000000000";
  const shapes = [
    JSON.stringify([0, ts, id]),
    JSON.stringify([1, ts, id]),
    JSON.stringify([ts, id]),
    JSON.stringify([ts, "key@example.test"]),
    `${ts}|key@example.test`,
    ...real.map((c) => Buffer.from(c, "base64url").toString("utf8")),
  ];
  const broken = shapes.flatMap((text) => [
    ...badTimestamps.map((bad) => text.replace(TIMESTAMP, bad)),
    text.replace(UUID, "-".repeat(36)),
    text.replace(UUID, "\u0000"),
    text.replace(TIMESTAMP, "\ud800"),
  ]);
  return fc.oneof(
    fc.constantFrom(...broken.map(base64url)),
    fc.constantFrom(...shapes.map(base64url)),
    fc.constantFrom("", "=", "!!!", "[]", base64url("[]"), base64url("null"), base64url("{}"), "x".repeat(500)),
    fc.string({ maxLength: 60 }).map(base64url),
  );
}

const dateTimeMutants = fc.constantFrom(
  "0000-01-01T00:00:00Z",
  "2026-02-30T00:00:00Z",
  "-000001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00Z",
  "9999-12-31T23:59:59+14:00",
  "0001-01-01T00:00:00-14:00",
  "2026-01-01T24:00:00Z",
  "1970-01-01T00:00:00Z",
);

const dateMutants = fc.constantFrom(
  "0000-01-01",
  "2026-02-30",
  "2026-13-01",
  "0001-01-01",
  "9999-12-31",
  "1970-01-01",
  "2026-2-3",
  "+002026-01-01",
);

const safeHostMutants = fc.constantFrom(
  "",
  " ",
  "host.invalid",
  "x".repeat(256),
  "bad\u0000host.invalid",
  "\ud800.invalid",
  "999.999.999.999",
  "exa mple.invalid",
  "[::1",
  "localhost:25",
  "-.invalid",
);

const safeWebhookMutants = fc.constantFrom(
  "not a url",
  "ftp://hooks.invalid/x",
  `http://${"a".repeat(300)}.invalid/`,
  "javascript:alert(1)",
  "http://127.0.0.1:9/\u0000",
  "http://\ud800.invalid/",
  "http://[::1]:9/",
  "http://10.0.0.1/hook",
  "http://169.254.169.254/latest",
  "https://user:pass@127.0.0.1/",
);

/**
 * What the OpenAPI document cannot say: which strings are time zones, hosts or
 * addresses, and which of the user's objects an id names. Network-bound fields
 * (SMTP host and port, the webhook URL) stay on 127.0.0.1 or fail before
 * connecting, so fuzzing never reaches another machine.
 */
export function fuzzHints(pools: FuzzPools, op?: ApiOperation): Hints {
  const ids = pools.ids;
  const everyCursor = Object.values(pools.cursors).flat();
  const ownCursors = (op && pools.cursors[op.key]) || everyCursor;
  const senderEmails = pool(ids.senderEmail);
  const anyEmail = fc.oneof(emailAddresses, senderEmails, pool(ids.contactEmail));
  return {
    timezone: { valid: fc.constantFrom("UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata", "Pacific/Chatham") },
    host: { valid: fc.constant("127.0.0.1"), mutants: safeHostMutants },
    port: { valid: fc.constant(pools.closedPort), mutants: fc.constantFrom(0, -1, 65_536, 1.5, "25", 1e308) },
    automationWebhookUrl: {
      valid: fc.constantFrom("", "http://127.0.0.1:9/hook", "https://10.0.0.1/hook"),
      mutants: safeWebhookMutants,
    },
    email: { valid: anyEmail },
    to: { valid: anyEmail },
    from: { valid: fc.oneof(senderEmails, emailAddresses) },
    notificationEmail: { valid: fc.oneof(fc.constant(""), emailAddresses) },
    senderEmails: { valid: senderEmails },
    // Email in Bulk wants each address once, and each one a saved sender.
    "senderEmails[]": { valid: fc.uniqueArray(senderEmails, { minLength: 1, maxLength: 2 }) },
    emails: { valid: anyEmail },
    savedSenderId: { valid: fc.oneof(pool(ids.sender), fc.constant(null)) },
    id: { valid: fc.oneof(pool(ids.campaignSender), fc.uuid()) },
    contactId: { valid: pool(ids.contact) },
    sendTimeStart: { valid: fc.constantFrom("00:00", "08:00", "09:30") },
    sendTimeEnd: { valid: fc.constantFrom("17:00", "23:59") },
    scheduledDate: {
      valid: fc.oneof(fc.constant(null), fc.constantFrom("2026-12-08", "2027-02-28", "2028-02-29")),
      mutants: dateMutants,
    },
    // The booking page: dates from the fuzz clock's week on, times of the default grid (09:00–17:00 × 30).
    date: { valid: fc.constantFrom("2026-12-07", "2026-12-08", "2026-12-12", "2027-01-04"), mutants: dateMutants },
    time: { valid: fc.constantFrom("09:00", "10:30", "16:30", "12:15") },
    // A scheduling link whose window holds its duration.
    availableTimeStart: { valid: fc.constantFrom("08:00", "09:00", "09:30") },
    availableTimeEnd: { valid: fc.constantFrom("12:00", "17:00", "23:59") },
    durationMinutes: { valid: fc.constantFrom(15, 30, 45, 60, 90) },
    cursor: {
      valid: ownCursors.length > 0 ? fc.constantFrom(...ownCursors) : fc.constant(undefined),
      mutants: cursorMutants(everyCursor),
    },
    before: {
      valid: fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString()),
      mutants: dateTimeMutants,
    },
  };
}

const queryJunk = fc.constantFrom(
  new Raw("%00"),
  new Raw("%ED%A0%80"),
  new Raw("%C0%80"),
  new Raw("%FF%FE"),
  new Raw("%"),
  new Raw("%zz"),
  new Raw("a+b"),
  new Raw(""),
  new Raw("x".repeat(10_000)),
);

/** A value as it goes into a query string: a repeated parameter for an array, JSON for other non-strings. */
function queryValues(value: unknown): string[] {
  if (value === undefined) return [];
  if (value instanceof Raw) return [value.text];
  if (Array.isArray(value)) return value.flatMap(queryValues);
  return [percentEncode(typeof value === "string" ? value : (JSON.stringify(value) ?? ""))];
}

function queryText(name: string, value: unknown): string[] {
  return queryValues(value).map((v) => `${percentEncode(name)}=${v}`);
}

const contentTypes = fc.oneof(
  { weight: 14, arbitrary: fc.constant<string | undefined>("application/json") },
  {
    weight: 6,
    arbitrary: fc.constantFrom<string | undefined>(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/vnd.api+json",
      "Application/Problem+JSON; charset=UTF-8",
      "application/json ; charset=utf-8",
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      undefined,
    ),
  },
);

const brokenBodies = fc.constantFrom(
  "",
  "{",
  '{"a":',
  "null",
  "[]",
  "0",
  "1e400",
  '"\\ud800"',
  '{"\\u0000":1}',
  '{"__proto__":{"polluted":true}}',
  "\u0000",
  "\ufeff{}",
  `${"[".repeat(50_000)}${"]".repeat(50_000)}`,
  `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`,
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
  "a=b&c=%00",
);

function bodyArbitrary(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<{ type?: string; text?: string }> {
  const value = schema ? fieldValues(schema, "body", hints, true) : fc.constant({});
  const text = fc.oneof(
    { weight: 14, arbitrary: value.map((v) => JSON.stringify(v) ?? "null") },
    {
      weight: 1,
      arbitrary: value.chain((v) => fc.nat({ max: 200 }).map((n) => (JSON.stringify(v) ?? "").slice(0, n))),
    },
    { weight: 2, arbitrary: brokenBodies },
  );
  return fc.record({ type: contentTypes, text }, { requiredKeys: ["text"] });
}

/**
 * Requests for one operation: a third well-formed (the user's own objects,
 * valid values: they reach the services and the database), the rest with a
 * fault or two anywhere, some thoroughly broken.
 */
export function requestsFor(
  op: ApiOperation,
  pools: FuzzPools,
  hints = fuzzHints(pools, op),
): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 1, arbitrary: requests(op, pools, hints, false) },
    { weight: 2, arbitrary: requests(op, pools, hints, true) },
  );
}

function requests(op: ApiOperation, pools: FuzzPools, hints: Hints, faulty: boolean): fc.Arbitrary<FuzzRequest> {
  const kinds = new Map(idParameters(op).map((p) => [`${p.in}:${p.name}`, p.kind]));
  const segments = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => {
        const kind = kinds.get(`path:${p.name}`);
        return [
          p.name,
          faulty ? pathSegment(kind, pools) : pool(kind ? pools.ids[kind] : undefined).map(percentEncode),
        ];
      }),
    ),
  );
  const query = fc.tuple(
    ...op.queryParams.map((p) => {
      const value = faulty
        ? fc.oneof(
            { weight: 10, arbitrary: fieldValues(p.schema, p.name, hints, true) },
            { weight: 1, arbitrary: queryJunk },
            {
              weight: 1,
              arbitrary: fc.array(fieldValues(p.schema, p.name, hints, false), { minLength: 2, maxLength: 2 }),
            },
          )
        : fieldValues(p.schema, p.name, hints, false);
      return (p.required ? value : fc.option(value, { nil: undefined, freq: 3 })).map((v) => queryText(p.name, v));
    }),
  );
  const canHaveBody = op.method !== "GET" && op.method !== "HEAD";
  let body: fc.Arbitrary<{ type?: string; text?: string }> = fc.constant({});
  if (canHaveBody && op.body && !faulty) {
    body = fieldValues(op.body.schema, "body", hints, false).map((v) => ({
      type: "application/json",
      text: JSON.stringify(v),
    }));
  } else if (canHaveBody && op.body) {
    body = fc.oneof(
      { weight: 20, arbitrary: bodyArbitrary(op.body.schema, hints) },
      { weight: 1, arbitrary: fc.constant({}) },
    );
  } else if (canHaveBody && faulty) {
    body = fc.oneof(
      { weight: 8, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: bodyArbitrary(undefined, hints) },
    );
  }
  return fc
    .tuple(segments, query, body)
    .map(([seg, q, b]) => buildRequest(op, seg as Record<string, string>, q.flat(), b));
}

function buildRequest(
  op: ApiOperation,
  segments: Record<string, string>,
  query: string[],
  body: { type?: string; text?: string },
): FuzzRequest {
  const path = fillPath(op.path, segments);
  const search = query.join("&");
  const headers: Record<string, string> = body.type ? { "content-type": body.type } : {};
  const request: FuzzRequest = { method: op.method, url: search ? `${path}?${search}` : path, headers };
  if (body.text !== undefined) request.body = body.text;
  return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
}

const SWEEP_TEXTS = ["a\u0000b", "\ud800", "x\udfff"];
const SWEEP_QUERY = ["%00", "a%00b", "%ED%A0%80"];
const SWEEP_SEGMENTS = ["%00", "-".repeat(36), "not-a-uuid", "00000000-0000-0000-0000-000000000000", "x".repeat(5000)];

/** A fixed handful of a hinted field's mutants (impossible dates, broken cursors, unusable hosts). */
const sampledMutants = (hints: Hints, name: string): unknown[] => {
  const mutants = hints[name]?.mutants;
  return mutants ? fc.sample(mutants, { seed: 1, numRuns: 8 }) : [];
};
const JSON_TYPES = [
  "application/json",
  "APPLICATION/JSON",
  "application/vnd.api+json",
  "application/json; charset=utf-8",
];

/**
 * Requests that put NUL and lone surrogates into every place that carries
 * text, one place at a time, in an otherwise well-formed request for the
 * user's own objects: every query parameter, every path parameter, every
 * string and map key of the body (with every JSON content type); junk ids in
 * every path parameter; and a few of its hinted mutants (impossible dates,
 * broken cursors) in every field that has some. Random runs reach some of
 * these; the sweep reaches all of them on every run.
 */
export function sweepRequests(op: ApiOperation, pools: FuzzPools, hints = fuzzHints(pools, op)): FuzzRequest[] {
  const kinds = new Map(idParameters(op).map((p) => [`${p.in}:${p.name}`, p.kind]));
  const segments = Object.fromEntries(
    op.pathParams.map((p) => {
      const kind = kinds.get(`path:${p.name}`);
      return [p.name, percentEncode(pools.ids[kind ?? "campaign"]?.[0] ?? "00000000-0000-4000-8000-000000000000")];
    }),
  );
  const query = Object.fromEntries(
    op.queryParams
      .filter((p) => p.required)
      .map((p) => [p.name, queryText(p.name, exampleOf(p.schema, p.name, hints))]),
  );
  const example = op.body ? exampleOf(op.body.schema, "body", hints, true) : undefined;
  const jsonBody = (value: unknown, type = "application/json") =>
    value === undefined || op.method === "GET" ? {} : { type, text: JSON.stringify(value) };
  const out: FuzzRequest[] = [];
  const requiredQuery = Object.values(query).flat();
  for (const p of op.queryParams) {
    const values = [...SWEEP_QUERY, ...sampledMutants(hints, p.name).flatMap(queryValues)];
    for (const value of values) {
      const parts = { ...query, [p.name]: [`${percentEncode(p.name)}=${value}`] };
      out.push(buildRequest(op, segments, Object.values(parts).flat(), jsonBody(example)));
    }
  }
  for (const p of op.pathParams) {
    for (const segment of SWEEP_SEGMENTS) {
      out.push(buildRequest(op, { ...segments, [p.name]: segment }, requiredQuery, jsonBody(example)));
    }
  }
  if (op.body && example !== undefined) {
    textSpots(example, op.body.schema).forEach((spot, i) => {
      const types = i === 0 ? JSON_TYPES : ["application/json"];
      for (const text of SWEEP_TEXTS) {
        for (const type of types) {
          out.push(buildRequest(op, segments, requiredQuery, jsonBody(withText(example, spot, text), type)));
        }
      }
      const name = spot.path.at(-1);
      if (spot.key || typeof name !== "string") return;
      for (const mutant of sampledMutants(hints, name)) {
        out.push(buildRequest(op, segments, requiredQuery, jsonBody(withText(example, spot, mutant))));
      }
    });
  }
  return out;
}

const clip = (text: string, max = 300) =>
  text.length > max ? `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)` : JSON.stringify(text);

/** A request as the failure message shows it: long texts cut, invisible characters escaped. */
export function describeRequest(r: FuzzRequest): string {
  const type = r.headers["content-type"];
  const parts = [`${r.method} ${clip(r.url, 400)}`];
  if (type !== undefined) parts.push(`content-type: ${JSON.stringify(type)}`);
  if (r.body !== undefined) parts.push(`body: ${clip(r.body, 1500)}`);
  return parts.join("\n  ");
}
