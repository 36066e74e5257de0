import { createRoute } from "@hono/zod-openapi";
import { composeInputSchema, composeResultSchema } from "#shared/compose/compose.schemas.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { TransportFactory } from "../../sending/outgoing.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createComposeService } from "./compose.service.ts";

const sendRoute = createRoute({
  method: "post",
  operationId: "sendDirectEmail",
  path: "/direct",
  tags: ["Compose"],
  summary: "Send one email now (recorded as a send without a campaign)",
  request: { body: { required: true, content: json(composeInputSchema) } },
  responses: {
    200: { description: "Sent, or failed with the reason stored on the send", content: json(composeResultSchema) },
    ...errorResponses,
  },
});

export function composeRoutes(deps: FeatureDeps, transports: TransportFactory = deps.transports) {
  const service = createComposeService(deps, transports);
  return createRouter().openapi(sendRoute, async (c) =>
    c.json(await service.send(c.get("user").id, c.req.valid("json")), 200),
  );
}
