// Capture mode's outbox: messages the capture SMTP server stored, newest first.
import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { OutboxList, OutboxMessage } from "#shared/outbox/outbox.schemas.ts";
import type { Db } from "../../db/client.ts";
import { capturedEmails, emailSends } from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

const summaryColumns = {
  id: capturedEmails.id,
  from: capturedEmails.fromAddress,
  to: capturedEmails.toAddresses,
  subject: capturedEmails.subject,
  receivedAt: capturedEmails.receivedAt,
};

export function createOutboxService(db: Db) {
  return {
    async list(opts: { limit: number; before?: string }): Promise<OutboxList> {
      const rows = await db
        .select(summaryColumns)
        .from(capturedEmails)
        .where(opts.before ? lt(capturedEmails.receivedAt, new Date(opts.before)) : undefined)
        .orderBy(desc(capturedEmails.receivedAt))
        .limit(opts.limit + 1);
      const page = rows.slice(0, opts.limit);
      const last = page.at(-1);
      return {
        messages: page.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })),
        nextBefore: rows.length > opts.limit && last ? last.receivedAt.toISOString() : null,
      };
    },

    async get(id: string): Promise<OutboxMessage> {
      const [row] = isUuid(id) ? await db.select().from(capturedEmails).where(eq(capturedEmails.id, id)) : [];
      if (!row) throw new AppError("not_found", "Message not found");
      const [sent] = row.messageId
        ? await db
            .select({ id: emailSends.id })
            .from(emailSends)
            .where(and(eq(emailSends.messageId, row.messageId), isNotNull(emailSends.campaignId)))
            .limit(1)
        : [];
      return {
        id: row.id,
        from: row.fromAddress,
        to: row.toAddresses,
        subject: row.subject,
        receivedAt: row.receivedAt.toISOString(),
        messageId: row.messageId,
        campaignMessage: sent !== undefined,
        html: row.htmlBody,
        text: row.textBody,
        headers: (row.headers ?? {}) as Record<string, string>,
      };
    },

    async clear(): Promise<void> {
      await db.delete(capturedEmails);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
