// A campaign's clicks as the API returns them: the campaign's figures, each
// step's and each of its variants', and each link's. A send "clicked" when
// its recipient followed at least one of its links; "clicks" counts first
// clicks per send and link (one person following the same link twice is one).
import { z } from "zod";

export const clickFiguresSchema = z.object({
  /** Sends that went out. */
  sent: z.number().int(),
  /** Sends with at least one link followed. */
  clicked: z.number().int(),
  /** Links followed: one per send and link, however often. */
  clicks: z.number().int(),
});
export type ClickFigures = z.infer<typeof clickFiguresSchema>;

export const stepClicksSchema = clickFiguresSchema
  .extend({
    /** Null for the sends of a step deleted since. */
    stepId: z.string().nullable(),
    stepNumber: z.number().int().nullable(),
    variants: z.array(clickFiguresSchema.extend({ index: z.number().int(), letter: z.string() })),
  })
  .meta({ id: "StepClicks" });
export type StepClicks = z.infer<typeof stepClicksSchema>;

export const linkClicksSchema = z
  .object({
    url: z.string(),
    /** Sends whose recipient followed this link. */
    clicks: z.number().int(),
  })
  .meta({ id: "LinkClicks" });
export type LinkClicksDto = z.infer<typeof linkClicksSchema>;

export const campaignClicksSchema = clickFiguresSchema
  .extend({
    /** Whether the campaign, or any of its steps, rewrites links now. */
    clicksTracked: z.boolean(),
    /** In step order. */
    steps: z.array(stepClicksSchema),
    /** Most followed first. */
    links: z.array(linkClicksSchema),
  })
  .meta({ id: "CampaignClicks" });
export type CampaignClicks = z.infer<typeof campaignClicksSchema>;
