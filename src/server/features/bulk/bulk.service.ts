// Email in Bulk (docs/product.md §12). Two ways to send, chosen by
// the user's settings:
// - webhook: the user set an automation webhook URL; the server posts the
//   spec's bulk payload to it, signed (X-Coldreach-Signature), through the
//   SSRF-guarded client, and judges the answer by its status alone;
// - engine: no webhook; the send becomes a real campaign (one step, the
//   contacts, the listed addresses' SAVED sender accounts) created in one
//   transaction by the campaigns service and launched by the launch service,
//   so round-robin, limits, sending window, suppressions, the block list,
//   tracking and unsubscribe all apply. A launch that fails leaves no campaign behind.
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BulkDelivery, BulkPayload, BulkSendRequest, BulkSendResult } from "#shared/bulk/bulk.schemas.ts";
import { BULK_SIGNATURE_HEADER, BULK_TIMESTAMP_HEADER, bulkMessages } from "#shared/bulk/bulk-messages.ts";
import { bulkSendError } from "#shared/bulk/send-validation.ts";
import { webhookHost } from "#shared/bulk/webhook-url.ts";
import { type ContactInput, contactInputSchema } from "#shared/contacts/contacts.schemas.ts";
import { campaigns, scheduledEmails, senderAccounts, userSettings } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { sanitizeSequence } from "../../html/sanitize-email-html.ts";
import { postWebhook, WebhookError } from "../../http/guarded-webhook.ts";
import { createCampaignsService } from "../campaigns/campaigns.service.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { canSendThrough } from "../senders/sender-dto.ts";
import { createLaunchService } from "../sending/launch.service.ts";
import { bulkWebhookSecret, signBulkBody } from "./webhook-signing.ts";

export function createBulkService(deps: FeatureDeps) {
  const { db, config, log } = deps;
  const campaignsService = createCampaignsService(deps, sanitizeSequence);
  const launcher = createLaunchService(deps);

  async function webhookUrlOf(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ url: userSettings.automationWebhookUrl })
      .from(userSettings)
      .where(eq(userSettings.userId, userId));
    return row?.url?.trim() || null;
  }

  async function sendToWebhook(userId: string, url: string, input: BulkSendRequest): Promise<BulkSendResult> {
    const timestamp = new Date().toISOString();
    const payload: BulkPayload = {
      campaignName: input.campaignName.trim(),
      campaignDescription: input.campaignDescription.trim(),
      senderEmails: input.senderEmails,
      contacts: input.contacts,
      totalContacts: input.contacts.length,
      totalSenderEmails: input.senderEmails.length,
      timestamp,
    };
    // Signed and sent as these exact bytes.
    const body = JSON.stringify(payload);
    const host = webhookHost(url);
    const signature = signBulkBody(bulkWebhookSecret(config.appSecret, userId), body);
    let status: number;
    try {
      const response = await postWebhook(
        url,
        body,
        {
          "content-type": "application/json",
          "user-agent": "Coldreach-Webhook/1",
          [BULK_SIGNATURE_HEADER]: signature,
          [BULK_TIMESTAMP_HEADER]: timestamp,
        },
        { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate },
      );
      status = response.status;
    } catch (err) {
      if (!(err instanceof WebhookError)) throw err;
      log.warn({ userId, host, reason: err.reason, error: err.message }, "bulk webhook not reached");
      if (err.reason === "address_not_allowed") {
        throw new AppError("bad_request", bulkMessages.webhookNotAllowed, { reason: err.reason });
      }
      if (err.reason === "invalid_url") {
        throw new AppError("bad_request", `The automation webhook URL in Settings is not usable: ${err.message}.`, {
          reason: err.reason,
        });
      }
      throw new AppError("bad_gateway", bulkMessages.sendError, { reason: err.reason });
    }
    if (status < 200 || status >= 300) {
      log.warn({ userId, host, status }, "bulk webhook answered with an error status");
      throw new AppError("bad_gateway", bulkMessages.sendFailed, { reason: "webhook_status", status });
    }
    log.info({ userId, host, status, contacts: payload.totalContacts }, "bulk payload posted to webhook");
    return {
      mode: "webhook",
      processed: payload.totalContacts,
      campaignId: null,
      suppressed: 0,
      blocked: 0,
      invalid: 0,
    };
  }

  /** The user's saved senders for the listed addresses, in the list's order, or a 400 naming the first missing one. */
  async function savedSendersFor(userId: string, emails: readonly string[]) {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const rows = await db
      .select()
      .from(senderAccounts)
      .where(
        and(
          eq(senderAccounts.userId, userId),
          isNull(senderAccounts.campaignId),
          inArray(sql`lower(${senderAccounts.email})`, wanted),
        ),
      );
    const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), r]));
    const missing = emails.find((e) => !byEmail.has(e.trim().toLowerCase()));
    if (missing !== undefined) throw new AppError("bad_request", bulkMessages.noSavedSender(missing.trim()));
    const matched = emails.map((e) => byEmail.get(e.trim().toLowerCase())!);
    // In live mode a sender needs a connection; refused here, before anything is created.
    const blocked = matched.filter((s) => !canSendThrough(s, config.mailDelivery));
    if (blocked.length > 0) {
      throw new AppError(
        "bad_request",
        `Sender account ${blocked.map((s) => s.email).join(", ")} has no SMTP connection. Add it on the Senders page, then send again.`,
      );
    }
    return matched;
  }

  /** CSV contacts → campaign contacts; an address the campaign could not send to is counted and left out. */
  function campaignContacts(input: BulkSendRequest) {
    const list: ContactInput[] = [];
    let invalid = 0;
    for (const { email, firstName, lastName, company, ...columns } of input.contacts) {
      const customFields: Record<string, string> = {};
      for (const [key, value] of Object.entries(columns)) if (typeof value === "string") customFields[key] = value;
      const parsed = contactInputSchema.safeParse({ email, firstName, lastName, company, customFields });
      if (parsed.success) list.push(parsed.data);
      else invalid++;
    }
    return { list, invalid };
  }

  async function sendThroughEngine(userId: string, input: BulkSendRequest): Promise<BulkSendResult> {
    const problem = bulkSendError(input, "engine");
    if (problem) {
      const field = problem === bulkMessages.subjectRequired ? "subject" : "message";
      throw new AppError("validation_error", problem, { fields: { [field]: problem } });
    }
    const senders = await savedSendersFor(userId, input.senderEmails);
    const contacts = campaignContacts(input);
    if (contacts.list.length === 0) throw new AppError("bad_request", bulkMessages.noDeliverableContacts);

    // One transaction: campaign, its senders (copies of the saved ones), the step and the contacts.
    const created = await campaignsService.create(userId, {
      name: input.campaignName.trim(),
      description: input.campaignDescription.trim() || null,
      emailColumn: "email",
      senderAccounts: senders.map((s) => ({
        email: s.email,
        provider: s.provider,
        dailyLimit: s.dailyLimit,
        savedSenderId: s.id,
      })),
      contacts: contacts.list,
      sequence: [
        {
          subject: input.subject,
          body: input.message,
          bodyFormat: "text",
          delayAmount: 0,
          delayUnit: "days",
          scheduledDate: null,
          scheduledTime: null,
        },
      ],
    });
    const campaignId = created.campaign.id;

    try {
      const launched = await launcher.launch(userId, campaignId);
      return {
        mode: "engine",
        processed: launched.scheduled,
        campaignId,
        suppressed: launched.suppressed,
        blocked: launched.blocked,
        invalid: contacts.invalid,
      };
    } catch (err) {
      const [row] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId));
      if (row?.status === "draft") {
        // The launch did not happen: nothing may remain of this send.
        await campaignsService.remove(userId, campaignId);
        throw err;
      }
      // Queued before the failure: the worker sends the rest. Reporting an error
      // would invite a second send of the same list.
      log.error({ err, userId, campaignId }, "bulk launch failed after queueing");
      const [queued] = await db
        .select({ n: count() })
        .from(scheduledEmails)
        .where(eq(scheduledEmails.campaignId, campaignId));
      return {
        mode: "engine",
        processed: queued?.n ?? 0,
        campaignId,
        suppressed: 0,
        blocked: 0,
        invalid: contacts.invalid,
      };
    }
  }

  return {
    async delivery(userId: string): Promise<BulkDelivery> {
      const url = await webhookUrlOf(userId);
      return {
        mode: url ? "webhook" : "engine",
        webhookHost: url ? webhookHost(url) : null,
        signingSecret: bulkWebhookSecret(config.appSecret, userId),
      };
    },

    async send(userId: string, input: BulkSendRequest): Promise<BulkSendResult> {
      const url = await webhookUrlOf(userId);
      return url ? sendToWebhook(userId, url, input) : sendThroughEngine(userId, input);
    },
  };
}
