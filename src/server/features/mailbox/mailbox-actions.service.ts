// The mailbox actions a user starts: Refresh (sync my mailboxes now), Restore
// a spam message to the inbox, Simulate reply (capture mode) and Test Reply
// Tracking. The sync itself runs in the worker (mailbox/mailbox-sync.ts); a web
// process only asks for it (mailbox_syncs.requested_at) and waits, bounded,
// for the worker's answer, so this works the same with --role=web.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { MailboxSyncResult, TestReplyResult } from "#shared/mailbox/mailbox-actions.schemas.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import { captureSmtpUrl } from "../../mail/system-mailer.ts";
import { TEST_REPLY_HEADER } from "../../mailbox/apply-inbound.ts";
import { ensureMailboxes, loadMailbox, MAILBOX_WORKER_PREFIX } from "../../mailbox/mailbox-sync.ts";
import { createMailboxSources } from "../../mailbox/sources.ts";
import type { FeatureDeps } from "../feature-deps.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createMailboxActionsService(deps: FeatureDeps, opts: { waitMs?: number } = {}) {
  const { db, config } = deps;
  const waitMs = opts.waitMs ?? 20_000;
  const sources = createMailboxSources({ db, config, secrets: deps.secrets, log: deps.log });

  /** Where a reply to a sender's address is sent so that it lands in its mailbox. */
  function inboundSmtpUrl(): string {
    if (config.mailDelivery === "capture") {
      if (!deps.capturePort) throw new AppError("service_unavailable", "The capture server is not running");
      return captureSmtpUrl(deps.capturePort);
    }
    if (!config.systemSmtpUrl) {
      throw new AppError("bad_request", "Test replies need SYSTEM_SMTP_URL to reach the sender's mailbox in live mode");
    }
    return config.systemSmtpUrl;
  }

  async function sendInbound(message: nodemailer.SendMailOptions): Promise<void> {
    const transport = nodemailer.createTransport(inboundSmtpUrl());
    try {
      await transport.sendMail(message);
    } catch (err) {
      throw new AppError("bad_gateway", `The reply could not be sent: ${(err as Error).message}`);
    } finally {
      transport.close();
    }
  }

  /** Asks for a sync of the user's mailboxes (or those of these senders) and waits, bounded, for it. */
  async function requestSync(userId: string, senderEmails?: string[]): Promise<MailboxSyncResult> {
    await ensureMailboxes(db, config.mailDelivery === "capture");
    const asked = new Date();
    const rows = await queryRows<{ sender_account_id: string }>(
      db,
      sql`update mailbox_syncs ms set requested_at = ${asked.toISOString()}::timestamptz
          from sender_accounts sa
          where sa.id = ms.sender_account_id and ms.user_id = ${userId}
            ${senderEmails ? sql`and lower(sa.email) in (select jsonb_array_elements_text(${JSON.stringify(senderEmails.map((e) => e.toLowerCase()))}::jsonb))` : sql``}
          returning ms.sender_account_id`,
    );
    if (rows.length === 0) {
      return {
        mailboxes: 0,
        pending: 0,
        errors: [],
        message: "No mailbox to sync: add a sender's IMAP settings or connect Gmail",
      };
    }
    const ids = JSON.stringify(rows.map((r) => r.sender_account_id));
    // Without a live worker (a web process alone) nobody will answer: the request is left for the next one.
    const [live] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from send_workers
          where id like ${`${MAILBOX_WORKER_PREFIX}%`}
            and heartbeat_at > now() - make_interval(secs => ${config.workerDeadAfterMs / 1000})`,
    );
    const until = live && live.n > 0 ? Date.now() + waitMs : 0;
    for (;;) {
      const state = await queryRows<{ email: string; done: boolean; failed: boolean; last_error: string | null }>(
        db,
        sql`select sa.email,
              coalesce(ms.last_synced_at >= ${asked.toISOString()}::timestamptz, false) as done,
              coalesce(ms.last_error_at >= ${asked.toISOString()}::timestamptz, false) as failed,
              ms.last_error
            from mailbox_syncs ms join sender_accounts sa on sa.id = ms.sender_account_id
            where ms.sender_account_id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)`,
      );
      const pending = state.filter((s) => !s.done && !s.failed).length;
      if (pending === 0 || Date.now() > until) {
        const errors = state.filter((s) => s.failed).map((s) => ({ email: s.email, error: s.last_error ?? "" }));
        const message =
          errors.length > 0
            ? `${errors.length} of ${state.length} mailboxes could not be synced`
            : pending > 0 && until === 0
              ? "No worker is running: the mailboxes will be synced when one starts"
              : pending > 0
                ? "The mailbox sync is still running; new mail will appear shortly"
                : "Mailboxes synced";
        return { mailboxes: state.length, pending, errors, message };
      }
      await sleep(250);
    }
  }

  return {
    requestSync,

    async restoreSpam(userId: string, id: string): Promise<{ message: string }> {
      if (!isUuid(id)) throw new AppError("not_found", "Spam email not found");
      const [row] = await queryRows<{
        sender_account_id: string | null;
        folder: string | null;
        source_key: string | null;
      }>(
        db,
        sql`select sender_account_id, folder, source_key from spam_emails where id = ${id}::uuid and user_id = ${userId}`,
      );
      if (!row) throw new AppError("not_found", "Spam email not found");
      if (row.sender_account_id && row.folder && row.source_key) {
        const mailbox = await loadMailbox(db, userId, row.sender_account_id);
        const source = mailbox ? sources.sourceForFolder(mailbox, row.folder, row.source_key) : undefined;
        if (source) {
          try {
            await source.restore({ folder: row.folder, sourceKey: row.source_key });
          } catch (err) {
            throw new AppError("bad_gateway", `Failed to restore email: ${(err as Error).message}`);
          } finally {
            await source.close();
          }
        }
      }
      // Back in the inbox, it is mail received: the spam row becomes a replies
      // row of kind 'received', the contact's when its sender is one of the
      // user's contacts (the Inbox shows it under that contact's Replies), else
      // the Inbox's Received list has it. One statement: of two restores at
      // once, only the one that deletes the row inserts, and the other is a 404.
      const [moved] = await queryRows<{ n: number }>(
        db,
        sql`with gone as (
              delete from spam_emails where id = ${id}::uuid and user_id = ${userId}
              returning user_id, subject, sender_email, content, received_at, message_id, sender_account_id
            ), received as (
            insert into replies (user_id, campaign_id, contact_id, contact_email, sender_email, subject, reply_content,
              message_id, replied_at, sender_account_id, kind)
            select g.user_id, c.campaign_id, c.id, g.sender_email, coalesce(sa.email, ''), g.subject, g.content,
              g.message_id, g.received_at, g.sender_account_id, 'received'
            from gone g
            left join sender_accounts sa on sa.id = g.sender_account_id
            left join lateral (
              select k.id, k.campaign_id from contacts k
              where k.user_id = g.user_id and lower(k.email) = lower(g.sender_email)
              order by k.created_at desc limit 1
            ) c on true
            on conflict (user_id, message_id) where message_id is not null do nothing
            returning id
            )
            select count(*)::int as n from gone`,
      );
      // Restored meanwhile by another request: this one restored nothing.
      if (!moved || moved.n === 0) throw new AppError("not_found", "Spam email not found");
      return { message: "Email restored to inbox" };
    },

    /** Capture mode: the prospect of a captured campaign message answers it, over SMTP, into the capture server. */
    async simulateReply(userId: string, capturedId: string): Promise<{ message: string }> {
      if (config.mailDelivery !== "capture") {
        throw new AppError("not_found", "Simulate reply is only available in capture mode (MAIL_DELIVERY=capture)");
      }
      if (!isUuid(capturedId)) throw new AppError("not_found", "Captured message not found");
      const [m] = await queryRows<{ message_id: string | null; subject: string; from_email: string; to_email: string }>(
        db,
        sql`select ce.message_id, ce.subject, es.from_email, es.to_email
            from captured_emails ce join email_sends es on es.message_id = ce.message_id and es.user_id = ${userId}
            where ce.id = ${capturedId}::uuid limit 1`,
      );
      if (!m?.message_id) throw new AppError("not_found", "Only a message one of your campaigns sent can be answered");
      await sendInbound({
        from: m.to_email,
        to: m.from_email,
        subject: /^re:/i.test(m.subject) ? m.subject : `Re: ${m.subject}`,
        inReplyTo: m.message_id,
        references: [m.message_id],
        text: `Thanks for reaching out. I'd be glad to hear more: could we talk next week?\n\n(A reply simulated by Coldreach in capture mode.)\n`,
      });
      void requestSync(userId, [m.from_email]).catch(() => {});
      return { message: "Reply sent to the capture server; it will be picked up by the next mailbox sync." };
    },

    /** Sends a marked test reply from the contact to its sender's mailbox and reports whether the sync saw it. */
    async testReply(userId: string, fields: { contactEmail: string; campaignId: string }): Promise<TestReplyResult> {
      const input = { contactEmail: fields.contactEmail.trim(), campaignId: fields.campaignId.trim() };
      const [send] = await queryRows<{ message_id: string | null; subject: string; from_email: string }>(
        db,
        sql`select es.message_id, es.subject, es.from_email from email_sends es
            join campaigns c on c.id = es.campaign_id and c.user_id = ${userId}
            where es.campaign_id = ${input.campaignId}::uuid and lower(es.to_email) = ${input.contactEmail.toLowerCase()}
              and es.status = 'sent'
            order by es.sent_at desc nulls last limit 1`,
      );
      if (!send) {
        throw new AppError("bad_request", `No email has been sent to ${input.contactEmail} in this campaign yet`);
      }
      const token = randomUUID();
      const messageId = `<test-reply-${token}@coldreach.invalid>`;
      await sendInbound({
        from: input.contactEmail,
        to: send.from_email,
        subject: `Re: ${send.subject}`,
        messageId,
        ...(send.message_id ? { inReplyTo: send.message_id, references: [send.message_id] } : {}),
        headers: { [TEST_REPLY_HEADER]: token },
        text: "A test reply sent by Coldreach's Test Reply Tracking. It changes nothing in your campaign.\n",
      });
      const sync = await requestSync(userId, [send.from_email]);
      const [seen] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from mailbox_messages where user_id = ${userId} and message_id = ${messageId}`,
      );
      if (seen && seen.n > 0) {
        return { pickedUp: true, message: `Reply tracking works: the test reply to ${send.from_email} was picked up.` };
      }
      const why = sync.errors[0]?.error ?? (sync.mailboxes === 0 ? `${send.from_email} has no mailbox to read` : "");
      return {
        pickedUp: false,
        message: `The test reply was sent to ${send.from_email} but the mailbox sync has not picked it up yet${why ? `: ${why}` : "."}`,
      };
    },
  };
}
