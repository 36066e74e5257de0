// /api/bounce-protection: what bounce protection paused (mailboxes and
// campaigns) with the figure that did it, Resume, and a mailbox's own
// thresholds. The thresholds of the user are part of /api/settings.
import { createRoute, z } from "@hono/zod-openapi";
import {
  bounceProtectionStateSchema,
  resumedSchema,
  resumeSenderInputSchema,
  senderProtectionInputSchema,
  senderProtectionSchema,
} from "#shared/bounce-protection/bounce-protection.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createBounceProtectionService } from "./bounce-protection.service.ts";

const tags = ["Bounce protection"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });

const stateRoute = createRoute({
  method: "get",
  operationId: "getBounceProtection",
  path: "/",
  tags,
  summary: "Your paused mailboxes and campaigns, and each mailbox's own thresholds",
  responses: {
    200: { description: "Bounce protection", content: json(bounceProtectionStateSchema) },
    ...errorResponses,
  },
});

const putSenderRoute = createRoute({
  method: "put",
  operationId: "setSenderBounceThresholds",
  path: "/senders",
  tags,
  summary: "Set a mailbox address's own hard-bounce rate and minimum sends (null: your settings')",
  request: { body: { required: true, content: json(senderProtectionInputSchema) } },
  responses: { 200: { description: "Saved", content: json(senderProtectionSchema) }, ...errorResponses },
});

const resumeSenderRoute = createRoute({
  method: "post",
  operationId: "resumeBouncePausedSender",
  path: "/senders/resume",
  tags,
  summary: "Resume a paused mailbox (every campaign sending from it)",
  description: "Its queued sends go out again; what came back before now does not pause it again.",
  request: { body: { required: true, content: json(resumeSenderInputSchema) } },
  responses: { 200: { description: "Resumed", content: json(resumedSchema) }, ...errorResponses, ...notFoundResponse },
});

const resumeCampaignRoute = createRoute({
  method: "post",
  operationId: "resumeBouncePausedCampaign",
  path: "/campaigns/{id}/resume",
  tags,
  summary: "Resume a campaign bounce protection paused",
  description: "As Activate: its held sends are queued again; what came back before now does not pause it again.",
  request: { params: idParam },
  responses: {
    200: { description: "Resumed", content: json(resumedSchema) },
    ...errorResponses,
    ...notFoundResponse,
    409: { description: "Not paused by bounce protection", content: errorResponses[400].content },
  },
});

export function bounceProtectionRoutes(deps: FeatureDeps) {
  const service = createBounceProtectionService(deps);
  return createRouter()
    .openapi(stateRoute, async (c) => c.json(await service.state(c.get("user").id), 200))
    .openapi(putSenderRoute, async (c) => c.json(await service.putSender(c.get("user").id, c.req.valid("json")), 200))
    .openapi(resumeSenderRoute, async (c) =>
      c.json(await service.resumeSender(c.get("user").id, c.req.valid("json").email), 200),
    )
    .openapi(resumeCampaignRoute, async (c) =>
      c.json(await service.resumeCampaign(c.get("user").id, c.req.valid("param").id), 200),
    );
}
