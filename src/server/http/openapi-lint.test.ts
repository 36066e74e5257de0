// /api/openapi.json as client generators read it: Redocly's recommended rules
// (redocly.yaml, with the accepted exceptions of .redocly.lint-ignore.yaml)
// report no error and no warning, and each operation's `security` says the
// truth: the ones declared public answer without credentials, every other one
// refuses them (docs/decisions/034-openapi-document-for-clients.md).
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const redoclyCli = join(repoRoot, "node_modules/@redocly/cli/bin/cli.js");

type Operation = { operationId?: string; tags?: string[]; security?: unknown[]; responses: Record<string, unknown> };
type Document = {
  servers?: { url: string }[];
  security?: unknown[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
};
type LintReport = {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
};

const METHODS = ["get", "put", "post", "delete", "patch"];

function operations(doc: Document): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}

/** `redocly lint` of `doc` saved as openapi.json beside the repository's redocly.yaml and ignore file. */
async function lint(doc: unknown): Promise<LintReport> {
  const dir = await mkdtemp(join(tmpdir(), "coldreach-openapi-lint-"));
  try {
    await writeFile(join(dir, "openapi.json"), JSON.stringify(doc, null, 2));
    await copyFile(join(repoRoot, "redocly.yaml"), join(dir, "redocly.yaml"));
    await copyFile(join(repoRoot, ".redocly.lint-ignore.yaml"), join(dir, ".redocly.lint-ignore.yaml"));
    // Exit status 1 with errors: the report on stdout is read either way.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [redoclyCli, "lint", "openapi.json", "--format=json", "--max-problems=1000"],
      {
        cwd: dir,
        maxBuffer: 64 * 1024 * 1024,
        // No usage report to Redocly, no update check: the test reaches no one.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: "off",
          REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
          REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
          NO_COLOR: "1",
        },
      },
    ).catch((err: { stdout?: string }) => {
      if (typeof err.stdout === "string" && err.stdout.trim().startsWith("{")) return { stdout: err.stdout };
      throw err;
    });
    return JSON.parse(stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const problemsOf = (report: LintReport) =>
  report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);

const PUBLIC_URL = "https://outreach.coldreach.test";

let ctx: TestContext;
let doc: Document;

beforeAll(async () => {
  // A deployment's document: its PUBLIC_URL is the one server (localhost would be a lint warning, rightly).
  ctx = await createTestContext({ PUBLIC_URL });
  const res = await ctx.request("/api/openapi.json");
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(() => ctx?.close());

describe("the OpenAPI document", () => {
  it("passes redocly lint (recommended rules) with no error and no warning", async () => {
    const report = await lint(doc);
    expect(problemsOf(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("is linted for real: an operation without operationId or 4xx and an undeclared tag are reported", async () => {
    const broken = structuredClone(doc);
    const list = broken.paths["/api/campaigns"]?.get;
    if (!list) throw new Error("GET /api/campaigns is missing from the document");
    delete list.operationId;
    list.responses = { 200: list.responses["200"] };
    list.tags = ["Not declared"];
    const rules = new Set((await lint(broken)).problems.map((p) => p.ruleId));
    expect([...rules].sort()).toEqual(["operation-4xx-response", "operation-operationId", "operation-tag-defined"]);
  }, 60_000);

  it("names every operation with a unique camelCase verbNoun id and a declared, described tag", () => {
    const ops = operations(doc);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(id ?? ""))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(["listCampaigns", "getCampaign", "createCampaign", "launchCampaign"]));
    const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    for (const { op } of ops) for (const tag of op.tags ?? []) expect(declared.get(tag), tag).toBeTruthy();
  });

  it("names PUBLIC_URL as its server and declares the session cookie and API-key bearer schemes", () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
    expect(doc.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    // Behind HTTPS better-auth prefixes its cookie: the document names the one it sets.
    expect(doc.components.securitySchemes).toEqual({
      cookieAuth: expect.objectContaining({ type: "apiKey", in: "cookie", name: "__Secure-better-auth.session_token" }),
      bearerAuth: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
  });

  it("names the cookie sign-in really sets (plain HTTP: no prefix)", async () => {
    const plain = await createTestContext({}, ctx.database);
    try {
      const served = (await (await plain.request("/api/openapi.json")).json()) as Document;
      const { cookie } = await plain.signUpVerified("openapi-cookie@example.com");
      expect(cookie.split("=")[0]).toBe(served.components.securitySchemes?.cookieAuth?.name);
    } finally {
      await plain.close();
    }
  });

  it("declares security: [] exactly on the operations that answer without credentials", async () => {
    const open: string[] = [];
    for (const { method, path, op } of operations(doc)) {
      const url = path.replace(/\{[^}]+\}/g, randomUUID());
      const body = ["post", "put", "patch"].includes(method) ? {} : undefined;
      const res = await ctx.request(url, { method: method.toUpperCase(), json: body, headers: { origin: PUBLIC_URL } });
      const declaredPublic = Array.isArray(op.security) && op.security.length === 0;
      expect(res.status === 401, `${method.toUpperCase()} ${path}: ${res.status}`).toBe(!declaredPublic);
      if (declaredPublic) open.push(op.operationId ?? "");
    }
    expect(open.sort()).toEqual(
      [
        "getHealth",
        "getAppInfo",
        "getPublicSchedulingLink",
        "listPublicSlots",
        "bookMeeting",
        "getPublicMeeting",
        "cancelMeeting",
        "listOutboxMessages",
        "getOutboxMessage",
        "getOutboxAttachment",
        "getOutboxMessageRaw",
      ].sort(),
    );
  });
});
