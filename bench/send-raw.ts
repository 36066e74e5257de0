// The baseline: the same messages handed straight to nodemailer's pooled SMTP
// transport, with nothing else going on (no queue, no database, no
// rendering inside the timed part). What the engine is compared against.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { BodyFormat } from "#shared/db-enums.ts";
import type { Config, DkimConfig } from "../src/server/config.ts";
import type { Db } from "../src/server/db/client.ts";
import { queryRows } from "../src/server/db/sql-helpers.ts";
import { loadSendingSettings } from "../src/server/domain/sending-settings.ts";
import { renderCampaignMessage } from "../src/server/mail/render-message.ts";
import { trackingUrls } from "../src/server/mail/tokens.ts";
import { connectWithoutNagle, toMailOptions } from "../src/server/sending/delivery/smtp-transport.ts";
import type { OutgoingMessage } from "../src/server/sending/outgoing.ts";
import { cpuMeter } from "./machine.ts";
import type { SeededCampaign } from "./seed.ts";

/** The capture pool's size in transports.ts, which the engine runs with in the benchmark. */
export const POOL = { maxConnections: 5, maxMessages: 100 };

type QueueRow = {
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  custom_fields: Record<string, string>;
  sender_email: string;
  subject: string;
  body: string;
  body_format: BodyFormat;
  thread_message_id: string | null;
  thread_subject: string | null;
};

/**
 * The messages the engine will send for this campaign's due queue, rendered
 * the same way (same renderer, settings, merge data, threading, headers) with
 * fresh ids, so both sides push the same bytes over SMTP. Done before timing.
 */
export async function equivalentMessages(
  db: Db,
  config: Pick<Config, "publicUrl" | "appSecret">,
  c: SeededCampaign,
): Promise<OutgoingMessage[]> {
  const settings = await loadSendingSettings(db, c.userId);
  const [account] = await queryRows<{ name: string }>(
    db,
    sql`select coalesce(nullif(full_name, ''), name) as name from "user" where id = ${c.userId}`,
  );
  const rows = await queryRows<QueueRow>(
    db,
    sql`select ct.email, ct.first_name, ct.last_name, ct.company, ct.custom_fields, sa.email as sender_email,
               q.subject, q.body, q.body_format, t.message_id as thread_message_id, t.subject as thread_subject
        from scheduled_emails se
        join contacts ct on ct.id = se.contact_id
        join email_sequences q on q.id = se.sequence_id
        join sender_accounts sa on sa.id = se.sender_account_id
        left join email_sends t on t.contact_id = se.contact_id and q.step_number > 1 and t.sequence_id = ${c.stepIds[0]}::uuid
        where se.campaign_id = ${c.campaignId}::uuid and se.status = 'scheduled'
        order by se.scheduled_for, se.id`,
  );
  return rows.map((r) => {
    return renderCampaignMessage({
      tracking: trackingUrls(config.publicUrl, config.appSecret, randomUUID()),
      step: { subject: r.subject, body: r.body, bodyFormat: r.body_format },
      contact: {
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        company: r.company,
        customFields: r.custom_fields ?? {},
      },
      senderEmail: r.sender_email,
      user: { fullName: account?.name },
      settings,
      thread: r.thread_message_id ? { messageId: r.thread_message_id, subject: r.thread_subject ?? "" } : undefined,
      sendAs: "html",
      trackOpens: true,
    });
  });
}

export type RawRun = {
  seconds: number;
  /** CPU time of this process (user + system) during the run, ms. */
  cpuMs: number;
  /** CPU time of the whole machine during the run, ms (cpuMeter): nodemailer and the sink. */
  machineCpuMs: number;
  sent: number;
};

/**
 * Sends every message through one pooled transport, all queued at once (the
 * pool keeps its connections busy), and waits for the last reply.
 * `noDelay` uses the engine's socket hook (TCP_NODELAY); without it,
 * nodemailer's default socket.
 */
export async function runRaw(o: {
  port: number;
  messages: readonly OutgoingMessage[];
  dkim: DkimConfig | undefined;
  noDelay: boolean;
}): Promise<RawRun> {
  const domain = o.dkim?.domains[0];
  const options: SMTPPool.Options = {
    host: "127.0.0.1",
    port: o.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    ...POOL,
    ...(o.noDelay ? { getSocket: connectWithoutNagle as SMTPPool.Options["getSocket"] } : {}),
    ...(o.dkim && domain
      ? { dkim: { domainName: domain, keySelector: o.dkim.selector, privateKey: o.dkim.privateKey } }
      : {}),
  };
  const transporter = nodemailer.createTransport(options);
  try {
    const started = performance.now();
    const cpu = cpuMeter();
    const results = await Promise.allSettled(o.messages.map((m) => transporter.sendMail(toMailOptions(m))));
    const seconds = (performance.now() - started) / 1000;
    const used = cpu.stop();
    const failed = results.filter((r) => r.status === "rejected");
    if (failed.length > 0) {
      throw new Error(
        `raw nodemailer: ${failed.length} sends failed, e.g. ${(failed[0] as PromiseRejectedResult).reason}`,
      );
    }
    return { seconds, ...used, sent: results.length };
  } finally {
    transporter.close();
  }
}
