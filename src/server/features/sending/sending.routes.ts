import { createRoute, z } from "@hono/zod-openapi";
import { launchResultSchema } from "#shared/sending/launch.schemas.ts";
import {
  retryFailedPreviewSchema,
  retryFailedResultSchema,
  retryFailedSendResultSchema,
} from "#shared/sending/retry-failed.schemas.ts";
import {
  unknownSendBatchResultSchema,
  unknownSendBatchSchema,
  unknownSendDecisionResultSchema,
  unknownSendListSchema,
  unknownSendQuerySchema,
} from "#shared/sending/unknown-sends.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createLaunchService } from "./launch.service.ts";
import { createRetryFailedService } from "./retry-failed.service.ts";
import { createUnknownSendsService } from "./unknown-sends.service.ts";

const launchRoute = createRoute({
  method: "post",
  operationId: "launchCampaign",
  path: "/campaigns/{id}/launch",
  tags: ["Sending"],
  summary: "Launch a draft campaign: queue step 1 for every contact; the send worker starts at once",
  description:
    "Every sender of the campaign must be able to send (400 naming each one that cannot, nothing queued). One transaction queues step 1 (senders assigned round-robin, suppressed addresses skipped) and sets the campaign active. The send worker delivers, within the day's limits and the sending window; the answer waits for its first round a few seconds at most and says what step 1 came to by then (sent, failed, retrying, still queued). 409 when the campaign was already launched.",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Launched; what the first batch did", content: json(launchResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const unknownListRoute = createRoute({
  method: "get",
  operationId: "listUnknownSends",
  path: "/unknown-sends",
  tags: ["Sending"],
  summary: "Sends whose delivery is unknown, waiting for the user's decision (all campaigns, or one)",
  description:
    "A send is unknown when it was handed to the SMTP server and the worker stopped, or the connection was lost, before the server answered. Newest first, at most 500.",
  request: { query: unknownSendQuerySchema },
  responses: { 200: { description: "Waiting sends", content: json(unknownSendListSchema) }, ...errorResponses },
});

const decisionRoute = (decision: "send-anyway" | "skip") =>
  createRoute({
    method: "post",
    path: `/unknown-sends/{id}/${decision}`,
    operationId: decision === "send-anyway" ? "sendUnknownSendAnyway" : "skipUnknownSend",
    tags: ["Sending"],
    summary:
      decision === "send-anyway"
        ? "Send an unknown send again (it may then arrive twice)"
        : "Skip an unknown send: do not send it again; the contact's next step is queued",
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: "Decided", content: json(unknownSendDecisionResultSchema) },
      ...errorResponses,
      ...notFoundResponse,
    },
  });

const batchDecisionRoute = (decision: "send-anyway" | "skip") =>
  createRoute({
    method: "post",
    path: `/unknown-sends/${decision}`,
    operationId: decision === "send-anyway" ? "sendUnknownSendsAnyway" : "skipUnknownSends",
    tags: ["Sending"],
    summary:
      decision === "send-anyway"
        ? "Send several unknown sends again (any that reached the server then arrives twice)"
        : "Skip several unknown sends: none is sent again; each contact's next step is queued",
    request: { body: { content: json(unknownSendBatchSchema), required: true } },
    responses: {
      200: { description: "Decided", content: json(unknownSendBatchResultSchema) },
      ...errorResponses,
    },
  });

const retryRule =
  "Retried: soft bounces, rate limits, network and sign-in failures (fix the sender first) and unexplained ones. Never: hard bounces, invalid addresses, refusals, blocks, spam or content filtering, domain problems, sends of unknown delivery (Send anyway / Skip), contacts whose sequence stopped and suppressed addresses. A retried step is queued again with its send record and Message-ID, due at the next allowed instant (held while the campaign is paused); the claim checks the contact and the suppression list again, and a sent step queues the next one as usual.";

const retryPreviewRoute = createRoute({
  method: "get",
  operationId: "previewRetryFailedSends",
  path: "/campaigns/{id}/retry-failed",
  tags: ["Sending"],
  summary: "How many of a campaign's failed sends Retry failed sends would queue again, and why the others not",
  description: retryRule,
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Retryable and skipped", content: json(retryFailedPreviewSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const retryCampaignRoute = createRoute({
  method: "post",
  operationId: "retryFailedSends",
  path: "/campaigns/{id}/retry-failed",
  tags: ["Sending"],
  summary: "Retry failed sends: queue every retryable failure of the campaign again, in one transaction",
  description: retryRule,
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Queued and skipped", content: json(retryFailedResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const retryOneRoute = createRoute({
  method: "post",
  operationId: "retryFailedSend",
  path: "/failed-sends/{id}/retry",
  tags: ["Sending"],
  summary: "Retry one failed send (a Failed emails row, by its id): its step is queued again",
  description: `${retryRule} 409 with the reason when this one is not retried.`,
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Queued again", content: json(retryFailedSendResultSchema) },
    409: { description: "Not retried: the reason", content: errorResponses[400].content },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function sendingRoutes(deps: FeatureDeps) {
  const service = createLaunchService(deps);
  const unknown = createUnknownSendsService(deps);
  const retries = createRetryFailedService(deps);
  return createRouter()
    .openapi(retryPreviewRoute, async (c) =>
      c.json(await retries.preview(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(retryCampaignRoute, async (c) =>
      c.json(await retries.retryCampaign(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(retryOneRoute, async (c) => c.json(await retries.retryOne(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(launchRoute, async (c) => c.json(await service.launch(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(unknownListRoute, async (c) =>
      c.json({ sends: await unknown.list(c.get("user").id, c.req.valid("query").campaignId) }, 200),
    )
    .openapi(decisionRoute("send-anyway"), async (c) =>
      c.json(await unknown.sendAnyway(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(decisionRoute("skip"), async (c) =>
      c.json(await unknown.skip(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(batchDecisionRoute("send-anyway"), async (c) =>
      c.json(await unknown.decideAll(c.get("user").id, c.req.valid("json").ids, "send-anyway"), 200),
    )
    .openapi(batchDecisionRoute("skip"), async (c) =>
      c.json(await unknown.decideAll(c.get("user").id, c.req.valid("json").ids, "skip"), 200),
    );
}
