// /api/leads/{email}: a lead's status across campaigns (docs/product.md §24).
// Thin handlers; the service scopes everything to the user.
import { createRoute } from "@hono/zod-openapi";
import { leadStatuses } from "#shared/db-enums.ts";
import {
  leadParamsSchema,
  leadStatusHistorySchema,
  leadStatusSchema,
  setLeadStatusInputSchema,
} from "#shared/lead-status/lead-status.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createLeadStatusService } from "./lead-status.service.ts";

const tags = ["Leads"];

const setRoute = createRoute({
  method: "put",
  path: "/{email}/status",
  operationId: "setLeadStatus",
  tags,
  summary: "Set the status of a lead (one of your contacts' addresses, across campaigns)",
  description: `One of: ${leadStatuses.join(", ")}. Choosing the status the app suggested confirms it. What you set is changed only by you, or by an unsubscribe or a hard bounce.`,
  request: {
    params: leadParamsSchema,
    body: { required: true, content: json(setLeadStatusInputSchema) },
  },
  responses: {
    200: { description: "The lead's status", content: json(leadStatusSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const historyRoute = createRoute({
  method: "get",
  path: "/{email}/status",
  operationId: "getLeadStatus",
  tags,
  summary: "A lead's status and its changes, newest first: when, from, to and by whom",
  request: { params: leadParamsSchema },
  responses: {
    200: { description: "The status and its history", content: json(leadStatusHistorySchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function leadStatusRoutes(deps: FeatureDeps) {
  const service = createLeadStatusService(deps.db);
  return createRouter()
    .openapi(setRoute, async (c) =>
      c.json(
        await service.set(
          c.get("user").id,
          c.req.valid("param").email,
          c.req.valid("json").status,
          c.get("credential") === "api_key" ? "api" : "user",
        ),
        200,
      ),
    )
    .openapi(historyRoute, async (c) =>
      c.json(await service.history(c.get("user").id, c.req.valid("param").email), 200),
    );
}
