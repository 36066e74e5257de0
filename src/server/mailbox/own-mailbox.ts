// A sender with a mailbox of its own to read (table alias `sa`): an IMAP host,
// or Gmail connected. Capture mode also reads every sender's share of the
// capture store, which is not a mailbox the user configured: the sync includes
// those (mailbox/mailbox-sync.ts), the dashboard's mail-sync card does not.
import { sql } from "drizzle-orm";

export const OWN_MAILBOX = sql`(sa.imap_host is not null or (sa.gmail_sync_enabled and sa.gmail_refresh_token_encrypted is not null))`;
