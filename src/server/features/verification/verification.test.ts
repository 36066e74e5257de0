// Verification for real: a local DNS server (dns2) answers for the test
// domains and a local SMTP server plays each domain's mail host, so every
// result class (valid, invalid, disposable, catchall, unknown) comes out of
// the routes. Also: per-user scoping, the bulk limit and its messages, the
// CSV upload kept where the spec's bucket was, and the verifier's DNS rules
// (null MX, A fallback, timeouts) on their own.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Verification,
  VerificationList,
  VerificationStats,
  VerifyCsvResponse,
} from "#shared/verification/verification.schemas.ts";
import { type DnsServer, startDnsServer } from "../../../../tests/support/dns-server.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../../tests/support/test-app.ts";
import { createDnsResolver } from "../../dns/resolver.ts";
import { createVerifier } from "./verify-address.ts";

type Session = { cookie: string; userId: string };

let dns: DnsServer;
let smtp: SMTPServer;
let smtpPort: number;
let dataDir: string;
let ctx: TestContext;
let alice: Session;
let bob: Session;
/** Every RCPT TO the SMTP server saw, and whether DATA was ever reached. */
const rcpts: string[] = [];
let dataSeen = false;

const HOST = { A: ["127.0.0.1"] };

async function startMailHosts(): Promise<void> {
  smtp = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      rcpts.push(to);
      const domain = to.split("@")[1];
      const reject = () =>
        callback(Object.assign(new Error(`5.1.1 <${to}>: Recipient address rejected`), { responseCode: 550 }));
      if (domain === "catchall.test") return callback();
      if (domain === "slow.test")
        return setTimeout(() => callback(Object.assign(new Error("4.7.0 Try again later"), { responseCode: 451 })), 50);
      if (to === "alice@valid.test" || to === "info@valid.test" || to === "bob@fallback.test") return callback();
      reject();
    },
    onData(stream, _session, callback) {
      dataSeen = true;
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const address = smtp.server.address();
  smtpPort = typeof address === "object" && address ? address.port : 0;
}

beforeAll(async () => {
  dns = await startDnsServer({
    "valid.test": { MX: [{ exchange: "mx.valid.test", priority: 10 }] },
    "mx.valid.test": HOST,
    "catchall.test": { MX: [{ exchange: "mx.catchall.test", priority: 5 }] },
    "mx.catchall.test": HOST,
    "slow.test": { MX: [{ exchange: "mx.slow.test", priority: 5 }] },
    "mx.slow.test": HOST,
    "fallback.test": HOST,
    "nullmx.test": { MX: [{ exchange: ".", priority: 0 }] },
    "nomail.test": { TXT: ["v=spf1 -all"] },
    "servfail.test": { fail: true },
    "late.test": { delayMs: 2_000 },
  });
  await startMailHosts();
  dataDir = await mkdtemp(join(tmpdir(), "verification-test-"));
  ctx = await createTestContext({
    DNS_SERVERS: dns.servers.join(","),
    VERIFY_SMTP_PROBE: "on",
    VERIFY_SMTP_PORT: String(smtpPort),
    DATA_DIR: dataDir,
  });
  alice = await ctx.signUpVerified("alice@coldreach.test");
  bob = await ctx.signUpVerified("bob@coldreach.test");
});

afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await dns?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function post(path: string, session: Session, json: unknown): Promise<Response> {
  return ctx.request(path, { method: "POST", cookie: session.cookie, json });
}

async function verifyOne(session: Session, email: string): Promise<Verification> {
  const res = await post("/api/verification/verify", session, { email });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Verification;
}

describe("POST /api/verification/verify", () => {
  it.each<[string, string, boolean, boolean, string[]]>([
    ["alice@valid.test", "valid", true, true, []],
    ["info@valid.test", "valid", true, true, ["role_account"]],
    ["bob@fallback.test", "valid", true, true, ["no_mx_a_fallback"]],
    ["nobody@valid.test", "invalid", false, false, ["mailbox_rejected"]],
    ["anyone@catchall.test", "catchall", true, false, ["catch_all"]],
    ["someone@slow.test", "unknown", true, false, ["smtp_unknown"]],
    ["x@nullmx.test", "invalid", false, false, ["null_mx"]],
    ["x@nomail.test", "invalid", false, false, ["no_mail_host"]],
    ["x@nowhere.test", "invalid", false, false, ["no_mail_host"]],
    ["x@servfail.test", "unknown", false, false, ["dns_error"]],
    ["throwaway@yopmail.com", "disposable", true, false, ["disposable"]],
    ["not..an@address.test", "invalid", false, false, ["invalid_syntax"]],
  ])("%s → %s", async (email, result, isValid, isDeliverable, flags) => {
    const v = await verifyOne(alice, email);
    expect(v).toMatchObject({ email, result, isValid, isDeliverable, flags });
  });

  it("suggests a correction for a misspelt domain", async () => {
    const v = await verifyOne(alice, "bob@gmial.com");
    expect(v.suggestedCorrection).toBe("bob@gmail.com");
    expect(v.flags).toContain("typo_suggested");
  });

  it("asks about a random address too (catch-all check), and never sends DATA", () => {
    expect(rcpts.some((r) => /^verify-[0-9a-f]{16}@valid\.test$/.test(r))).toBe(true);
    expect(dataSeen).toBe(false);
  });

  it("refuses an empty address with the spec's message", async () => {
    const res = await post("/api/verification/verify", alice, { email: "  " });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Please enter an email address");
  });

  it("needs a session", async () => {
    const res = await ctx.request("/api/verification/verify", { method: "POST", json: { email: "a@valid.test" } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/verification/bulk", () => {
  it("drops entries without @ and answers in input order", async () => {
    const res = await post("/api/verification/bulk", bob, {
      emails: ["alice@valid.test", "not an address", " nobody@valid.test ", "", "anyone@catchall.test"],
    });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as VerificationList;
    expect(results.map((r) => [r.email, r.result])).toEqual([
      ["alice@valid.test", "valid"],
      ["nobody@valid.test", "invalid"],
      ["anyone@catchall.test", "catchall"],
    ]);
  });

  it.each<[string, string[], string]>([
    ["none with @", ["hello", "world"], "Please enter valid email addresses"],
    ["an empty list", [], "Please enter valid email addresses"],
    [
      "101 addresses",
      Array.from({ length: 101 }, (_, i) => `u${i}@valid.test`),
      "Please limit bulk verification to 100 emails at a time",
    ],
  ])("refuses %s", async (_name, emails, message) => {
    const res = await post("/api/verification/bulk", bob, { emails });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it("takes exactly 100", async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `u${i}@nullmx.test`);
    const res = await post("/api/verification/bulk", bob, { emails });
    expect(res.status).toBe(200);
    expect(((await res.json()) as VerificationList).results).toHaveLength(100);
  });
});

async function uploadCsv(session: Session, name: string, content: string): Promise<Response> {
  const form = new FormData();
  form.append("file", new File([content], name, { type: "text/csv" }));
  return ctx.app.request(`${TEST_ORIGIN}/api/verification/csv`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie: session.cookie },
    body: form,
  });
}

describe("POST /api/verification/csv", () => {
  it("keeps the file under the user's folder and verifies the email column", async () => {
    const csv = 'name,Email,note\nAlice,alice@valid.test,"met at x@y.test"\nNobody,nobody@valid.test,\nNo one,n/a,\n';
    const res = await uploadCsv(alice, "../../My leads (2026).csv", csv);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as VerifyCsvResponse;
    expect(body.message).toBe("Found 2 valid email(s) in CSV");
    expect(body.results.map((r) => [r.email, r.result])).toEqual([
      ["alice@valid.test", "valid"],
      ["nobody@valid.test", "invalid"],
    ]);
    const dir = join(dataDir, "uploads", "csv-uploads", alice.userId);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-My_leads_2026_.csv$/);
    expect(await readFile(join(dir, files[0] as string), "utf8")).toBe(csv);
  });

  it("takes every cell with an @ when there is no email column", async () => {
    const res = await uploadCsv(bob, "list.csv", "anyone@catchall.test;x@nullmx.test\nnothing;here\n");
    expect(res.status).toBe(200);
    const body = (await res.json()) as VerifyCsvResponse;
    expect(body.results.map((r) => r.result)).toEqual(["catchall", "invalid"]);
  });

  it.each<[string, string, string, string]>([
    ["a file that is not .csv", "list.txt", "a@valid.test", "Failed to upload CSV file"],
    ["a file without addresses", "empty.csv", "email\nnone\n", "No emails to verify"],
  ])("refuses %s", async (_name, fileName, content, message) => {
    const res = await uploadCsv(bob, fileName, content);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  });
});

describe("GET /api/verification and /stats", () => {
  it("lists only the user's own results, newest first, at most 100", async () => {
    const own = (await (await ctx.request("/api/verification", { cookie: alice.cookie })).json()) as VerificationList;
    const theirs = (await (await ctx.request("/api/verification", { cookie: bob.cookie })).json()) as VerificationList;
    const aliceEmails = new Set(own.results.map((r) => r.email));
    expect(aliceEmails.has("throwaway@yopmail.com")).toBe(true);
    expect(theirs.results.some((r) => r.email === "throwaway@yopmail.com")).toBe(false);
    // Bob's newest (the CSV above): his 100 bulk results share one time, and
    // which two of them fall past the 100th is up to their ids.
    expect(theirs.results.some((r) => r.email === "x@nullmx.test")).toBe(true);
    expect(theirs.results).toHaveLength(100);
    const times = own.results.map((r) => r.verifiedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("counts the user's results in the stats cards", async () => {
    const fresh = await ctx.signUpVerified("carol@coldreach.test");
    const empty = await ctx.request("/api/verification/stats", { cookie: fresh.cookie });
    expect(await empty.json()).toEqual({
      totalVerified: 0,
      valid: 0,
      deliverable: 0,
      invalidOrRisky: 0,
      deliverabilityRate: 0,
    });
    await post("/api/verification/bulk", fresh, {
      emails: [
        "alice@valid.test",
        "nobody@valid.test",
        "anyone@catchall.test",
        "t@yopmail.com",
        "x@servfail.test",
        "info@valid.test",
      ],
    });
    const res = await ctx.request("/api/verification/stats", { cookie: fresh.cookie });
    // valid: alice, catch-all, disposable, info (4); deliverable: alice, info (2 of 6 = 33.3%);
    // invalid or risky: nobody (invalid) + disposable (2).
    expect((await res.json()) as VerificationStats).toEqual({
      totalVerified: 6,
      valid: 4,
      deliverable: 2,
      invalidOrRisky: 2,
      deliverabilityRate: 33.3,
    });
  });
});

describe("the verifier's DNS rules", () => {
  it("gives unknown on a DNS timeout, without the probe, and caches a domain per batch", async () => {
    const verifier = createVerifier({
      resolver: createDnsResolver({ servers: dns.servers, timeoutMs: 100, tries: 1 }),
    });
    const before = rcpts.length;
    const [late, a, b] = await verifier.verifyBatch(["x@late.test", "alice@valid.test", "ALICE@valid.test"]);
    expect(late).toMatchObject({ result: "unknown", isValid: false, flags: ["dns_timeout"] });
    expect(a).toMatchObject({ result: "valid", isDeliverable: true, flags: ["smtp_probe_skipped"] });
    expect(b).toMatchObject({ result: "valid" });
    expect(rcpts.length).toBe(before);
  });

  it("asks a domain's mail host once per batch: one catch-all probe for several addresses", async () => {
    const verifier = createVerifier({
      resolver: createDnsResolver({ servers: dns.servers }),
      probe: { policy: { allowPrivate: true }, port: smtpPort, timeoutMs: 5_000, heloName: "verifier.test" },
    });
    const before = rcpts.length;
    const results = await verifier.verifyBatch(["alice@valid.test", "nobody@valid.test", "info@valid.test"]);
    expect(results.map((r) => r.result)).toEqual(["valid", "invalid", "valid"]);
    const asked = rcpts.slice(before);
    expect(asked.filter((r) => r.startsWith("verify-"))).toHaveLength(1);
    expect(asked).toHaveLength(4);
  });

  it("refuses to probe a loopback mail host when private addresses are not allowed", async () => {
    const verifier = createVerifier({
      resolver: createDnsResolver({ servers: dns.servers }),
      probe: { policy: { allowPrivate: false }, port: smtpPort, timeoutMs: 5_000, heloName: "verifier.test" },
    });
    const before = rcpts.length;
    const [result] = await verifier.verifyBatch(["alice@valid.test"]);
    expect(result).toMatchObject({ result: "unknown", flags: ["smtp_unknown"] });
    expect(rcpts.length).toBe(before);
  });
});
