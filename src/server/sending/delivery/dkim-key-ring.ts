// The users' own DKIM keys (features/dkim-keys) as the renderer needs them:
// the key of a message's From domain, decrypted once per key and process, not
// per message. The claim brings the user's stored keys (one query per claim),
// so a deleted key is not used from the next claim on, and a regenerated one
// (a new id) is decrypted afresh.
import { sql } from "drizzle-orm";
import { type SecretBox, SecretDecryptError } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import { type Executor, queryRows } from "../../db/sql-helpers.ts";
import type { OutgoingMessage } from "../outgoing.ts";

/** A dkim_keys row as the engine reads it: always the claiming user's own. */
export type StoredDkimKey = { id: string; domain: string; selector: string; privateKeyEncrypted: string };

/**
 * The user's stored keys, for signingKey(): one small query (a key per domain
 * at most), read by the claim for a batch and by Compose for one message.
 * Inside a transaction pass `tx`.
 */
export function loadSigningKeys(db: Executor, userId: string): Promise<StoredDkimKey[]> {
  return queryRows<StoredDkimKey>(
    db,
    sql`select id, domain, selector, private_key_encrypted as "privateKeyEncrypted"
        from dkim_keys where user_id = ${userId}`,
  );
}

export type DkimKeyRing = {
  /** The signing key for a message From `fromAddress`, among `keys` (the message's user's); undefined: none. */
  signingKey(keys: readonly StoredDkimKey[], fromAddress: string): OutgoingMessage["dkim"];
};

/** Decrypted keys kept at most (a worker serves many users; each has a few domains). */
const MAX_CACHED = 1_000;

export function createDkimKeyRing(secrets: SecretBox): DkimKeyRing {
  // By key id; the sealed value is compared too, so a row changed in place is not served stale.
  const cache = new Map<string, { sealed: string; pem: string | null }>();

  function decrypted(key: StoredDkimKey): string | null {
    const hit = cache.get(key.id);
    if (hit && hit.sealed === key.privateKeyEncrypted) return hit.pem;
    let pem: string | null;
    try {
      pem = secrets.decrypt(key.privateKeyEncrypted, secretPurposes.dkimPrivateKey);
    } catch (error) {
      // APP_SECRET changed: the key is unusable until regenerated; sent unsigned
      // rather than not at all (the DKIM keys screen still shows the key).
      if (!(error instanceof SecretDecryptError)) throw error;
      pem = null;
    }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(key.id, { sealed: key.privateKeyEncrypted, pem });
    return pem;
  }

  return {
    signingKey(keys, fromAddress) {
      if (keys.length === 0) return undefined;
      const domain = fromAddress.slice(fromAddress.lastIndexOf("@") + 1).toLowerCase();
      const key = keys.find((k) => k.domain === domain);
      const pem = key ? decrypted(key) : null;
      return key && pem ? { domainName: domain, keySelector: key.selector, privateKey: pem } : undefined;
    },
  };
}
