// The Block list API contract (docs/product.md §20): one list of the user's
// blocks and suppressions, adding (typed or imported) with a report per line,
// removal, and the CSV export's file name.
import { z } from "zod";
import { blockKinds } from "../db-enums.ts";
import {
  lineCount,
  MAX_BLOCK_ENTRIES,
  MAX_ENTRY_LENGTH,
  MAX_IMPORT_CHARACTERS,
  type SkipReason,
} from "./block-list-input.ts";
import { blockListReasons } from "./block-list-reasons.ts";

export const BLOCK_LIST_PAGE_SIZE = 50;

export const blockListQuerySchema = z.object({
  /** Matched case-insensitively anywhere in the address or domain. */
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(BLOCK_LIST_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type BlockListQuery = z.infer<typeof blockListQuerySchema>;

export const blockListItemSchema = z
  .object({
    id: z.string(),
    /** block: the user's own entry (DELETE /api/block-list/{id}); suppression: the app's (DELETE /api/block-list/suppressions/{id}). */
    list: z.enum(["block", "suppression"]),
    kind: z.enum(blockKinds),
    /** Lower-cased; a domain in its ASCII form. */
    value: z.string(),
    reason: z.enum(blockListReasons),
    /** Whether the user may take it off: blocks, hard bounces and suppressions added by hand. */
    removable: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "BlockListItem" });
export type BlockListItem = z.infer<typeof blockListItemSchema>;

export const blockListPageSchema = z
  .object({
    items: z.array(blockListItemSchema),
    /** Every item that matches the search. */
    total: z.number().int(),
  })
  .meta({ id: "BlockListPage" });
export type BlockListPage = z.infer<typeof blockListPageSchema>;

export const addBlocksInputSchema = z
  .object({
    /** Addresses, or domains as `example.com` or `@example.com` (the domain and its subdomains). */
    entries: z
      .array(z.string().max(MAX_ENTRY_LENGTH))
      .min(1, "Enter at least one address or domain")
      .max(MAX_BLOCK_ENTRIES),
  })
  .meta({ id: "AddBlocksInput" });
export type AddBlocksInput = z.infer<typeof addBlocksInputSchema>;

export const importBlocksInputSchema = z
  .object({
    /** The file's text: one address or @domain a line (the first column of a CSV), a header line optional. */
    text: z
      .string()
      .max(MAX_IMPORT_CHARACTERS)
      .refine((text) => lineCount(text) <= MAX_BLOCK_ENTRIES, {
        message: `Text must be at most ${MAX_BLOCK_ENTRIES.toLocaleString("en-US")} lines.`,
      }),
  })
  .meta({ id: "ImportBlocksInput" });
export type ImportBlocksInput = z.infer<typeof importBlocksInputSchema>;

const skipReasons = [
  "empty",
  "invalid_address",
  "invalid_domain",
  "duplicate",
  "already_blocked",
] as const satisfies readonly SkipReason[];

export const blockReportSchema = z
  .object({
    /** The entries stored, with the line (or the entry's position, from 1) they came from. */
    added: z.array(z.object({ line: z.number().int(), kind: z.enum(blockKinds), value: z.string() })),
    skipped: z.array(
      z.object({
        line: z.number().int(),
        /** The line as given (its first 100 characters). */
        input: z.string(),
        reason: z.enum(skipReasons),
        /** For a duplicate: the line it repeats. */
        duplicateOf: z.number().int().nullable(),
      }),
    ),
    /** Whether line 1 was read as a header and left out. */
    header: z.boolean(),
  })
  .meta({ id: "BlockReport" });
export type BlockReport = z.infer<typeof blockReportSchema>;

/** block-list-2026-12-07.csv (the UTC date of the export). */
export function blockListFileName(now: Date): string {
  return `block-list-${now.toISOString().slice(0, 10)}.csv`;
}

/** The export's columns; its first column reads back through Import. */
export const blockListCsvHeader = ["Address or domain", "Type", "Reason", "Added"] as const;
