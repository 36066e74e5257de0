import { createRoute, z } from "@hono/zod-openapi";
import {
  templateInputSchema,
  templateListQuerySchema,
  templateListSchema,
  templateSchema,
} from "#shared/templates/templates.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createTemplateService } from "./templates.service.ts";

const idParam = z.object({ id: z.string().max(100) });

const listTemplates = createRoute({
  method: "get",
  operationId: "listTemplates",
  path: "/",
  tags: ["Templates"],
  summary: "The user's templates, newest updated first; optional search (name, description, campaign name) and tag",
  request: { query: templateListQuerySchema },
  responses: { 200: { description: "Templates", content: json(templateListSchema) }, ...errorResponses },
});

const getTemplate = createRoute({
  method: "get",
  operationId: "getTemplate",
  path: "/{id}",
  tags: ["Templates"],
  summary: "One template (its sequence is [] when the stored data is unreadable)",
  request: { params: idParam },
  responses: {
    200: { description: "Template", content: json(templateSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const saveTemplate = createRoute({
  method: "post",
  operationId: "createTemplate",
  path: "/",
  tags: ["Templates"],
  summary: "Save a sequence as a template (tags trimmed and de-duplicated, rich text sanitised)",
  request: { body: { required: true, content: json(templateInputSchema) } },
  responses: { 201: { description: "Saved template", content: json(templateSchema) }, ...errorResponses },
});

const deleteTemplate = createRoute({
  method: "delete",
  operationId: "deleteTemplate",
  path: "/{id}",
  tags: ["Templates"],
  summary: "Delete a template",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...notFoundResponse },
});

export function templateRoutes(deps: FeatureDeps) {
  const service = createTemplateService(deps.db);
  return createRouter()
    .openapi(listTemplates, async (c) => {
      const templates = await service.list(c.get("user").id, c.req.valid("query"));
      return c.json({ templates }, 200);
    })
    .openapi(getTemplate, async (c) => c.json(await service.get(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(saveTemplate, async (c) => c.json(await service.create(c.get("user").id, c.req.valid("json")), 201))
    .openapi(deleteTemplate, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
