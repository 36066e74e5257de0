// DKIM (RFC 6376 §3.2) and DMARC (RFC 7489 §6.4) records are tag=value lists
// separated by semicolons.

export function parseTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim().toLowerCase();
    if (name && !tags.has(name)) tags.set(name, part.slice(at + 1).trim());
  }
  return tags;
}

export const isDmarcRecord = (txt: string) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(txt.trim());
