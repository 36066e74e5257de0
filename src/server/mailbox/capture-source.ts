// Capture mode's mailbox: mail sent to a sender's address (a prospect's reply,
// a simulated reply, a test reply) arrives at the app's own capture server
// like everything else and is stored in captured_emails. This source reads a
// sender's share of it as the sync reads an IMAP folder: in order, from a
// cursor (received_at, id), a chunk at a time.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { queryRows } from "../db/sql-helpers.ts";
import type { FetchedMessage, FolderState, MailboxSource, MessageHeaders } from "./mailbox-source.ts";

const FOLDER = "capture";
const CHUNK = 200;

// at_key: received_at as PostgreSQL prints it, to the microsecond (a JS Date would cut it to the
// millisecond, and the cursor would then read the same message again).
type Row = { id: string; raw: string; at_key: string; received_at: Date | string; headers: Record<string, unknown> };

/** "2026-11-24 10:00:00.123456+00|<uuid>": the last message read. */
function parseCursor(cursor: string | null): { at: string; id: string } | null {
  const [at, id] = (cursor ?? "").split("|");
  return at && id ? { at, id } : null;
}

export function createCaptureSource(opts: { db: Db; senderEmail: string }): MailboxSource {
  const address = opts.senderEmail.toLowerCase();
  return {
    async sync(pass) {
      let state: FolderState = pass.states.get(FOLDER) ?? {
        folder: FOLDER,
        uidValidity: null,
        lastUid: 0,
        cursor: null,
      };
      for (;;) {
        const after = parseCursor(state.cursor);
        const rows = await queryRows<Row>(
          opts.db,
          sql`select id, raw, received_at::text as at_key, received_at, headers from captured_emails
              where exists (select 1 from unnest(to_addresses) a where lower(a) = ${address})
                and ${
                  after
                    ? sql`(received_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)`
                    : sql`received_at >= ${pass.since.toISOString()}::timestamptz`
                }
              order by received_at, id
              limit ${CHUNK}`,
        );
        if (rows.length === 0) return;
        const headers: MessageHeaders[] = rows.map((r) => ({
          sourceKey: `${FOLDER}:${r.id}`,
          folder: FOLDER,
          spam: false,
          headers: Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)])),
        }));
        const wanted = await pass.select(headers);
        const messages: FetchedMessage[] = rows.flatMap((r, i) =>
          wanted[i]
            ? [
                {
                  ...(headers[i] as MessageHeaders),
                  raw: Buffer.from(r.raw, "utf8"),
                  receivedAt: new Date(r.received_at),
                  // Every user with a sender of this address reads it: only the one it answers applies it.
                  shared: true,
                },
              ]
            : [],
        );
        const last = rows[rows.length - 1] as Row;
        state = { ...state, cursor: `${last.at_key}|${last.id}` };
        await pass.process(messages, state);
        if (rows.length < CHUNK) return;
      }
    },
    // Nothing in the capture store is ever spam.
    async restore() {},
    async close() {},
  };
}
