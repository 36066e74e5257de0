// On a tracking host, a link is served only when its send belongs to a user
// who verified that host (features/tracking-hosts/tracking-host-routing.ts):
// tokens are signed per send with the app's secret, so without this any
// verified host would serve every user's links. On the app's own host there
// is no such restriction (owners undefined).
import { type SQL, sql } from "drizzle-orm";

/** `user_id in (owners)`, or true when there is no restriction. */
export function ownedBy(owners: readonly string[] | undefined, column: SQL = sql`user_id`): SQL {
  if (owners === undefined) return sql`true`;
  if (owners.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    owners.map((o) => sql`${o}`),
    sql`, `,
  )})`;
}
