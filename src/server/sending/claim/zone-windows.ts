// The sending window per contact time zone, applied by the claim. Each due
// row waits for the window on its contact's wall clock (the contact's zone,
// else the user's): the rows of every zone that is closed at `now` move, in
// one statement, to that zone's next allowed instant; rows of open zones are
// claimed as before. Set-based: the zones are found among the rows the claim
// takes (not by reading every due row), so a pass costs one lookup of the
// taken contacts, and one update for all the closed zones it found; passes
// repeat until the taken rows are all in open zones (at most one pass per
// distinct zone, usually one).
import { sql } from "drizzle-orm";
import { effectiveZone } from "#shared/sending/contact-zone.ts";
import { isAllowedInstant, nextAllowedInstant, type SendingRules } from "#shared/sending/sending-window.ts";
import { anyUuid, at, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { type DueRow, dueOfUser, takeDueRows } from "./due-rows.ts";

/** A zone closed at `now` and the instant its window opens next. */
export type ClosedZone = { zone: string; until: Date };

/** Of `zones` (as stored on contacts, or the user's), those closed at `now`, with their next opening. */
export function closedZones(zones: Iterable<string>, now: Date, rules: SendingRules): ClosedZone[] {
  const closed: ClosedZone[] = [];
  for (const zone of zones) {
    const zoned = { ...rules, timezone: effectiveZone(zone, rules.timezone) };
    if (!isAllowedInstant(now, zoned)) closed.push({ zone, until: nextAllowedInstant(now, zoned) });
  }
  return closed;
}

/** Every due row of the user whose contact's effective zone is closed waits for that zone's window: one statement. */
export async function postponeClosedZones(
  tx: Tx,
  o: { userId: string; now: Date; userZone: string; closed: readonly ClosedZone[] },
): Promise<void> {
  if (o.closed.length === 0) return;
  const zones = sql.join(
    o.closed.map((c) => sql`(${c.zone}::text, ${at(c.until)})`),
    sql`, `,
  );
  await tx.execute(sql`
    update scheduled_emails se set scheduled_for = z.until, updated_at = ${at(o.now)}
    from contacts ct, (values ${zones}) as z(zone, until)
    where ${dueOfUser(o.userId, o.now)}
      and ct.id = se.contact_id and coalesce(ct.timezone, ${o.userZone}) = z.zone`);
}

/** The distinct effective zones (contact's, else the user's) of the given contacts. */
async function zonesOfContacts(tx: Tx, contactIds: readonly string[], userZone: string): Promise<string[]> {
  const rows = await queryRows<{ zone: string }>(
    tx,
    sql`select distinct coalesce(timezone, ${userZone}) as zone from contacts where id = ${anyUuid([...contactIds])}`,
  );
  return rows.map((r) => r.zone);
}

/**
 * takeDueRows, with every taken row inside its contact's sending window. The
 * user's own zone is checked first (most contacts have no zone of their own),
 * so a user with none outside the window costs one update, as before.
 */
export async function takeDueRowsInWindow(
  tx: Tx,
  o: Parameters<typeof takeDueRows>[1] & { rules: SendingRules },
): Promise<DueRow[]> {
  const userZone = o.rules.timezone;
  const known = new Set<string>([userZone]);
  let closed = closedZones([userZone], o.now, o.rules);
  for (;;) {
    await postponeClosedZones(tx, { userId: o.userId, now: o.now, userZone, closed });
    const due = await takeDueRows(tx, o);
    if (due.length === 0) return due;
    const fresh = (await zonesOfContacts(tx, [...new Set(due.map((d) => d.contact_id))], userZone)).filter(
      (z) => !known.has(z),
    );
    for (const z of fresh) known.add(z);
    closed = closedZones(fresh, o.now, o.rules);
    // No taken row is in a closed zone: these are the rows to claim.
    if (closed.length === 0) return due;
  }
}
