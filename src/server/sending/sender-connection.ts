// A campaign's sender imported from a saved sender (sourceSenderId) sends
// through the saved one's connection: its SMTP or Gmail credentials, and so
// its readiness to send. Any other sender is its own connection. Launch,
// the claim and the campaign's detail all ask this, for many senders at once.
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { senderAccounts } from "../db/schema/index.ts";
import type { SenderAccountRow } from "./outgoing.ts";

export type SenderWithConnection = { sender: SenderAccountRow; connection: SenderAccountRow };

/**
 * Each sender (in the order given) with the sender whose connection delivers
 * its mail: its saved source, or itself (also when the source is gone). The
 * sources are read in one query, none when no sender has one. Inside a
 * transaction pass `tx`.
 */
export async function withConnections(
  db: Pick<Db, "select">,
  senders: readonly SenderAccountRow[],
): Promise<SenderWithConnection[]> {
  const sourceIds = senders.map((s) => s.sourceSenderId).filter((id): id is string => Boolean(id));
  const sources = sourceIds.length
    ? await db.select().from(senderAccounts).where(inArray(senderAccounts.id, sourceIds))
    : [];
  const byId = new Map(sources.map((s) => [s.id, s]));
  return senders.map((sender) => ({
    sender,
    connection: (sender.sourceSenderId && byId.get(sender.sourceSenderId)) || sender,
  }));
}
