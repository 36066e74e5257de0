// The Save as Template dialog's tags field: one comma-separated string.
import { normalizeTags } from "#shared/templates/templates.schemas.ts";

/** "sales, follow-up ,sales" → ["sales", "follow-up"]: trimmed, not repeated. */
export function parseTagList(text: string): string[] {
  return normalizeTags(text.split(","));
}

/** The distinct tags across templates, sorted for the filter. */
export function collectTags(templates: readonly { tags: readonly string[] }[]): string[] {
  return normalizeTags(templates.flatMap((t) => t.tags)).sort((a, b) => a.localeCompare(b));
}
