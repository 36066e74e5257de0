// The Block list screen's use cases (docs/product.md §20): the user's blocks and
// suppressions as one list, adding entries (typed or from a file) with a report
// per line, removing, and the CSV export. Every statement is scoped to the
// signed-in user: another user's entry is "not found", like a missing one.
import { sql } from "drizzle-orm";
import {
  type BlockListItem,
  type BlockListPage,
  type BlockListQuery,
  type BlockReport,
  blockListCsvHeader,
} from "#shared/block-list/block-list.schemas.ts";
import { fileLines, type InputLine, numbered, planEntries } from "#shared/block-list/block-list-input.ts";
import {
  type BlockListReason,
  blockListReasonLabels,
  isRemovableSuppression,
  removableSuppressions,
  suppressionKept,
} from "#shared/block-list/block-list-reasons.ts";
import { CSV_BOM, csvRecord } from "#shared/contacts/contacts-csv.ts";
import type { BlockKind, BlockSource, SuppressionReason } from "#shared/db-enums.ts";
import type { Db } from "../../db/client.ts";
import { queryRows } from "../../db/sql-helpers.ts";
import { containsPattern } from "../../db/text-search.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";

type ItemRow = {
  list: "block" | "suppression";
  id: string;
  kind: BlockKind;
  value: string;
  reason: BlockListReason;
  created_at: Date | string;
  total: number;
};

const removableReasons = sql.raw(removableSuppressions.map((r) => `'${r}'`).join(", "));

/** Blocks and suppressions as one relation (list, kind, value, reason, removable, created_at), for the user. */
function everyItem(userId: string) {
  return sql`(
    select 'block' as list, b.id, b.kind, b.value,
      case when b.source = 'import' then 'imported' else 'blocked' end as reason, true as removable, b.created_at
    from block_list b where b.user_id = ${userId}
    union all
    select 'suppression', s.id, 'address', lower(s.email), s.reason, s.reason in (${removableReasons}), s.created_at
    from suppressions s where s.user_id = ${userId}
  )`;
}

function toItem(row: ItemRow & { removable: boolean }): BlockListItem {
  return {
    id: row.id,
    list: row.list,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    removable: row.removable,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function createBlockListService(db: Db) {
  /**
   * Stores the planned entries in ONE statement (the batch travels as one
   * jsonb parameter); a value the user already has is not stored again and
   * is reported as already blocked.
   */
  async function add(userId: string, lines: InputLine[], source: BlockSource, header = false): Promise<BlockReport> {
    const plan = planEntries(lines);
    const batch = plan.entries.map((p) => ({ line: p.line, kind: p.entry.kind, value: p.entry.value }));
    const stored =
      batch.length === 0
        ? []
        : await queryRows<{ value: string }>(
            db,
            sql`
            insert into block_list (user_id, kind, value, source)
            select ${userId}, e.kind, e.value, ${source}
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as e(line int, kind text, value text)
            order by e.line
            on conflict (user_id, value) do nothing
            returning value`,
          );
    const added = new Set(stored.map((r) => r.value));
    const already = plan.entries
      .filter((p) => !added.has(p.entry.value))
      .map((p) => ({ line: p.line, input: p.input, reason: "already_blocked" as const, duplicateOf: null }));
    return {
      added: batch.filter((e) => added.has(e.value)),
      skipped: [...plan.skipped, ...already].sort((a, b) => a.line - b.line),
      header,
    };
  }

  return {
    /** A page of blocks and suppressions, newest first, with the total that matches the search. */
    async list(userId: string, query: BlockListQuery): Promise<BlockListPage> {
      const term = query.search ? containsPattern(query.search.toLowerCase()) : null;
      const where = term ? sql`where x.value like ${term}` : sql``;
      const rows = await queryRows<ItemRow & { removable: boolean }>(
        db,
        sql`select x.*, count(*) over ()::int as total from ${everyItem(userId)} x ${where}
            order by x.created_at desc, x.value, x.id
            limit ${query.limit} offset ${query.offset}`,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && query.offset > 0) {
        const [count] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from ${everyItem(userId)} x ${where}`,
        );
        total = count?.n ?? 0;
      }
      return { items: rows.map(toItem), total };
    },

    /** Entries typed in (Add), numbered from 1 in the report. */
    addTyped: (userId: string, entries: string[]) => add(userId, numbered(entries), "manual"),

    /** A file's lines (Import), by line number; a header line is left out and said so. */
    importFile(userId: string, text: string) {
      const { lines, header } = fileLines(text);
      return add(userId, lines, "import", header);
    },

    async remove(userId: string, id: string): Promise<void> {
      const deleted = isUuid(id)
        ? await queryRows(db, sql`delete from block_list where id = ${id}::uuid and user_id = ${userId} returning 1`)
        : [];
      if (deleted.length === 0) throw new AppError("not_found", "Block list entry not found");
    },

    /**
     * Lifts a suppression the user may lift (a hard bounce, one added by
     * hand); an unsubscribe or a complaint stays (409). Contacts already
     * marked bounced keep their status: what was sent stays as it was.
     */
    async removeSuppression(userId: string, id: string): Promise<void> {
      const [row] = isUuid(id)
        ? await queryRows<{ reason: SuppressionReason }>(
            db,
            sql`select reason from suppressions where id = ${id}::uuid and user_id = ${userId}`,
          )
        : [];
      if (!row) throw new AppError("not_found", "Block list entry not found");
      if (!isRemovableSuppression(row.reason)) {
        throw new AppError("conflict", suppressionKept[row.reason] ?? "This address stays on the list.", {
          reason: row.reason,
        });
      }
      await db.execute(sql`delete from suppressions where id = ${id}::uuid and user_id = ${userId}`);
    },

    /** Every block and suppression as CSV (RFC 4180, UTF-8 with BOM, formula-looking cells made text), newest first. */
    async csv(userId: string): Promise<string> {
      const rows = await queryRows<ItemRow>(
        db,
        sql`select x.* from ${everyItem(userId)} x order by x.created_at desc, x.value, x.id`,
      );
      return (
        CSV_BOM +
        csvRecord(blockListCsvHeader) +
        rows
          .map((r) =>
            csvRecord([r.value, r.kind, blockListReasonLabels[r.reason], new Date(r.created_at).toISOString()]),
          )
          .join("")
      );
    },
  };
}

export type BlockListService = ReturnType<typeof createBlockListService>;
