// Direct compose (docs/product.md §14.2): the fields are checked in the
// order From, To, Subject, Message, and the first problem is reported with the
// spec's message. Any From address is allowed (it must still be an address).
import { z } from "zod";
import { tooLongMessage } from "../api/field-messages.ts";

/** The spec's simple email shape: something@something.something, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ComposeFields = { from: string; to: string; subject: string; message: string };

/** A Message-ID with its angle brackets, as In-Reply-To and References carry it (no spaces, no line breaks). */
const messageIdSchema = z
  .string()
  .max(998)
  .regex(/^<[^<>\s]+>$/, "A message id looks like <id@host>");

/** The longest each field may be: an address (RFC 5321), a header line (RFC 5322), a message body. */
export const COMPOSE_LIMITS = { from: 320, to: 320, subject: 998, message: 200_000 } as const;
const LABELS = { from: "From", to: "To", subject: "Subject", message: "Message" } as const;

export type ComposeProblem = { field: keyof ComposeFields; message: string };

/** The first problem in the spec's order (each field: present, shaped, not too long), or null when the email can be sent. */
export function composeProblem(fields: ComposeFields): ComposeProblem | null {
  const from = fields.from.trim();
  const to = fields.to.trim();
  const tooLong = (field: keyof ComposeFields): ComposeProblem | null =>
    fields[field].length > COMPOSE_LIMITS[field]
      ? { field, message: tooLongMessage(LABELS[field], COMPOSE_LIMITS[field]) }
      : null;
  if (!from) return { field: "from", message: "Please enter a sender email address" };
  if (!EMAIL_SHAPE.test(from)) return { field: "from", message: "Please enter a valid sender email address" };
  const fromLong = tooLong("from");
  if (fromLong) return fromLong;
  if (!to) return { field: "to", message: "Please enter a recipient email" };
  if (!EMAIL_SHAPE.test(to)) return { field: "to", message: "Please enter a valid recipient email" };
  const toLong = tooLong("to");
  if (toLong) return toLong;
  if (!fields.subject.trim()) return { field: "subject", message: "Please enter a subject" };
  const subjectLong = tooLong("subject");
  if (subjectLong) return subjectLong;
  if (!fields.message.trim()) return { field: "message", message: "Please enter email content" };
  return tooLong("message");
}

/** The first validation message in the spec's order, or null when the email can be sent. */
export function composeError(fields: ComposeFields): string | null {
  return composeProblem(fields)?.message ?? null;
}

export const composeInputSchema = z
  .object({
    from: z.string().max(COMPOSE_LIMITS.from),
    to: z.string().max(COMPOSE_LIMITS.to),
    subject: z.string().max(COMPOSE_LIMITS.subject),
    message: z.string().max(COMPOSE_LIMITS.message),
    /** Answering a message (Inbox → Reply on a reply): its Message-ID, so mail clients thread the answer under it. */
    inReplyTo: messageIdSchema.optional(),
    /** The thread's References, oldest first, ending with the message answered. */
    references: z.array(messageIdSchema).max(100).optional(),
    /** Send the text part alone (no HTML part, so no open pixel). */
    plainText: z.boolean({ error: "Plain text must be true or false" }).optional(),
  })
  .superRefine((fields, ctx) => {
    const problem = composeProblem(fields);
    if (problem) ctx.addIssue({ code: "custom", message: problem.message, path: [problem.field] });
  })
  .meta({ id: "ComposeInput" });
export type ComposeInput = z.infer<typeof composeInputSchema>;

export const composeResultSchema = z
  .object({ id: z.string(), status: z.enum(["sent", "failed"]), error: z.string().nullable() })
  .meta({ id: "ComposeResult" });
export type ComposeResult = z.infer<typeof composeResultSchema>;
