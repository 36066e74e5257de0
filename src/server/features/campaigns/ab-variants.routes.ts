import { createRoute, z } from "@hono/zod-openapi";
import { campaignVariantsSchema, pickWinnerInputSchema } from "#shared/sequences/ab-variants.schemas.ts";
import { abSettingsSchema } from "#shared/sequences/ab-winner.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createAbVariantsService } from "./ab-variants.service.ts";

const tags = ["Campaigns"];
const idParam = z.object({ id: z.string() });

const getRoute = createRoute({
  method: "get",
  operationId: "getAbVariants",
  path: "/{id}/variants",
  tags,
  summary:
    "A/B variants: per step with variants, each variant's sent, opened, replied and reply rate, the winner and why",
  description:
    "Only the steps with more than one variant. `opened` is null when the campaign does not track opens. `verdict.reason` is the sentence the campaign page shows ('not enough sends yet: 32 of 50', 'no significant difference yet (p = 0.21, needs < 0.05)', 'Variant B wins: 12.0% vs 6.5% replies (95% confidence)').",
  request: { params: idParam },
  responses: {
    200: { description: "Variants", content: json(campaignVariantsSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});
const pickRoute = createRoute({
  method: "post",
  operationId: "pickAbWinner",
  path: "/{id}/steps/{stepId}/winner",
  tags,
  summary: "Pick a step's A/B winner by hand: its contacts not yet sent the step get that variant",
  request: {
    params: z.object({ id: z.string(), stepId: z.string() }),
    body: { required: true, content: json(pickWinnerInputSchema) },
  },
  responses: {
    200: { description: "Picked", content: json(campaignVariantsSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});
const settingsRoute = createRoute({
  method: "put",
  operationId: "updateAbSettings",
  path: "/{id}/ab-settings",
  tags,
  summary: "The automatic A/B winner: on or off, the minimum sends per variant and the confidence (%)",
  description:
    "On, a step's winner is chosen when every variant has at least `minSends` sends and the best reply rate differs significantly from each other variant's (two-proportion z-test at `confidence`); checked at once and then every minute by the worker.",
  request: { params: idParam, body: { required: true, content: json(abSettingsSchema) } },
  responses: {
    200: { description: "Saved", content: json(campaignVariantsSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function abVariantRoutes(deps: FeatureDeps) {
  const service = createAbVariantsService(deps);
  return createRouter()
    .openapi(getRoute, async (c) => c.json(await service.get(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(pickRoute, async (c) => {
      const { id, stepId } = c.req.valid("param");
      return c.json(await service.pickWinner(c.get("user").id, id, stepId, c.req.valid("json").variant), 200);
    })
    .openapi(settingsRoute, async (c) =>
      c.json(await service.saveSettings(c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
