// /api/scheduling-links: the signed-in owner's scheduling links (the
// Scheduling Links manager on the calendar). Thin handlers; the service scopes
// every query to the user.
import { createRoute, z } from "@hono/zod-openapi";
import {
  createLinkSchema,
  organizerOptionsSchema,
  schedulingLinkListSchema,
  schedulingLinkSchema,
  updateLinkSchema,
} from "#shared/scheduling/scheduling.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createSchedulingService } from "./scheduling.service.ts";

const tags = ["Scheduling"];
const idParam = z.object({ id: z.string() });

const listRoute = createRoute({
  method: "get",
  operationId: "listSchedulingLinks",
  path: "/",
  tags,
  summary: "Your scheduling links, newest first",
  responses: { 200: { description: "Links", content: json(schedulingLinkListSchema) }, ...errorResponses },
});

const organizerRoute = createRoute({
  method: "get",
  operationId: "getSchedulingOrganizer",
  path: "/organizer",
  tags,
  summary: "A new link's organizer (your first sender account) and the addresses an organizer may use",
  responses: { 200: { description: "Organizer options", content: json(organizerOptionsSchema) }, ...errorResponses },
});

const createLinkRoute = createRoute({
  method: "post",
  operationId: "createSchedulingLink",
  path: "/",
  tags,
  summary: "Create a scheduling link (an 8-character public code is generated)",
  description:
    "Without an organizer the link takes your first sender account (your name on it); the organizer's address must be one of your sender accounts' or your sign-in address.",
  request: { body: { content: json(createLinkSchema), required: true } },
  responses: { 201: { description: "Created", content: json(schedulingLinkSchema) }, ...errorResponses },
});

const updateRoute = createRoute({
  method: "patch",
  operationId: "updateSchedulingLink",
  path: "/{id}",
  tags,
  summary: "Deactivate or reactivate a link (only active links are public), or change its booking rules or organizer",
  request: { params: idParam, body: { content: json(updateLinkSchema), required: true } },
  responses: {
    200: { description: "Updated", content: json(schedulingLinkSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  operationId: "deleteSchedulingLink",
  path: "/{id}",
  tags,
  summary: "Delete a link and its meetings",
  request: { params: idParam },
  responses: {
    200: { description: "Deleted", content: json(z.object({ message: z.string() })) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function schedulingRoutes(deps: FeatureDeps) {
  const service = createSchedulingService(deps);
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ links: await service.list(c.get("user").id) }, 200))
    .openapi(organizerRoute, async (c) => c.json(await service.organizerOptions(c.get("user").id), 200))
    .openapi(createLinkRoute, async (c) => c.json(await service.create(c.get("user").id, c.req.valid("json")), 201))
    .openapi(updateRoute, async (c) =>
      c.json(await service.update(c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").id);
      return c.json({ message: "Scheduling link deleted" }, 200);
    });
}
