// The Deliverability screen's bulk box and the "Verify contacts" action turn a
// list of addresses into the requests the verification API accepts
// (docs/product.md §13: at most 100 per request).
import { BULK_VERIFY_LIMIT } from "./verification.schemas.ts";
import { bulkEmails, verificationMessages } from "./verification-messages.ts";

export const NO_VALID_EMAILS_MESSAGE = verificationMessages.enterValidEmails;
export const BULK_LIMIT_MESSAGE = verificationMessages.bulkLimit;

export type BulkInput = { ok: true; emails: string[] } | { ok: false; message: string };

/** One address per line: trimmed, lines without @ dropped, repeats (any case) kept once. */
export function parseBulkEmails(text: string): BulkInput {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const email of bulkEmails(text.split(/\r?\n/))) {
    const key = email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    emails.push(email);
  }
  if (emails.length === 0) return { ok: false, message: NO_VALID_EMAILS_MESSAGE };
  if (emails.length > BULK_VERIFY_LIMIT) return { ok: false, message: BULK_LIMIT_MESSAGE };
  return { ok: true, emails };
}

/** Splits a list into requests of at most `size` (the bulk route's limit). */
export function chunk<T>(items: readonly T[], size = BULK_VERIFY_LIMIT): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Results that mean "do not send": invalid addresses and throwaway mailboxes. */
export const isUnsendable = (result: string) => result === "invalid" || result === "disposable";

/**
 * Verifies a contact list through the bulk route, one request of at most 100
 * after another (the server paces each request itself), reporting how far it
 * got. Repeats (any case) are sent once; the answer is keyed by lower-cased address.
 */
export async function verifyInChunks<R extends { email: string }>(
  emails: readonly string[],
  verifyBulk: (batch: string[]) => Promise<{ results: R[] }>,
  onProgress: (reached: number, total: number) => void,
): Promise<Map<string, R>> {
  const unique = [...new Map(emails.map((e) => [e.trim().toLowerCase(), e.trim()])).values()].filter((e) =>
    e.includes("@"),
  );
  const byEmail = new Map<string, R>();
  let reached = 0;
  for (const batch of chunk(unique)) {
    onProgress(reached + batch.length, unique.length);
    const { results } = await verifyBulk(batch);
    for (const result of results) byEmail.set(result.email.toLowerCase(), result);
    reached += batch.length;
  }
  return byEmail;
}
