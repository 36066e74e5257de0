// Direct compose (spec part 2 §2.6, §5 Compose): the fields are checked in the
// order From, To, Subject, Message, and the first problem is reported with the
// spec's message. Any From address is allowed (it must still be an address).
import { z } from "zod";

/** The spec's simple email shape: something@something.something, no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ComposeFields = { from: string; to: string; subject: string; message: string };

/** A Message-ID with its angle brackets, as In-Reply-To and References carry it (no spaces, no line breaks). */
const messageIdSchema = z
  .string()
  .max(998)
  .regex(/^<[^<>\s]+>$/, "A message id looks like <id@host>");

/** The first validation message in the spec's order, or null when the email can be sent. */
export function composeError(fields: ComposeFields): string | null {
  const from = fields.from.trim();
  const to = fields.to.trim();
  if (!from) return "Please enter a sender email address";
  if (!EMAIL_SHAPE.test(from)) return "Please enter a valid sender email address";
  if (!to) return "Please enter a recipient email";
  if (!EMAIL_SHAPE.test(to)) return "Please enter a valid recipient email";
  if (!fields.subject.trim()) return "Please enter a subject";
  if (!fields.message.trim()) return "Please enter email content";
  return null;
}

export const composeInputSchema = z
  .object({
    from: z.string().max(320),
    to: z.string().max(320),
    subject: z.string().max(998),
    message: z.string().max(200_000),
    /** Answering a message (Inbox → Reply on a reply): its Message-ID, so mail clients thread the answer under it. */
    inReplyTo: messageIdSchema.optional(),
    /** The thread's References, oldest first, ending with the message answered. */
    references: z.array(messageIdSchema).max(100).optional(),
    /** Send the text part alone (no HTML part, so no open pixel). */
    plainText: z.boolean({ error: "Plain text must be true or false" }).optional(),
  })
  .superRefine((fields, ctx) => {
    const message = composeError(fields);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .meta({ id: "ComposeInput" });
export type ComposeInput = z.infer<typeof composeInputSchema>;

export const composeResultSchema = z
  .object({ id: z.string(), status: z.enum(["sent", "failed"]), error: z.string().nullable() })
  .meta({ id: "ComposeResult" });
export type ComposeResult = z.infer<typeof composeResultSchema>;
