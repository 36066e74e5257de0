// Email templates: a saved sequence with a name, optional description and tags.
import { z } from "zod";
import { sequenceStepInputSchema, withBodySizeCheck, withSpintaxCheck } from "../sequences/sequence.schemas.ts";

export const templateInputSchema = z
  .object({
    name: z.string().trim().min(1, "Template name is required").max(200),
    description: z.string().trim().max(2000).nullable().optional(),
    campaignName: z.string().trim().max(200).nullable().optional(),
    /** Trimmed and de-duplicated by the server too. */
    tags: z.array(z.string().trim().max(50)).max(20).default([]),
    sequence: withSpintaxCheck(withBodySizeCheck(z.array(sequenceStepInputSchema).min(1, "No email sequence to save"))),
  })
  .meta({ id: "TemplateInput" });
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const templateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    campaignName: z.string().nullable(),
    tags: z.array(z.string()),
    sequence: z.array(sequenceStepInputSchema),
    updatedAt: z.string(),
  })
  .meta({ id: "Template" });
export type Template = z.infer<typeof templateSchema>;

export const templateListSchema = z.object({ templates: z.array(templateSchema) }).meta({ id: "TemplateList" });
export const templateListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  tag: z.string().max(50).optional(),
});

/** Trims tags, drops empty ones and repeats (case-insensitive), keeping the first spelling. */
export function normalizeTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}
