// Issue 26 §2, "Nothing is sent twice, even when the server is slow": the
// embedded set-up as `npm start` runs it (main.ts: web and worker in one
// process, PGlite in DATA_DIR, live delivery) sends a campaign whose one step
// carries a 5 MB inline image to 50 contacts through two saved senders on an
// SMTP server that answers each message's DATA late. Being slow must never
// cost a duplicate. The risk: a worker so busy with large messages that its
// heartbeat goes stale is judged dead (WORKER_DEAD_AFTER_SECONDS is lowered
// to 5 to make that likelier), and its claims are recovered and sent again
// while it is still delivering them.
// Meanwhile /api/health is asked continuously, one probe at a time: every
// probe must be answered, and only a few may be slow (a generous bound on a
// count; the figures are printed for the notes, not asserted).
//
// Two sinks: the slow one is the senders' SMTP server (headers kept only: each
// message is about 7 MB), the other takes the system mail (the sign-up
// confirmation, the launch notification) so that the campaign's count is
// exactly the campaign's.
//
// It runs alone, after the other integration files (vitest.config.ts, project
// integration-pglite-alone): their load would make probes slow too.
// SLOW_SERVER_LOG=<file> writes main.ts's log there.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MainProcess, sendsOf, sleep, startMain } from "../../../../tests/support/crash-support.ts";
import { freePort } from "../../../../tests/support/free-port.ts";
import { people, step } from "../../../../tests/support/sending-fixtures.ts";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { testDbKind } from "../../../../tests/support/test-database.ts";
import { openDatabase } from "../../db/client.ts";

const CONTACTS = 50;
const IMAGE_BYTES = 5 * 1024 * 1024;
/** How late the slow server answers each message's DATA. */
const SINK_DELAY_MS = 500;
/** One probe at a time, this far apart; a probe unanswered after PROBE_TIMEOUT_MS failed. */
const PROBE_GAP_MS = 100;
const PROBE_TIMEOUT_MS = 10_000;
const SLOW_PROBE_MS = 1_000;
/** How long the campaign may take from the launch until nothing is queued or being sent. */
const SETTLE_MS = 110_000;
const APP_SECRET = "slow-server-embedded-secret-0123456789abcd";
const PASSWORD = "correct-horse-battery";

/** A PNG signature and IHDR chunk, then random bytes: `bytes` in all, as a data: URL. */
function pngDataUrl(bytes: number): string {
  const header = Buffer.from("89504e470d0a1a0a0000000d49484452000001000000010008060000005c72a866", "hex");
  return `data:image/png;base64,${Buffer.concat([header, randomBytes(bytes - header.length)]).toString("base64")}`;
}

/** The value at quantile q of ascending `sorted` (nearest rank). */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
}

/** Resident memory of a process, MB (Linux; undefined elsewhere or once it has exited). */
function rssMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

describe.skipIf(testDbKind !== "pglite")("the embedded set-up sending large messages to a slow server", () => {
  let dataDir: string;
  let slowSink: SmtpSink;
  let systemSink: SmtpSink;
  let app: MainProcess;
  let baseUrl: string;
  let cookie: string;
  let campaignId: string;
  /** How long each part of the set-up took (printed with the figures). */
  const setup: string[] = [];
  const children = new Set<ChildProcess>();

  /** The API as the browser calls it: same origin, the session cookie. */
  async function call(path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: baseUrl };
    if (cookie) headers.cookie = cookie;
    if (init.json !== undefined) headers["content-type"] = "application/json";
    return fetch(`${baseUrl}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: "manual",
    });
  }

  async function expectStatus(res: Response, status: number): Promise<Response> {
    if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
    return res;
  }

  beforeAll(async () => {
    let t = performance.now();
    const lap = (what: string) => {
      setup.push(`${what} ${((performance.now() - t) / 1000).toFixed(1)} s`);
      t = performance.now();
    };
    dataDir = await mkdtemp(join(tmpdir(), "coldreach-slow-embedded-"));
    slowSink = await startSmtpSink({ faults: [smtpFaults.delay(SINK_DELAY_MS)], headersOnly: true });
    systemSink = await startSmtpSink();
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    app = startMain(
      [],
      {
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        APP_SECRET,
        MAIL_DELIVERY: "live",
        SYSTEM_SMTP_URL: `smtp://127.0.0.1:${systemSink.port}`,
        SMTP_ALLOW_PRIVATE: "on",
        AUTH_RATE_LIMIT: "off",
        WORKER_DEAD_AFTER_SECONDS: "5",
        WORKER_STOP_GRACE_SECONDS: "10",
      },
      children,
    );
    await app.started;
    lap("main.ts started");

    // Sign-up, the emailed confirmation link, sign-in: as a person does.
    const email = "slow-server@example.com";
    await expectStatus(
      await call("/api/auth/sign-up/email", {
        method: "POST",
        json: { email, password: PASSWORD, name: "Slow Server", fullName: "Slow Server", callbackURL: "/" },
      }),
      200,
    );
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = systemSink.messagesTo(email)[0]?.parsed.text?.match(/https?:\/\/\S+verify-email\S+/)?.[0];
      if (!link) await sleep(100);
    }
    if (!link) throw new Error("no confirmation email arrived");
    const verified = await fetch(link, { redirect: "manual" });
    expect(verified.status).toBeLessThan(400);
    const signIn = await expectStatus(
      await call("/api/auth/sign-in/email", { method: "POST", json: { email, password: PASSWORD } }),
      200,
    );
    cookie = signIn.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0] ?? "";
    expect(cookie).not.toBe("");
    lap("signed up");

    // A daily limit above the campaign's size (the default is 50).
    const settings = (await (await expectStatus(await call("/api/settings"), 200)).json()) as Record<string, unknown>;
    await expectStatus(await call("/api/settings", { method: "PUT", json: { ...settings, dailySendLimit: 500 } }), 200);

    const senders = [];
    for (const address of ["one@sender.test", "two@sender.test"]) {
      const saved = await expectStatus(
        await call("/api/senders", {
          method: "POST",
          json: {
            email: address,
            provider: "custom",
            dailyLimit: 500,
            smtp: { host: "127.0.0.1", port: slowSink.port, security: "none", username: "u", password: "p" },
          },
        }),
        201,
      );
      const { id } = (await saved.json()) as { id: string };
      senders.push({ email: address, provider: "custom" as const, dailyLimit: 500, savedSenderId: id });
    }

    // The wizard's request: everything in one POST, the image inline in the HTML body.
    const body = `<p>Hello {{firstName}},</p><p>a picture of {{company}}:</p><p><img src="${pngDataUrl(IMAGE_BYTES)}" alt="chart"></p><p>Regards</p>`;
    const created = await expectStatus(
      await call("/api/campaigns", {
        method: "POST",
        json: {
          name: "Large and slow",
          description: null,
          emailColumn: "email",
          senderAccounts: senders,
          contacts: people(CONTACTS, "slow"),
          sequence: [{ ...step("Picture for {{firstName}}", body), bodyFormat: "html" }],
        },
      }),
      201,
    );
    campaignId = ((await created.json()) as { campaign: { id: string } }).campaign.id;
    lap("campaign created");
  }, 150_000);

  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    await slowSink?.close();
    await systemSink?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Whether the campaign still has messages queued or being sent (undefined: the list did not answer). */
  async function open(): Promise<boolean | undefined> {
    const res = await fetch(`${baseUrl}/api/campaigns`, {
      headers: { cookie },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).catch(() => undefined);
    if (!res?.ok) return undefined;
    const { campaigns } = (await res.json()) as {
      campaigns: { id: string; scheduledCount: number; pendingCount: number }[];
    };
    const c = campaigns.find((x) => x.id === campaignId);
    return c ? c.scheduledCount > 0 || c.pendingCount > 0 : undefined;
  }

  it(`sends each of ${CONTACTS} contacts one message and keeps /api/health answering`, async () => {
    const probes: number[] = [];
    let failed = 0;
    let unhealthy = 0;
    let probing = true;
    const rssStart = rssMb(app.child.pid);
    let rssMax = rssStart ?? 0;
    // The test's own event loop: a slow probe it caused itself would show here.
    const ownLoop = monitorEventLoopDelay({ resolution: 20 });
    ownLoop.enable();

    const prober = (async () => {
      while (probing) {
        const started = performance.now();
        try {
          const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          await res.arrayBuffer();
          probes.push(performance.now() - started);
          if (res.status !== 200) unhealthy += 1;
        } catch {
          failed += 1;
        }
        rssMax = Math.max(rssMax, rssMb(app.child.pid) ?? 0);
        await sleep(PROBE_GAP_MS);
      }
    })();

    const launchStarted = performance.now();
    const launched = await call(`/api/campaigns/${campaignId}/launch`, { method: "POST" });
    const launchMs = performance.now() - launchStarted;
    const launchBody = await launched.text();

    let settled = false;
    const until = Date.now() - launchMs + SETTLE_MS;
    while (Date.now() < until) {
      if ((await open()) === false) {
        settled = true;
        break;
      }
      await sleep(1_000);
    }
    const settleMs = performance.now() - launchStarted;
    // A duplicate sent by a recovery comes after the first copy: give it time to arrive.
    await sleep(SINK_DELAY_MS * 4);
    probing = false;
    await prober;
    ownLoop.disable();

    // A clean stop if it comes within the grace (WORKER_STOP_GRACE_SECONDS) and a little more; else a kill,
    // so that the database is never opened here while main.ts still has it open.
    app.child.kill("SIGTERM");
    let exited: string = String(await Promise.race([app.exited, sleep(15_000).then(() => "still running")]));
    if (exited === "still running") {
      app.child.kill("SIGKILL");
      await app.exited;
      exited = "still running after 15 s: killed";
    }
    const output = app.output();
    if (process.env.SLOW_SERVER_LOG) writeFileSync(process.env.SLOW_SERVER_LOG, output);
    const database = await openDatabase({ dataDir });
    const { rows } = await sendsOf(database.db, campaignId).finally(() => database.close());

    const byRecipient = new Map<string, number>();
    const byMessageId = new Map<string, number>();
    for (const m of slowSink.messages) {
      for (const to of m.envelope.to) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
      const id = m.parsed.messageId ?? "(none)";
      byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    }
    const twice = [...byRecipient].filter(([, n]) => n > 1).map(([to, n]) => `${to} ×${n}`);
    const idsTwice = [...byMessageId].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
    const missing = people(CONTACTS, "slow")
      .map((p) => p.email)
      .filter((e) => !byRecipient.has(e));
    const recovered = [...output.matchAll(/"recovered":(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    const statuses = new Map<string, number>();
    for (const r of rows) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    const sorted = [...probes].sort((a, b) => a - b);
    const slow = probes.filter((ms) => ms > SLOW_PROBE_MS).length;
    const sizes = slowSink.messages.map((m) => m.bytes);
    const ms = (v: number) => `${Math.round(v)} ms`;

    console.log(
      [
        `slow server, embedded (${CONTACTS} contacts, ${IMAGE_BYTES / 1024 / 1024} MB inline image, DATA answered after ${SINK_DELAY_MS} ms, WORKER_DEAD_AFTER_SECONDS=5):`,
        `  set-up: ${setup.join(", ")}; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} (${availableParallelism()} cores)`,
        `  launch answered ${launched.status} in ${ms(launchMs)}: ${launchBody.slice(0, 300)}`,
        `  ${settled ? "settled" : "NOT settled"} ${ms(settleMs)} after the launch; main.ts on SIGTERM: ${exited === "0" ? "exited 0" : exited}`,
        `  sink: ${slowSink.messages.length} messages, ${byRecipient.size} of ${CONTACTS} contacts, ${twice.length} received more than once, ${idsTwice.length} Message-IDs more than once; sizes ${Math.min(...sizes)}–${Math.max(...sizes)} bytes`,
        `  queue rows by status: ${JSON.stringify(Object.fromEntries(statuses))}; claims recovered (worker log): ${recovered}`,
        `  /api/health: ${probes.length + failed} probes, ${failed} failed (no answer in ${PROBE_TIMEOUT_MS / 1000} s), ${unhealthy} not 200, ${slow} slower than ${SLOW_PROBE_MS} ms; p50 ${ms(quantile(sorted, 0.5))}, p99 ${ms(quantile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? 0)}`,
        `  main.ts resident memory: ${rssStart ?? "?"} MB at the launch, ${rssMax} MB at most; this test's own event loop delay max ${ms(ownLoop.max / 1e6)}`,
        ...(twice.length ? [`  received more than once: ${twice.slice(0, 10).join(", ")}`] : []),
      ].join("\n"),
    );

    expect(launched.status).toBe(200);
    expect(settled).toBe(true);
    expect(twice).toEqual([]);
    expect(idsTwice).toEqual([]);
    expect(missing).toEqual([]);
    expect(slowSink.messages.length).toBe(CONTACTS);
    // Every message carried the image (whatever its encoding, it is at least the image's size).
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(IMAGE_BYTES);
    expect(rows.filter((r) => r.status !== "sent")).toEqual([]);
    expect(failed).toBe(0);
    expect(unhealthy).toBe(0);
    expect(slow).toBeLessThanOrEqual(Math.max(5, Math.ceil(probes.length * 0.1)));
  }, 180_000);
});
