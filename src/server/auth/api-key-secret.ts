// Making and hashing API keys (docs/decisions/033-api-keys.md). A key is 32
// random bytes: a plain SHA-256 of it is enough at rest. Slow hashes (bcrypt,
// scrypt) exist to make guessing a low-entropy password from its hash costly;
// 256 random bits cannot be guessed however fast the hash, and a fast hash
// lets a request find its key by an indexed equality on the hash.
import { createHash, randomBytes } from "node:crypto";
import { API_KEY_PREFIX, shownPrefixOf } from "#shared/api-keys/api-key-format.ts";

export type NewApiKey = { secret: string; prefix: string; hash: string };

/** The stored form of a key: SHA-256 of the whole string, hex. */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function generateApiKey(): NewApiKey {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { secret, prefix: shownPrefixOf(secret), hash: hashApiKey(secret) };
}
