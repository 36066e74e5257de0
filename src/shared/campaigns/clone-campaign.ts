// Clone a campaign (issue 30 §5): a new draft with the original's steps,
// senders and settings, and its contacts when asked for. The name the clone
// gets unless the user types one: '<name> (copy)', the original cut short so
// the whole stays within the campaign name's limit.
import { z } from "zod";
import { CAMPAIGN_NAME_MAX, campaignNameSchema } from "./campaigns.schemas.ts";

const COPY_SUFFIX = " (copy)";

export function cloneName(name: string, max = CAMPAIGN_NAME_MAX): string {
  const base = name.trim();
  if (base.length + COPY_SUFFIX.length <= max) return `${base}${COPY_SUFFIX}`;
  let kept = base.slice(0, Math.max(0, max - COPY_SUFFIX.length));
  // Never half a surrogate pair (an emoji cut in two).
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}${COPY_SUFFIX}`;
}

export const cloneCampaignInputSchema = z
  .object({
    /** Left out: '<name> (copy)'. */
    name: campaignNameSchema.optional(),
    /** Copy the contacts too (their details only: no status, reply or send comes along). */
    includeContacts: z.boolean({ error: "includeContacts must be true or false" }),
  })
  .meta({ id: "CloneCampaignInput" });
export type CloneCampaignInput = z.infer<typeof cloneCampaignInputSchema>;

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
