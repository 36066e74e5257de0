// Direct compose: one email from any address to one recipient. As the spec's
// flow: the send row is created pending, the message is sent, the row updated —
// and a failure is written onto the row (status failed, category, the error
// JSON), never left pending. The open pixel follows the user's 'Track opens'
// setting; a plain-text email is the text part alone (no HTML, no pixel). The
// pixel is on the From domain's tracking host when one is in use.
// A recipient on the user's block list (the address or its domain) is refused
// before anything is recorded (400 on `to`).
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { blockedRecipientMessage } from "#shared/block-list/block-list-reasons.ts";
import type { ComposeInput, ComposeResult } from "#shared/compose/compose.schemas.ts";
import { buildSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { trackingBaseUrl } from "#shared/tracking-hosts/tracking-base-url.ts";
import { emailSends, senderAccounts, userSettings } from "../../db/schema/index.ts";
import { blockingEntry } from "../../domain/block-list.ts";
import { loadTrackingHostsInUse } from "../../domain/tracking-hosts-in-use.ts";
import { AppError } from "../../errors.ts";
import { trackingUrls } from "../../mail/tokens.ts";
import { createDkimKeyRing, loadSigningKeys } from "../../sending/delivery/dkim-key-ring.ts";
import { DeliveryError, type TransportFactory } from "../../sending/outgoing.ts";
import { unsavedSenderRow } from "../../sending/unsaved-sender.ts";
import { emitWebhookEvent } from "../../webhooks/emit-events.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { composeMessage } from "./compose-message.ts";

export function createComposeService({ db, config, secrets, now }: FeatureDeps, transports: TransportFactory) {
  const keyRing = createDkimKeyRing(secrets);
  return {
    async send(userId: string, input: ComposeInput): Promise<ComposeResult> {
      const from = input.from.trim();
      const to = input.to.trim();
      const blocked = await blockingEntry(db, userId, to);
      if (blocked) {
        const message = blockedRecipientMessage(blocked);
        throw new AppError("validation_error", message, { fields: { to: message } });
      }
      const [saved] = await db
        .select()
        .from(senderAccounts)
        .where(
          and(
            eq(senderAccounts.userId, userId),
            isNull(senderAccounts.campaignId),
            sql`lower(${senderAccounts.email}) = ${from.toLowerCase()}`,
          ),
        );
      const sender = saved ?? unsavedSenderRow(userId, from);
      const [prefs] = await db
        .select({ trackOpens: userSettings.trackOpens })
        .from(userSettings)
        .where(eq(userSettings.userId, userId));
      const trackOpens = prefs?.trackOpens ?? true;
      const domain = from.split("@")[1] ?? "localhost";
      // The user's own key for the From domain, if any (never another user's).
      const dkim = keyRing.signingKey(await loadSigningKeys(db, userId), from);
      const messageId = `<${randomUUID()}@${domain}>`;
      const [row] = await db
        .insert(emailSends)
        .values({
          userId,
          senderAccountId: saved?.id ?? null,
          toEmail: to,
          fromEmail: from,
          subject: input.subject,
          body: input.message,
          status: "pending",
          messageId,
        })
        .returning({ id: emailSends.id });
      const sendId = row!.id;
      try {
        const hosts = trackOpens ? await loadTrackingHostsInUse(db, userId, now?.() ?? new Date()) : [];
        const urls = trackingUrls(trackingBaseUrl(config.publicUrl, from, hosts), config.appSecret, sendId);
        const message = composeMessage(input, {
          from,
          to,
          messageId,
          openPixelUrl: trackOpens ? urls.openPixel : undefined,
        });
        await transports.forSender(sender).deliver(dkim ? { ...message, dkim } : message);
        const sentAt = new Date();
        // The send and its email.sent webhook event together (a direct email: no campaign, contact or step).
        await db.transaction(async (tx) => {
          await tx.update(emailSends).set({ status: "sent", sentAt }).where(eq(emailSends.id, sendId));
          await emitWebhookEvent(tx, {
            userId,
            type: "email.sent",
            occurredAt: sentAt,
            data: {
              sendId,
              campaignId: null,
              contactId: null,
              senderId: saved?.id ?? null,
              from,
              to,
              subject: input.subject,
              step: null,
              sentAt: sentAt.toISOString(),
            },
          });
        });
        return { id: sendId, status: "sent", error: null };
      } catch (err) {
        const failure =
          err instanceof DeliveryError ? err : new DeliveryError(String((err as Error)?.message ?? err), "other", true);
        await db
          .update(emailSends)
          .set({
            status: "failed",
            failureCategory: failure.category,
            failureReason: failure.reason,
            errorMessage: buildSendErrorMessage({
              error: failure.message,
              recipient: to,
              sender: from,
              subject: input.subject,
              timestamp: new Date(),
              category: failure.category,
              reason: failure.reason,
            }),
          })
          .where(eq(emailSends.id, sendId));
        return { id: sendId, status: "failed", error: failure.message };
      }
    },
  };
}
