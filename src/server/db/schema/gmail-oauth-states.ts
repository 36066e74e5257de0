// Gmail connect's OAuth states that were used: a state's nonce is inserted here
// when the return page presents it, under a unique key, so a second use (in
// this process or another) finds it taken and is refused. Rows are kept until
// the state would have expired anyway, then deleted.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const gmailOauthStatesUsed = pgTable("gmail_oauth_states_used", {
  /** SHA-256 (base64url) of the state's signed nonce. */
  nonceHash: text("nonce_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});
