// "Did you mean …?" for misspelt mail domains (gmial.com → gmail.com), from
// @zootools/email-spell-checker. Its suggestion is offered only when it is one
// slip away (one letter wrong, missing, extra, or two swapped): left to itself
// the checker also "corrects" real domains (acme.test → acme.de, yopmail.com
// → ymail.com), which would flag good addresses.
import spellChecker from "@zootools/email-spell-checker";

/** Optimal string alignment distance (Levenshtein plus adjacent swaps). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The suggestion depends on the domain alone; lists repeat domains, so each is worked out once (the checker costs ~50 µs a call). */
const byDomain = new Map<string, string | null>();
const CACHE_LIMIT = 10_000;

function suggestDomain(domain: string): string | null {
  const cached = byDomain.get(domain);
  if (cached !== undefined) return cached;
  const suggested = spellChecker.run({ email: `x@${domain}` })?.domain.toLowerCase() ?? null;
  const answer = suggested && suggested !== domain && editDistance(domain, suggested) === 1 ? suggested : null;
  if (byDomain.size >= CACHE_LIMIT) byDomain.clear();
  byDomain.set(domain, answer);
  return answer;
}

/** The corrected address, or null when the domain looks right. */
export function suggestTypo(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  const suggested = suggestDomain(email.slice(at + 1).toLowerCase());
  return suggested ? `${email.slice(0, at)}@${suggested}` : null;
}
