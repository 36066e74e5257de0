// Marks a Gmail OAuth state used, once: the insert of its nonce's hash under a
// primary key is the decision, so two returns racing (in one process or in
// several web processes on one database) cannot both win. Rows expire with
// the state; expired ones are deleted on the way.
import { createHash } from "node:crypto";
import { lt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { gmailOauthStatesUsed } from "../../db/schema/gmail-oauth-states.ts";

/** True the first time a nonce is presented, false after (until long after it expired). */
export async function claimGmailState(db: Db, nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.delete(gmailOauthStatesUsed).where(lt(gmailOauthStatesUsed.expiresAt, now));
  const nonceHash = createHash("sha256").update(nonce).digest("base64url");
  const inserted = await db
    .insert(gmailOauthStatesUsed)
    .values({ nonceHash, expiresAt })
    .onConflictDoNothing()
    .returning({ nonceHash: gmailOauthStatesUsed.nonceHash });
  return inserted.length === 1;
}
