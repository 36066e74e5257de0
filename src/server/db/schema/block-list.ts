/**
 * The block list: addresses and whole domains a user never wants emailed,
 * typed in or imported (the suppression list beside it is filled by the app:
 * unsubscribes, hard bounces, complaints). `value` is stored normalised
 * (shared/block-list/block-entry.ts: lower-cased, the domain in its ASCII
 * form), so "is this address blocked?" is a few probes of the unique index
 * (user_id, value): the address itself and each parent domain of its domain.
 */
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { blockKinds, blockSources } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, descending, id, isOneOf } from "./columns.ts";

export const blockList = pgTable(
  "block_list",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: blockKinds }).notNull(),
    value: text("value").notNull(),
    source: text("source", { enum: blockSources }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("block_list_user_value_unique").on(t.userId, t.value),
    // The Block list screen: newest first.
    index("block_list_user_created_idx").on(t.userId, descending(t.createdAt)),
    check("block_list_kind_check", isOneOf(t.kind, blockKinds)),
    check("block_list_source_check", isOneOf(t.source, blockSources)),
  ],
);

export type BlockListRow = typeof blockList.$inferSelect;
