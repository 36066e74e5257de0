// A subject as reply matching compares it: without any number of reply and
// forward prefixes ('Re:', 'AW:', 'SV:', 'Fwd:' …), spaces folded, lower-cased.
const PREFIX = /^\s*(?:(?:re|aw|sv|vs|antw|fwd?|fw|wg|tr|rv|r)\s*(?:\[\d+\])?\s*[:：]\s*)+/i;

export function matchingSubject(subject: string): string {
  return subject.replace(PREFIX, "").replace(/\s+/g, " ").trim().toLowerCase();
}
