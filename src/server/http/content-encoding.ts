// Which of a file's stored encodings to send, from the request's
// Accept-Encoding (RFC 9110 §12.5.3): the highest q-value wins, ties go to the
// smaller encoding (br before gzip before identity). The original
// ("identity") competes with its q-value when the header names it; unnamed,
// it is only the fallback (a client that lists gzip at any q wants it rather
// than nothing compressed).
import { parseAccept } from "hono/utils/accept";

export type ContentCoding = "br" | "gzip" | "identity";

/** Smallest first: the order that breaks ties between equal q-values. */
export const codingPreference: readonly ContentCoding[] = ["br", "gzip", "identity"];

/**
 * Picks among `available` (the codings stored for this file; "identity", the
 * original, is always there). Falls back to the original when the client
 * accepts none of them: sending the plain file beats a 406 for a page.
 */
export function chooseContentCoding(
  acceptEncoding: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding {
  const accepted = parseAccept(acceptEncoding ?? "");
  const find = (name: string) => accepted.find((a) => a.type.toLowerCase() === name)?.q;
  const wildcard = find("*");
  let best: { coding: ContentCoding; q: number } = { coding: "identity", q: 0 };
  for (const coding of codingPreference) {
    if (!available.includes(coding) && coding !== "identity") continue;
    const q = find(coding) ?? wildcard ?? 0;
    if (q > best.q) best = { coding, q };
  }
  return best.coding;
}
