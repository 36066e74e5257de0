// Header names become record keys: lowercase words joined by underscores, so
// "First Name", "first_name" and "FIRST-NAME" are one field and merge tags
// like {{first_name}} find it.

/** 'First Name' → 'first_name', 'E-mail Address' → 'e_mail_address'; letters of any script are kept. */
export function normaliseHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "_")
    .replace(/^_+|_+$/g, "");
}

/**
 * Normalised, unique keys for a header row: a blank header becomes
 * column_N (its 1-based position); a repeated one gets _2, _3, … (email,
 * email_2), skipping names the file already uses.
 */
export function uniqueHeaders(raw: readonly string[]): string[] {
  const names = raw.map((h, i) => normaliseHeader(h) || `column_${i + 1}`);
  const taken = new Set<string>();
  const counts = new Map<string, number>();
  const firstUse = new Set<string>();
  // The first occurrence of every name keeps it, so 'email' stays 'email' even
  // when a later column would also normalise to it.
  const result = names.map((name) => {
    if (!firstUse.has(name)) {
      firstUse.add(name);
      taken.add(name);
      return name;
    }
    return "";
  });
  return result.map((name, i) => {
    if (name) return name;
    const base = names[i]!;
    let n = counts.get(base) ?? 1;
    let candidate: string;
    do {
      n++;
      candidate = `${base}_${n}`;
    } while (taken.has(candidate) || names.includes(candidate));
    counts.set(base, n);
    taken.add(candidate);
    return candidate;
  });
}
