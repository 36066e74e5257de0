// Capture mode's outbox: messages the capture SMTP server stored, newest first,
// each shown whole from its stored raw source: headers in order, every MIME
// part, attachments and calendar invites (decoded by mailparser, downloadable).
import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import { type Attachment, simpleParser } from "mailparser";
import { mimeStructure, parseHeaderBlock, splitMessage } from "#shared/outbox/mime-structure.ts";
import type { OutboxAttachment, OutboxList, OutboxMessage, OutboxPart } from "#shared/outbox/outbox.schemas.ts";
import { withInertOpenPixels } from "#shared/tracking/inert-open-pixels.ts";
import type { Db } from "../../db/client.ts";
import { type CapturedEmail, capturedEmails, emailSends } from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import { inviteSummary } from "./invite-summary.ts";

const summaryColumns = {
  id: capturedEmails.id,
  from: capturedEmails.fromAddress,
  to: capturedEmails.toAddresses,
  subject: capturedEmails.subject,
  receivedAt: capturedEmails.receivedAt,
};

const CALENDAR_TYPES = new Set(["text/calendar", "application/ics"]);

/** File name extensions for attachments that carry no name of their own. */
const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/zip": "zip",
  "application/json": "json",
  "message/rfc822": "eml",
  "text/plain": "txt",
  "text/html": "html",
  "text/csv": "csv",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
};

/** A downloadable attachment: the decoded bytes and what to call them. */
export type AttachmentFile = { filename: string; contentType: string; content: Buffer };

/** The attachment's own Content-Type parameter, when it is a plain token (it goes into a response header). */
function typeParam(attachment: Attachment, name: string): string | null {
  const header = attachment.headers.get("content-type") as { params?: Record<string, string> } | undefined;
  const value = header?.params?.[name];
  return typeof value === "string" && /^[\w.:+-]{1,64}$/.test(value) ? value : null;
}

function isCalendar(attachment: Attachment): boolean {
  return CALENDAR_TYPES.has(attachment.contentType.toLowerCase());
}

/** The part's own file name, else invite.ics for an invite, else attachment-N with an extension for its type. */
function fileName(attachment: Attachment, index: number): string {
  const own = attachment.filename?.trim();
  if (own) return own;
  if (isCalendar(attachment)) return "invite.ics";
  const extension = EXTENSIONS[attachment.contentType.toLowerCase()] ?? "bin";
  return `attachment-${index + 1}.${extension}`;
}

/** The Content-Type to serve it with: its type with the charset (and an invite's method) it was sent with. */
function servedType(attachment: Attachment): string {
  const type = attachment.contentType.toLowerCase();
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(type)) return "application/octet-stream";
  const params = ["charset", ...(isCalendar(attachment) ? ["method"] : [])]
    .map((name) => [name, typeParam(attachment, name)] as const)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `; ${name}=${value}`);
  return type + params.join("");
}

function describeAttachment(attachment: Attachment, index: number, all: Attachment[]): OutboxAttachment {
  const calendar = isCalendar(attachment);
  const invite = calendar ? inviteSummary(attachment.content.toString("utf8")) : null;
  const duplicateOf = all.findIndex(
    (other, i) => i < index && isCalendar(other) === calendar && other.content.equals(attachment.content),
  );
  return {
    index,
    filename: fileName(attachment, index),
    contentType: attachment.contentType.toLowerCase(),
    size: attachment.size ?? attachment.content.length,
    isInvite: calendar,
    method: calendar ? (typeParam(attachment, "method")?.toUpperCase() ?? invite?.method ?? null) : null,
    invite,
    duplicateOf: duplicateOf >= 0 ? duplicateOf : null,
  };
}

/**
 * The attachments mailparser decodes from the source (calendar alternatives
 * included). A source it cannot read has none: the message is still shown,
 * with its raw source.
 */
async function attachmentsOf(raw: string): Promise<Attachment[]> {
  try {
    const parsed = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, keepCidLinks: true });
    return parsed.attachments;
  } catch {
    return [];
  }
}

export function createOutboxService(db: Db) {
  async function find(id: string): Promise<CapturedEmail> {
    const [row] = isUuid(id) ? await db.select().from(capturedEmails).where(eq(capturedEmails.id, id)) : [];
    if (!row) throw new AppError("not_found", "Message not found");
    return row;
  }

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
      const row = await find(id);
      const [sent, attachments] = await Promise.all([
        row.messageId
          ? db
              .select({ id: emailSends.id })
              .from(emailSends)
              .where(and(eq(emailSends.messageId, row.messageId), isNotNull(emailSends.campaignId)))
              .limit(1)
          : Promise.resolve([]),
        attachmentsOf(row.raw),
      ]);
      const attachmentByPart = new Map(attachments.map((a, index) => [a.partId ?? "", index]));
      const parts: OutboxPart[] = mimeStructure(row.raw).map((part) => ({
        ...part,
        attachmentIndex: attachmentByPart.get(part.partId) ?? null,
      }));
      // The page shows the HTML in a frame, where the pixel would load and
      // count as the recipient's open (src/shared/tracking/inert-open-pixels.ts).
      const html = row.htmlBody === null ? null : withInertOpenPixels(row.htmlBody);
      return {
        id: row.id,
        from: row.fromAddress,
        to: row.toAddresses,
        subject: row.subject,
        receivedAt: row.receivedAt.toISOString(),
        messageId: row.messageId,
        campaignMessage: sent[0] !== undefined,
        html: html?.html ?? null,
        openPixelHidden: (html?.replaced ?? 0) > 0,
        text: row.textBody,
        headers: (row.headers ?? {}) as Record<string, string>,
        headerLines: parseHeaderBlock(splitMessage(row.raw).header),
        parts,
        attachments: attachments.map((a, index) => describeAttachment(a, index, attachments)),
        rawSize: Buffer.byteLength(row.raw, "utf8"),
      };
    },

    /** One attachment's decoded bytes; `index` as listed in the message's attachments. */
    async attachment(id: string, index: string): Promise<AttachmentFile> {
      const row = await find(id);
      const position = /^\d{1,6}$/.test(index) ? Number(index) : -1;
      const attachment = position >= 0 ? (await attachmentsOf(row.raw))[position] : undefined;
      if (!attachment) throw new AppError("not_found", "Attachment not found");
      return {
        filename: fileName(attachment, position),
        contentType: servedType(attachment),
        content: attachment.content,
      };
    },

    /** The message exactly as the capture server stored it. */
    async raw(id: string): Promise<{ source: string; subject: string }> {
      const row = await find(id);
      return { source: row.raw, subject: row.subject };
    },

    async clear(): Promise<void> {
      await db.delete(capturedEmails);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
