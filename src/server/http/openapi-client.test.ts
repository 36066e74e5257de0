// A typed client generated from /api/openapi.json (swagger-typescript-api, its
// fetch client) works: the generated code and a small script using it pass the
// repository's tsc in strict mode, misuse of the types does not, and the script
// lists and creates campaigns through the app in-process with a session
// cookie (docs/decisions/034-openapi-document-for-clients.md).
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { generateApi } from "swagger-typescript-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");

// What a user of the client writes: every name and type below comes from the generated Api.ts.
const CLIENT = `import { Api, type CampaignDetail, type CreateCampaignInput } from "./Api.ts";

export function coldreach(fetchImpl: typeof fetch, cookie?: string): Api<string> {
  const api = new Api<string>({
    customFetch: fetchImpl,
    securityWorker: (session) => (session ? { headers: { cookie: session } } : {}),
  });
  if (cookie) api.setSecurityData(cookie);
  return api;
}

export async function createAndList(api: Api<string>, name: string): Promise<{ created: CampaignDetail; names: string[] }> {
  const input: CreateCampaignInput = {
    name,
    senderAccounts: [{ email: "sender@example.com", provider: "smtp", dailyLimit: 50 }],
    contacts: [{ email: "ada@example.org", firstName: "Ada" }],
    sequence: [
      {
        subject: "Hello {{firstName}}",
        body: "<p>Hi</p>",
        bodyFormat: "html",
        delayAmount: 0,
        delayUnit: "days",
        scheduledDate: null,
        scheduledTime: null,
      },
    ],
  };
  const created = await api.api.createCampaign(input);
  const list = await api.api.listCampaigns();
  return { created: created.data, names: list.data.campaigns.map((c) => c.name) };
}

/** The error body of a refused call: the generated client throws the response, its \`error\` parsed. */
export async function refusal(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (response) {
    return (response as { error: { error: { code: string } } }).error.error.code;
  }
}
`;

// Each line under @ts-expect-error must be a type error: typed all the way, not \`any\`.
const MISUSE = `import type { Api } from "./Api.ts";

export async function misuse(api: Api<string>): Promise<void> {
  // @ts-expect-error a campaign's name is a string
  await api.api.createCampaign({ name: 42, senderAccounts: [], contacts: [], sequence: [] });
  // @ts-expect-error no operation has that id
  await api.api.listCampaign();
  const list = await api.api.listCampaigns();
  // @ts-expect-error a campaign summary has no such field
  list.data.campaigns[0]?.noSuchField;
  // @ts-expect-error getCampaign takes the campaign's id
  await api.api.getCampaign();
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2023",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    module: "ESNext",
    moduleResolution: "Bundler",
    strict: true,
    noUncheckedIndexedAccess: true,
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ["Api.ts", "client.ts", "misuse.ts"],
};

/** client.ts as this test sees it (its own types are the generated ones, checked by tsc above). */
type GeneratedApi = { api: { listCampaigns(): Promise<{ data: { campaigns: unknown[] } }> } };
type Client = {
  coldreach(fetchImpl: typeof fetch, cookie?: string): GeneratedApi;
  createAndList(api: GeneratedApi, name: string): Promise<{ created: unknown; names: string[] }>;
  refusal(call: Promise<unknown>): Promise<string | undefined>;
};

let ctx: TestContext;
let dir: string;
let apiSource: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const document = await (await ctx.request("/api/openapi.json")).json();
  const { files } = await generateApi({ spec: document, output: false, httpClientType: "fetch", silent: true });
  apiSource = files.find((f) => f.fileName === "Api")?.fileContent ?? "";
  dir = await mkdtemp(join(tmpdir(), "coldreach-openapi-client-"));
  await writeFile(join(dir, "Api.ts"), apiSource);
  await writeFile(join(dir, "client.ts"), CLIENT);
  await writeFile(join(dir, "misuse.ts"), MISUSE);
  await writeFile(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("a client generated from the OpenAPI document", () => {
  it("has a method per operationId", async () => {
    const document = (await (await ctx.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(100);
    const missing = ids.filter((id) => !new RegExp(`\\n\\s+${id}: \\(`).test(apiSource));
    expect(missing).toEqual([]);
    expect(apiSource).toMatch(/\n\s+listCampaigns: \(params: RequestParams = \{\}\) =>/);
    expect(apiSource).toMatch(/\n\s+createCampaign: \(data: CreateCampaignInput, params: RequestParams = \{\}\) =>/);
  });

  it("type-checks with the repository's tsc, and misusing its types does not", async () => {
    const run = promisify(execFile);
    await run(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { cwd: dir }).catch(
      (err: { stdout?: string }) => {
        throw new Error(`tsc failed:\n${err.stdout}`);
      },
    );
    // Without the directives each misuse is an error: the types are really checked.
    await writeFile(join(dir, "misuse.ts"), MISUSE.replaceAll("// @ts-expect-error", "// was expected:"));
    const failed = await run(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { cwd: dir }).then(
      () => "",
      (err: { stdout?: string }) => err.stdout ?? "",
    );
    await writeFile(join(dir, "misuse.ts"), MISUSE);
    expect(failed.match(/misuse\.ts\(\d+,\d+\): error/g)).toHaveLength(4);
  }, 60_000);

  it("lists and creates campaigns with a session cookie, and is refused without one", async () => {
    const client = (await import(pathToFileURL(join(dir, "client.ts")).href)) as Client;
    const fetchApp = ((...[input, init]: Parameters<typeof fetch>) => ctx.app.request(input, init)) as typeof fetch;
    const { cookie } = await ctx.signUpVerified("generated-client@example.com");

    const { created, names } = await client.createAndList(
      client.coldreach(fetchApp, cookie),
      "From the generated client",
    );
    expect(created).toMatchObject({ campaign: { name: "From the generated client", status: "draft" } });
    expect(names).toEqual(["From the generated client"]);

    expect(await client.refusal(client.coldreach(fetchApp).api.listCampaigns())).toBe("unauthorized");
    // Another user's client sees none of it.
    const other = await ctx.signUpVerified("generated-client-other@example.com");
    const theirs = await client.coldreach(fetchApp, other.cookie).api.listCampaigns();
    expect(theirs.data.campaigns).toEqual([]);
  });
});
