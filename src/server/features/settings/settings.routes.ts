import { createRoute } from "@hono/zod-openapi";
import { settingsSchema, themeUpdateSchema } from "#shared/settings/settings.schemas.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { SettingsService } from "./settings.service.ts";

const getSettings = createRoute({
  method: "get",
  operationId: "getSettings",
  path: "/",
  tags: ["Settings"],
  summary: "The signed-in user's settings (created with defaults on first read)",
  responses: { 200: { description: "Settings", content: json(settingsSchema) }, ...errorResponses },
});

const putSettings = createRoute({
  method: "put",
  operationId: "updateSettings",
  path: "/",
  tags: ["Settings"],
  summary: "Replace every settings field",
  request: { body: { required: true, content: json(settingsSchema) } },
  responses: { 200: { description: "Saved settings", content: json(settingsSchema) }, ...errorResponses },
});

const putTheme = createRoute({
  method: "put",
  operationId: "updateTheme",
  path: "/theme",
  tags: ["Settings"],
  summary: "Change only the theme mode",
  request: { body: { required: true, content: json(themeUpdateSchema) } },
  responses: { 200: { description: "Saved settings", content: json(settingsSchema) }, ...errorResponses },
});

export function settingsRoutes(service: SettingsService) {
  return createRouter()
    .openapi(getSettings, async (c) => c.json(await service.get(c.get("user").id), 200))
    .openapi(putSettings, async (c) => c.json(await service.update(c.get("user").id, c.req.valid("json")), 200))
    .openapi(putTheme, async (c) => c.json(await service.updateTheme(c.get("user").id, c.req.valid("json")), 200));
}
