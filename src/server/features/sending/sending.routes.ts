import { createRoute, z } from "@hono/zod-openapi";
import { launchResultSchema } from "#shared/sending/launch.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import { renderClaimedSend } from "../../jobs/render-claimed.ts";
import { createSendWorker } from "../../jobs/send-worker.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createLaunchService } from "./launch.service.ts";

const launchRoute = createRoute({
  method: "post",
  path: "/campaigns/{id}/launch",
  tags: ["Sending"],
  summary: "Launch a draft campaign: queue step 1 for every contact and send the first batch now",
  description:
    "One transaction queues step 1 (senders assigned round-robin, suppressed addresses skipped) and sets the campaign active; the first batch (up to 100, within the day's limits and the sending window) is delivered before answering. 409 when the campaign was already launched.",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Launched; what the first batch did", content: json(launchResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function sendingRoutes(deps: FeatureDeps) {
  const worker = createSendWorker({
    db: deps.db,
    config: deps.config,
    log: deps.log,
    transports: deps.transports,
    render: renderClaimedSend(deps.config),
    now: deps.now,
  });
  const service = createLaunchService(deps, worker);
  return createRouter().openapi(launchRoute, async (c) =>
    c.json(await service.launch(c.get("user").id, c.req.valid("param").id), 200),
  );
}
