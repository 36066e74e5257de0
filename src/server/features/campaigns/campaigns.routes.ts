import { createRoute, z } from "@hono/zod-openapi";
import {
  campaignLaunchResultSchema,
  createAndLaunchInputSchema,
  launchedCampaignSchema,
} from "#shared/campaigns/campaign-launch.schemas.ts";
import {
  campaignDetailSchema,
  campaignListSchema,
  campaignSchema,
  campaignStatusInputSchema,
  createCampaignInputSchema,
  updateCampaignInputSchema,
} from "#shared/campaigns/campaigns.schemas.ts";
import { cloneCampaignInputSchema } from "#shared/campaigns/clone-campaign.ts";
import { sanitizeSequence } from "../../html/sanitize-email-html.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createCampaignLaunchService } from "./campaign-launch.service.ts";
import { createCampaignsService } from "./campaigns.service.ts";
import { createCloneCampaignService } from "./clone-campaign.service.ts";

const idParam = z.object({ id: z.string() });
const tags = ["Campaigns"];

const listRoute = createRoute({
  method: "get",
  operationId: "listCampaigns",
  path: "/",
  tags,
  summary: "The user's campaigns, newest first, with their counters",
  responses: { 200: { description: "Campaigns", content: json(campaignListSchema) }, ...errorResponses },
});
const createRouteDef = createRoute({
  method: "post",
  operationId: "createCampaign",
  path: "/",
  tags,
  summary: "Create a campaign (senders, contacts, steps) in one transaction; status draft",
  request: { body: { required: true, content: json(createCampaignInputSchema) } },
  responses: { 201: { description: "Created", content: json(campaignDetailSchema) }, ...errorResponses },
});
const createAndLaunchRoute = createRoute({
  method: "post",
  operationId: "createAndLaunchCampaign",
  path: "/launch",
  tags,
  summary: "Create a campaign and launch it in one transaction, once per launch key (the wizard's Launch)",
  description:
    "The body is a campaign as POST /campaigns takes it plus `launchKey`, a UUID the client makes once per campaign. Every sender must be able to send (400 naming each one that cannot, nothing stored). One transaction stores the campaign, its senders, steps and contacts and queues step 1; the answer waits for the send worker's first round a few seconds at most, as POST /campaigns/{id}/launch does. The same request again (same user, same key: a double click, a retry after a lost answer) stores and queues nothing more and answers with the campaign the first one stored and what its step 1 has come to.",
  request: { body: { required: true, content: json(createAndLaunchInputSchema) } },
  responses: {
    200: {
      description: "Stored and launched (now, or by an earlier request with this key)",
      content: json(campaignLaunchResultSchema),
    },
    ...errorResponses,
  },
});
const launchedRoute = createRoute({
  method: "get",
  operationId: "getLaunchedCampaign",
  path: "/launched/{launchKey}",
  tags,
  summary: "The campaign stored by a create-and-launch with this key (404: none)",
  description:
    "For a client whose Launch got no answer: whether the request reached the server and stored its campaign. 404: it did not (or was refused), and the same request may be sent again. Only the user's own keys are found.",
  request: { params: z.object({ launchKey: z.string() }) },
  responses: {
    200: { description: "Launched", content: json(launchedCampaignSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});
const getRoute = createRoute({
  method: "get",
  operationId: "getCampaign",
  path: "/{id}",
  tags,
  summary: "A campaign with its senders and sequence",
  request: { params: idParam },
  responses: {
    200: { description: "Campaign", content: json(campaignDetailSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});
const updateRoute = createRoute({
  method: "put",
  operationId: "updateCampaign",
  path: "/{id}",
  tags,
  summary: "Save changes: details, sequence by position and senders, in one transaction",
  request: { params: idParam, body: { required: true, content: json(updateCampaignInputSchema) } },
  responses: {
    200: { description: "Saved", content: json(campaignDetailSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});
const statusRoute = createRoute({
  method: "patch",
  operationId: "setCampaignStatus",
  path: "/{id}/status",
  tags,
  summary: "Pause an active campaign or activate a draft or paused one",
  request: { params: idParam, body: { required: true, content: json(campaignStatusInputSchema) } },
  responses: { 200: { description: "Updated", content: json(campaignSchema) }, ...errorResponses, ...notFoundResponse },
});
const cloneRoute = createRoute({
  method: "post",
  operationId: "cloneCampaign",
  path: "/{id}/clone",
  tags,
  summary: "Clone a campaign: a new draft with its steps, senders and settings (contacts optional)",
  description:
    "One transaction. The copy is a draft: its senders point at the same saved senders, its steps and options are the original's, its name is `name` or '<name> (copy)' (cut to the name's 200-character limit). With `includeContacts` the contacts' details are copied, without their status, replies or sends. Nothing is queued until the copy is launched. 404 for a campaign that is not the user's.",
  request: { params: idParam, body: { required: true, content: json(cloneCampaignInputSchema) } },
  responses: {
    201: { description: "The new draft", content: json(campaignDetailSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});
const deleteRoute = createRoute({
  method: "delete",
  operationId: "deleteCampaign",
  path: "/{id}",
  tags,
  summary: "Delete a campaign and everything in it",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...notFoundResponse },
});

export function campaignRoutes(deps: FeatureDeps) {
  const service = createCampaignsService(deps, sanitizeSequence);
  const launches = createCampaignLaunchService(deps, sanitizeSequence);
  const clones = createCloneCampaignService(deps);
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ campaigns: await service.list(c.get("user").id) }, 200))
    .openapi(createRouteDef, async (c) => c.json(await service.create(c.get("user").id, c.req.valid("json")), 201))
    .openapi(createAndLaunchRoute, async (c) =>
      c.json(await launches.createAndLaunch(c.get("user").id, c.req.valid("json")), 200),
    )
    .openapi(launchedRoute, async (c) =>
      c.json(await launches.launched(c.get("user").id, c.req.valid("param").launchKey), 200),
    )
    .openapi(getRoute, async (c) => c.json(await service.get(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(updateRoute, async (c) =>
      c.json(await service.update(c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(statusRoute, async (c) =>
      c.json(await service.setStatus(c.get("user").id, c.req.valid("param").id, c.req.valid("json").status), 200),
    )
    .openapi(cloneRoute, async (c) => {
      const userId = c.get("user").id;
      const id = await clones.clone(userId, c.req.valid("param").id, c.req.valid("json"));
      return c.json(await service.get(userId, id), 201);
    })
    .openapi(deleteRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
