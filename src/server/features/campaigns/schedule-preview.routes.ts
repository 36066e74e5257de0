import { createRoute, z } from "@hono/zod-openapi";
import { schedulePreviewInputSchema, schedulePreviewSchema } from "#shared/sending/schedule-preview.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createSchedulePreviewService } from "./schedule-preview.service.ts";

const tags = ["Campaigns"];
const description =
  "Per day (the user's calendar day, as daily limits count): step-1 and follow-up sends and sends per sender address; the estimated end date; what limits it, the most sends held first. Simulated with the engine's rules: the window on each contact's clock, follow-up delays, each sender's daily limit and pacing, the user's daily limit and the campaign's new contacts per day (follow-ups first). Replies are not foreseen.";

const savedRoute = createRoute({
  method: "get",
  operationId: "getSchedulePreview",
  path: "/{id}/schedule-preview",
  tags,
  summary: "The campaign's planned schedule from what is queued now (a draft: as launch would queue it)",
  description,
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "The plan", content: json(schedulePreviewSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const draftRoute = createRoute({
  method: "post",
  operationId: "previewDraftSchedule",
  path: "/schedule-preview",
  tags,
  summary: "The planned schedule of a campaign not stored yet (the wizard's senders, contacts' zones, steps, cap)",
  description,
  request: { body: { required: true, content: json(schedulePreviewInputSchema) } },
  responses: {
    200: { description: "The plan", content: json(schedulePreviewSchema) },
    ...errorResponses,
  },
});

export function schedulePreviewRoutes(deps: FeatureDeps) {
  const service = createSchedulePreviewService(deps);
  return createRouter()
    .openapi(savedRoute, async (c) => c.json(await service.saved(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(draftRoute, async (c) => c.json(await service.draft(c.get("user").id, c.req.valid("json")), 200));
}
