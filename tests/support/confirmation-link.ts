// The sign-up confirmation link in the newest message the capture server
// stored for an address. Shared by the in-process test app and the benchmark
// (which signs its user up the same way but cannot import vitest helpers).
import { desc, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { capturedEmails } from "../../src/server/db/schema/index.ts";

export async function newestConfirmationLink(db: Db, email: string): Promise<string | undefined> {
  const [message] = await db
    .select()
    .from(capturedEmails)
    .where(sql`${email} = any(${capturedEmails.toAddresses})`)
    .orderBy(desc(capturedEmails.receivedAt))
    .limit(1);
  return message?.textBody?.match(/https?:\/\/\S+verify-email\S+/)?.[0];
}
