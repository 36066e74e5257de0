// The block list, read by everything that sends (as the suppression list is:
// suppressions.ts): launch leaves blocked contacts out, the claim skips a row
// whose contact was blocked after launch, Detect Emails counts them, Compose
// refuses them. A value blocks an address when it is the address itself or
// its domain or a parent domain of it (shared/block-list/block-entry.ts,
// matchCandidates); in SQL that is the same list of candidates, each an
// equality probe of the unique index (user_id, value), so the check costs a
// few index lookups per contact whatever the size of the list.
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { matchCandidates } from "#shared/block-list/block-entry.ts";
import type { BlockKind } from "#shared/db-enums.ts";
import { type Executor, queryRows } from "../db/sql-helpers.ts";

type Expr = AnyPgColumn | SQL;

/**
 * The values that would block the address in `email`, as a text[]: the
 * lower-cased address and its domain with each parent of two labels or more.
 * Contacts' addresses are ASCII (contacts.schemas.ts checks them with
 * z.email()), so lower() here agrees with matchCandidates' normalisation.
 */
export function blockCandidates(email: Expr): SQL {
  return sql`array(
    select lower(${email})
    union all
    select array_to_string(d.labels[i:], '.')
    from (select string_to_array(substring(lower(${email}) from '@([^@]*)$'), '.') as labels) d,
      generate_series(1, coalesce(cardinality(d.labels), 0) - 1) i)`;
}

/**
 * True when the address in `email` is on the block list of `userId` (set-based
 * SQL: launch, the claim). The first test, answered once for a constant
 * `userId`, spares a user without a block list the candidates of every row.
 */
export function isBlocked(userId: Expr, email: Expr): SQL {
  return sql`(exists (select 1 from block_list b0 where b0.user_id = ${userId}) and exists (
    select 1 from block_list b where b.user_id = ${userId} and b.value = any(${blockCandidates(email)})))`;
}

export type BlockingEntry = { kind: BlockKind; value: string };

/**
 * The entry that blocks `email` for the user, or null: the address itself
 * before its domain, a nearer domain before a parent. For one address typed
 * by the user (Compose), which may be written in Unicode: its candidates are
 * computed here, as the entries were.
 */
export async function blockingEntry(db: Executor, userId: string, email: string): Promise<BlockingEntry | null> {
  const candidates = matchCandidates(email.trim());
  if (candidates.length === 0) return null;
  const [row] = await queryRows<BlockingEntry>(
    db,
    sql`select kind, value from block_list
        where user_id = ${userId}
          and value = any(array(select jsonb_array_elements_text(${JSON.stringify(candidates)}::jsonb)))
        order by kind, length(value) desc
        limit 1`,
  );
  return row ?? null;
}
