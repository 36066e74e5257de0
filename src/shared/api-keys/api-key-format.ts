// What an API key looks like (docs/decisions/033-api-keys.md): "crk_live_"
// and 43 base64url characters, the 32 random bytes of its secret. The prefix
// tells a reader (and a secret scanner) what the string is; the part shown in
// Settings is the prefix and the first characters of the secret, enough to
// tell one key from another and far too few to guess the rest.
// Pure: the server generates and hashes keys, the screen only shows them.

export const API_KEY_PREFIX = "crk_live_";
/** 32 bytes in base64url without padding. */
export const API_KEY_SECRET_LENGTH = 43;
/** Secret characters kept in the shown prefix ("crk_live_AbC1…"). */
export const API_KEY_SHOWN_SECRET_CHARACTERS = 4;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_SECRET_LENGTH}}$`);

/** Whether `text` has the shape of a Coldreach API key (not whether such a key exists). */
export function isApiKeyFormat(text: string): boolean {
  return KEY_PATTERN.test(text);
}

/** The part of a key stored in clear and shown in the list: "crk_live_AbC1". */
export function shownPrefixOf(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + API_KEY_SHOWN_SECRET_CHARACTERS);
}

export type BearerCredential = { kind: "none" } | { kind: "bearer"; token: string } | { kind: "other" };

/**
 * The credential in an Authorization header: none, a bearer token (RFC 6750's
 * "Bearer" scheme, case-insensitive; whatever follows it is the token, even
 * empty or broken, so that a mangled key is refused rather than ignored), or
 * another scheme (Basic from a proxy in front of the app), which is not ours.
 */
export function bearerCredential(header: string | undefined): BearerCredential {
  if (header === undefined || header.trim() === "") return { kind: "none" };
  const match = /^\s*bearer(?:\s+(.*))?$/is.exec(header);
  if (!match) return { kind: "other" };
  return { kind: "bearer", token: (match[1] ?? "").trim() };
}
