// For the mailbox sync's tests: a sending window open all week (so a launch
// sends at once), and one sync round over every mailbox, as a worker runs it.
import { sql } from "drizzle-orm";
import { createSecretBox } from "../../src/server/crypto/secret-box.ts";
import type { Db } from "../../src/server/db/client.ts";
import { createLogger } from "../../src/server/logger.ts";
import { createMailboxSync, type MailboxSync, type MailboxSyncOptions } from "../../src/server/mailbox/mailbox-sync.ts";
import { createMailboxSources } from "../../src/server/mailbox/sources.ts";
import { setSendingSettings } from "./sending-fixtures.ts";
import type { TestContext } from "./test-app.ts";

export function sendAnyTime(db: Db, userId: string): Promise<void> {
  return setSendingSettings(db, userId, {
    timezone: "UTC",
    sendTimeStart: "00:00",
    sendTimeEnd: "23:59",
    sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
  });
}

/** A mailbox sync worker on the app's database, with the production sources (capture mode: all senders). */
export function mailboxSyncer(ctx: TestContext, options: Partial<MailboxSyncOptions> = {}): MailboxSync {
  const db = ctx.database.db;
  const log = createLogger("silent");
  return createMailboxSync({
    db,
    log,
    sourcesFor: createMailboxSources({ db, config: ctx.config, secrets: createSecretBox(ctx.config.appSecret), log })
      .sourcesFor,
    captureMode: true,
    intervalMs: 60_000,
    ...options,
  });
}

/**
 * Makes every mailbox due now and runs rounds until each has been synced once
 * (a round claims at most the worker's concurrency, 4); the worker then leaves
 * (no heartbeat left behind). Returns the totals.
 */
export async function syncMailboxesNow(ctx: TestContext, options: Partial<MailboxSyncOptions> = {}) {
  await ctx.database.db.execute(sql`update mailbox_syncs set next_sync_at = now() - interval '1 second'`);
  const once = mailboxSyncer(ctx, options);
  const total = { mailboxes: 0, messages: 0 };
  try {
    for (let round = 0; round < 100; round++) {
      const r = await once.runOnce();
      total.mailboxes += r.mailboxes;
      total.messages += r.messages;
      if (r.mailboxes === 0) return total;
    }
    throw new Error("syncMailboxesNow: mailboxes still due after 100 rounds");
  } finally {
    await once.releaseAll();
  }
}
