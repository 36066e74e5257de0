// Helpers for tests of the sending engine: a fake clock, a campaign built
// through the API, the user's sending settings, and a worker that delivers to
// an SMTP sink and can be run until the queue has nothing due.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Config } from "../../src/server/config.ts";
import { createSecretBox } from "../../src/server/crypto/secret-box.ts";
import type { Db } from "../../src/server/db/client.ts";
import { userSettings } from "../../src/server/db/schema/index.ts";
import { createLogger } from "../../src/server/logger.ts";
import { renderClaimedSend } from "../../src/server/sending/delivery/render-claimed.ts";
import { createTransportFactory } from "../../src/server/sending/delivery/transports.ts";
import type { TransportFactory } from "../../src/server/sending/outgoing.ts";
import { createSendWorker, type SendWorker } from "../../src/server/sending/worker.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "./test-app.ts";

/** A clock the test moves by hand: the engine never sleeps, the test never waits. */
export function fakeClock(start: string | Date) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (to: string | Date) => {
      current = new Date(to);
    },
    advance: (ms: number) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
export type FakeClock = ReturnType<typeof fakeClock>;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Campaign delivery into an SMTP sink through the production transport code:
 * capture mode, with the sink standing in for the capture server.
 */
export function sinkTransports(config: Config, sinkPort: number): TransportFactory {
  return createTransportFactory({
    config: { ...config, mailDelivery: "capture" },
    secrets: createSecretBox(config.appSecret),
    log: createLogger("silent"),
    capturePort: sinkPort,
    smtp: { timeoutMs: 5_000, socketTimeoutMs: 5_000 },
  });
}

export function testWorker(
  o: { db: Db; config: Config; transports: TransportFactory; clock: FakeClock },
  extra: { workerId?: string; batchSize?: number; leaseMs?: number } = {},
): SendWorker {
  return createSendWorker({
    db: o.db,
    config: o.config,
    log: createLogger("silent"),
    transports: o.transports,
    render: renderClaimedSend(o.config),
    now: o.clock.now,
    ...extra,
  });
}

/** Runs rounds until one claims nothing (what is due now has been handled). */
export async function drain(worker: SendWorker, maxRounds = 50) {
  const total = { claimed: 0, sent: 0, failed: 0, retrying: 0, recovered: 0 };
  for (let i = 0; i < maxRounds; i++) {
    const r = await worker.runOnce();
    total.claimed += r.claimed;
    total.sent += r.sent;
    total.failed += r.failed;
    total.retrying += r.retrying;
    total.recovered += r.recovered;
    if (r.claimed === 0) return total;
  }
  throw new Error("the queue did not drain");
}

export const step = (
  subject: string,
  body: string,
  delay: { amount?: number; unit?: "days" | "hours" | "minutes"; date?: string; time?: string } = {},
) => ({
  subject,
  body,
  bodyFormat: "text" as const,
  delayAmount: delay.amount ?? 0,
  delayUnit: delay.unit ?? ("days" as const),
  scheduledDate: delay.date ?? null,
  scheduledTime: delay.time ?? null,
});

export const people = (n: number, prefix = "person") =>
  Array.from({ length: n }, (_, i) => ({
    email: `${prefix}-${i + 1}@prospects.test`,
    firstName: `First${i + 1}`,
    lastName: `Last${i + 1}`,
    company: `Company ${i + 1}`,
    customFields: { city: `City ${i + 1}` },
  }));

export async function createCampaign(ctx: TestContext, cookie: string, input: Partial<CreateCampaignInput>) {
  const body: CreateCampaignInput = {
    name: "Sending test",
    description: null,
    emailColumn: "email",
    senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 50 }],
    contacts: people(2),
    sequence: [step("Hi {{firstName}}", "Hello {{firstName}} at {{company}}")],
    ...input,
  };
  const res = await ctx.request("/api/campaigns", { method: "POST", cookie, json: body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as CampaignDetail;
}

export async function launch(ctx: TestContext, cookie: string, campaignId: string) {
  const res = await ctx.request(`/api/campaigns/${campaignId}/launch`, { method: "POST", cookie });
  return { status: res.status, body: (await res.json()) as LaunchResult & { error?: { message: string } } };
}

export async function setSendingSettings(
  db: Db,
  userId: string,
  values: Partial<typeof userSettings.$inferInsert>,
): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) throw new Error("settings not stored");
}

/**
 * A queue test file's set-up: an SMTP sink, transports delivering to it, and
 * the app on a fake clock reset to `start` after each test. Registers its own
 * hooks; read the parts from the returned object inside tests.
 */
export function registerSendingHarness(clock: FakeClock, start: string) {
  const h = {} as { sink: SmtpSink; transports: TransportFactory; ctx: TestContext };
  beforeAll(async () => {
    h.sink = await startSmtpSink();
    // The app's launch route and the test's workers deliver to the sink.
    h.transports = sinkTransports(testConfig(), h.sink.port);
    h.ctx = await createTestContext({}, undefined, { transports: h.transports, now: clock.now });
  });
  afterAll(async () => {
    h.transports?.closeAll();
    await h.ctx?.close();
    await h.sink?.close();
  });
  afterEach(() => {
    h.sink.reset();
    clock.set(start);
  });
  return h;
}
