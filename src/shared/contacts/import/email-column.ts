// Which column holds the address. The spec's order: a header that contains
// "email" or "mail" or equals "address", "contact" or "person"; else the first
// column with an @ in its values; else the first column.
//
// Refined so the common mistakes do not pick the wrong column:
// - among named columns, "email" beats "work_email" beats "mailing_list"
//   beats "contact";
// - a named column is taken only if its values hold an @ when some other
//   column's values do (a "Contact" column of names beside an "Addr" column of
//   addresses picks the addresses).

function nameRank(header: string): number {
  if (header === "email" || header === "e_mail") return 0;
  if (header.includes("email") || header.includes("e_mail")) return 1;
  if (header.includes("mail")) return 2;
  if (header === "address" || header === "contact" || header === "person") return 3;
  return -1;
}

/**
 * @param headers normalised, unique headers
 * @param columnHasAt for each header, whether any of its values contains an @
 */
export function detectEmailColumn(headers: readonly string[], columnHasAt: (header: string) => boolean): string {
  const named = headers
    .map((header, index) => ({ header, index, rank: nameRank(header) }))
    .filter((c) => c.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  const namedWithAt = named.find((c) => columnHasAt(c.header));
  if (namedWithAt) return namedWithAt.header;
  const anyWithAt = headers.find((h) => columnHasAt(h));
  if (anyWithAt) return anyWithAt;
  return named[0]?.header ?? headers[0] ?? "email";
}
