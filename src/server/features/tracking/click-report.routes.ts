// /api/campaigns/{id}/clicks: the campaign's click figures (campaign, step,
// variant, link). Thin handler; the service scopes it to the user.
import { createRoute, z } from "@hono/zod-openapi";
import { campaignClicksSchema } from "#shared/tracking/click-report.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createClickReportService } from "./click-report.service.ts";

const getRoute = createRoute({
  method: "get",
  operationId: "getClickReport",
  path: "/{id}/clicks",
  tags: ["Campaigns"],
  summary: "Clicks: the campaign's, per step, per step and A/B variant, and per link",
  description:
    "Over the campaign's sent emails. `clicked`: emails with at least one link followed; `clicks`: links followed, " +
    "one per email and link however often; a link's `clicks`: emails whose recipient followed it. " +
    "`clicksTracked` says whether the campaign or a step rewrites links now (Track clicks).",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Clicks", content: json(campaignClicksSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function clickReportRoutes(deps: FeatureDeps) {
  const service = createClickReportService(deps);
  return createRouter().openapi(getRoute, async (c) =>
    c.json(await service.get(c.get("user").id, c.req.valid("param").id), 200),
  );
}
