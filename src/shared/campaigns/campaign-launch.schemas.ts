// The wizard's Launch as ONE request (issue 26 §1): the campaign is stored and
// queued in one transaction, so nothing depends on the browser surviving
// between two requests. The request carries an idempotency key made with the
// draft: sent twice (a double click, a retry after a lost answer, a reload
// mid-request) it stores one campaign and launches it once, and the key tells
// a reopened wizard whether its last Launch reached the server.
import { z } from "zod";
import { launchResultSchema } from "../sending/launch.schemas.ts";
import { createCampaignInputSchema } from "./campaigns.schemas.ts";

export const launchKeySchema = z.uuid("The launch key must be a UUID");

export const createAndLaunchInputSchema = createCampaignInputSchema
  .extend({
    /** Made by the browser with the draft (crypto.randomUUID); the same key is the same launch. */
    launchKey: launchKeySchema,
  })
  .meta({ id: "CreateAndLaunchInput" });
export type CreateAndLaunchInput = z.infer<typeof createAndLaunchInputSchema>;

export const campaignLaunchResultSchema = launchResultSchema
  .extend({
    /** The campaign stored by this request, or by the earlier one with the same key. */
    campaignId: z.string(),
  })
  .meta({ id: "CampaignLaunchResult" });
export type CampaignLaunchResult = z.infer<typeof campaignLaunchResultSchema>;

/** The campaign a create-and-launch with a key stored (404 when none: it never reached the server, or was refused). */
export const launchedCampaignSchema = z.object({ campaignId: z.string() }).meta({ id: "LaunchedCampaign" });
export type LaunchedCampaign = z.infer<typeof launchedCampaignSchema>;
