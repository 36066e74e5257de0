// A lead's status (docs/product.md §24): set by the user, read with its
// history. A lead is an address among the user's contacts (any campaign): an
// address the user has no contact at is not found, whoever else has one.
import { sql } from "drizzle-orm";
import type { LeadStatus, LeadStatusSource } from "#shared/db-enums.ts";
import {
  LEAD_HISTORY_LIMIT,
  type LeadStatusDto,
  type LeadStatusHistory,
} from "#shared/lead-status/lead-status.schemas.ts";
import type { Db } from "../../db/client.ts";
import { type Executor, queryRows } from "../../db/sql-helpers.ts";
import { applyLeadStatusChanges } from "../../domain/lead-status.ts";
import { AppError } from "../../errors.ts";

type LeadRow = {
  known: boolean;
  status: LeadStatus | null;
  suggested: boolean | null;
  source: LeadStatusSource | null;
  updated_at: Date | string | null;
};

type ChangeRow = {
  id: string;
  from_status: LeadStatus | null;
  to_status: LeadStatus;
  source: LeadStatusSource;
  suggested: boolean;
  created_at: string;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const NOT_FOUND = "No contact has this email address";

function toDto(email: string, row: LeadRow): LeadStatusDto {
  return {
    email,
    status: row.status ?? "new",
    suggested: row.suggested ?? false,
    source: row.source,
    updatedAt: iso(row.updated_at),
  };
}

/** The lead's row (if any), and whether the user has a contact at the address: one statement. */
async function read(db: Executor, userId: string, email: string): Promise<LeadRow> {
  const [row] = await queryRows<LeadRow>(
    db,
    sql`select exists (select 1 from contacts c where c.user_id = ${userId} and lower(c.email) = ${email}) as known,
            ls.status, ls.suggested, ls.source, ls.updated_at
          from (select 1) one
          left join lead_statuses ls on ls.user_id = ${userId} and ls.email = ${email}`,
  );
  if (!row?.known) throw new AppError("not_found", NOT_FOUND);
  return row;
}

export function createLeadStatusService(db: Db) {
  return {
    /** `via`: "api" when an API key made the request (the history says so), "user" from the app. */
    async set(
      userId: string,
      rawEmail: string,
      status: LeadStatus,
      via: "user" | "api" = "user",
    ): Promise<LeadStatusDto> {
      const email = rawEmail.trim().toLowerCase();
      return db.transaction(async (tx) => {
        await applyLeadStatusChanges(tx, [{ userId, email, status, suggested: false, source: via }]);
        return toDto(email, await read(tx, userId, email));
      });
    },

    /** The lead and its changes, newest first: one statement. */
    async history(userId: string, rawEmail: string): Promise<LeadStatusHistory> {
      const email = rawEmail.trim().toLowerCase();
      const [row] = await queryRows<LeadRow & { changes: ChangeRow[] }>(
        db,
        sql`select exists (select 1 from contacts c where c.user_id = ${userId} and lower(c.email) = ${email}) as known,
              ls.status, ls.suggested, ls.source, ls.updated_at,
              coalesce((select jsonb_agg(to_jsonb(h) order by h.created_at desc, h.id desc) from (
                select id, from_status, to_status, source, suggested, created_at from lead_status_changes
                where user_id = ${userId} and email = ${email}
                order by created_at desc, id desc
                limit ${LEAD_HISTORY_LIMIT + 1}
              ) h), '[]'::jsonb) as changes
            from (select 1) one
            left join lead_statuses ls on ls.user_id = ${userId} and ls.email = ${email}`,
      );
      if (!row?.known) throw new AppError("not_found", NOT_FOUND);
      return {
        lead: toDto(email, row),
        changes: row.changes.slice(0, LEAD_HISTORY_LIMIT).map((c) => ({
          id: c.id,
          from: c.from_status === "new" ? null : c.from_status,
          to: c.to_status,
          source: c.source,
          suggested: c.suggested,
          createdAt: iso(c.created_at) ?? c.created_at,
        })),
        truncated: row.changes.length > LEAD_HISTORY_LIMIT,
      };
    },
  };
}
