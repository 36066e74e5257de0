// Clone a campaign: the copy's default name and the dialog's wording, without
// zod, so the dashboard's rows can show 'Clone' without loading it before the
// first paint (tests/budget/bundle-budget.test.ts).

/** In UTF-16 code units, as zod and the input's maxLength count (campaignNameSchema's limit). */
export const CAMPAIGN_NAME_MAX = 200;

// '<name> (copy)', the original cut short so the whole stays within the limit.
const COPY_SUFFIX = " (copy)";

export function cloneName(name: string, max = CAMPAIGN_NAME_MAX): string {
  const base = name.trim();
  if (base.length + COPY_SUFFIX.length <= max) return `${base}${COPY_SUFFIX}`;
  let kept = base.slice(0, Math.max(0, max - COPY_SUFFIX.length));
  // Never half a surrogate pair (an emoji cut in two).
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}${COPY_SUFFIX}`;
}

export const cloneCampaignText = {
  action: "Clone",
  title: "Clone campaign",
  description: "A new draft with the same steps, senders and sending options. Nothing is sent until you launch it.",
  nameLabel: "Name of the copy",
  includeContacts: "Include contacts",
  includeContactsHint: "Their names and fields only: no status, reply or email history comes along.",
  confirm: "Clone",
  busy: "Cloning...",
  cloned: "Campaign cloned",
  failed: "Failed to clone campaign",
} as const;
