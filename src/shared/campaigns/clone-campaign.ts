// Clone a campaign (issue 30 §5): a new draft with the original's steps,
// senders and settings, and its contacts when asked for. The request; the
// default name and the wording are in clone-name.ts.
import { z } from "zod";
import { campaignNameSchema } from "./campaigns.schemas.ts";

export const cloneCampaignInputSchema = z
  .object({
    /** Left out: '<name> (copy)'. */
    name: campaignNameSchema.optional(),
    /** Copy the contacts too (their details only: no status, reply or send comes along). */
    includeContacts: z.boolean({ error: "includeContacts must be true or false" }),
  })
  .meta({ id: "CloneCampaignInput" });
export type CloneCampaignInput = z.infer<typeof cloneCampaignInputSchema>;
