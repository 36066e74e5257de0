// A template's stored data is JSON ({ sequence: [...] }) that may come from an
// older version or another tool. Reading it never fails: a readable sequence is
// normalised to today's step shape (its A/B variants kept); anything else reads as an empty sequence,
// which the web reports as 'Template data is corrupted or incomplete'.
import { z } from "zod";
import { bodyFormats, delayUnits } from "../db-enums.ts";
import { MAX_SEQUENCE_STEPS, type SequenceStepInput, sequenceStepInputSchema } from "../sequences/sequence.schemas.ts";
import { extraVariantsSchema, normaliseVariants } from "../sequences/step-variants.ts";

const looksLikeHtml = /<\/?(p|br|div|strong|em|b|i|u|s|ul|ol|li|a|span|h[1-6]|blockquote|img)\b/i;

const storedStepSchema = z
  .object({
    subject: z.string(),
    body: z.string(),
    bodyFormat: z.enum(bodyFormats).optional().catch(undefined),
    delayAmount: z.number().int().min(0).optional().catch(undefined),
    /** The draft's name for delayAmount (templates saved from a draft). */
    delay: z.coerce.number().int().min(0).optional().catch(undefined),
    delayUnit: z.enum(delayUnits).optional().catch(undefined),
    scheduledDate: z.iso.date().nullable().optional().catch(null),
    scheduledTime: sequenceStepInputSchema.shape.scheduledTime.optional().catch(null),
    /** A/B variants B–E (templates saved before them have none; unreadable ones read as none). */
    variants: extraVariantsSchema.optional().catch(undefined),
  })
  .transform(
    (s): SequenceStepInput => ({
      subject: s.subject,
      body: s.body,
      bodyFormat: s.bodyFormat ?? (looksLikeHtml.test(s.body) ? "html" : "text"),
      delayAmount: s.delayAmount ?? s.delay ?? 0,
      delayUnit: s.delayUnit ?? "days",
      scheduledDate: s.scheduledDate ?? null,
      scheduledTime: s.scheduledDate ? (s.scheduledTime ?? null) : null,
      ...(s.variants?.length ? { variants: normaliseVariants(s.variants) } : {}),
    }),
  );

const storedDataSchema = z.object({ sequence: z.array(storedStepSchema).max(MAX_SEQUENCE_STEPS) });

/** The template's steps, or [] when the stored data holds no readable sequence. */
export function readTemplateSequence(data: unknown): SequenceStepInput[] {
  const parsed = storedDataSchema.safeParse(data);
  if (!parsed.success) return [];
  // Length limits and the like: a step the API would not accept makes the whole sequence unusable.
  const valid = z.array(sequenceStepInputSchema).safeParse(parsed.data.sequence);
  return valid.success ? valid.data : [];
}

/** What is stored in email_templates.template_data. */
export function toTemplateData(sequence: SequenceStepInput[]): { sequence: SequenceStepInput[] } {
  return { sequence };
}
