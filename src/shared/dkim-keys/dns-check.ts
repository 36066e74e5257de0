// What a DKIM key's DNS check says, from the TXT records found at its name.
import { dkimHost, dkimRecordFor } from "#shared/domain-health/checks.ts";
import { parseTags } from "#shared/domain-health/tags.ts";
import type { DkimDnsStatus } from "./dkim-keys.schemas.ts";

export { dkimHost, dkimRecordFor };

/**
 * `records`: the TXT records at the key's name (null: the lookup failed);
 * `publishedKeyOf`: a record's p= value as a canonical key, null when it is
 * not a usable key (the server decodes it with node:crypto).
 */
export function dkimDnsVerdict(
  records: string[] | null,
  publicKey: string,
  publishedKeyOf: (p: string) => string | null,
): DkimDnsStatus {
  if (records === null) return "lookup_failed";
  const dkim = records.filter((r) => /(^|;)\s*(v=DKIM1|p=)/i.test(r));
  if (dkim.length === 0) return "not_found";
  const matches = dkim.some((r) => {
    const tags = parseTags(r);
    return (tags.get("v") ?? "DKIM1") === "DKIM1" && publishedKeyOf(tags.get("p") ?? "") === publicKey;
  });
  return matches ? "match" : "different";
}

export function dkimDnsMessage(status: DkimDnsStatus, host: string): string {
  switch (status) {
    case "match":
      return `Found: ${host} serves this key. Receivers can verify the signatures.`;
    case "different":
      return `Found a different key at ${host}. Replace that record with the one above, or receivers will reject the signatures.`;
    case "not_found":
      return `Not found: no DKIM record at ${host} yet. Publish the TXT record above; DNS changes can take up to an hour to show.`;
    case "lookup_failed":
      return `Could not be checked: the DNS lookup of ${host} failed. Try again in a moment.`;
  }
}
