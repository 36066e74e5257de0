// Public endpoints: health (for load balancers and operators) and the app facts
// the SPA needs before sign-in.
import { createRoute } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { appInfoSchema, healthSchema } from "#shared/app-info/app-info.schemas.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { createRouter, json, misdirectedResponse, publicOperation } from "../../http/openapi.ts";

const healthRoute = createRoute({
  method: "get",
  operationId: "getHealth",
  path: "/health",
  tags: ["Meta"],
  ...publicOperation,
  summary: "Liveness and database status",
  responses: {
    200: { description: "Healthy", content: json(healthSchema) },
    ...misdirectedResponse,
    503: { description: "Database unreachable", content: json(healthSchema) },
  },
});

const infoRoute = createRoute({
  method: "get",
  operationId: "getAppInfo",
  path: "/app-info",
  tags: ["Meta"],
  ...publicOperation,
  summary: "Mail delivery mode and configured sign-in providers",
  responses: { 200: { description: "App facts", content: json(appInfoSchema) }, ...misdirectedResponse },
});

export function appInfoRoutes(deps: { config: Config; database: Database; version: string }) {
  const { config, database } = deps;
  return createRouter()
    .openapi(healthRoute, async (c) => {
      const started = performance.now();
      let up = true;
      try {
        await database.db.execute(sql`select 1`);
      } catch {
        up = false;
      }
      const body = {
        status: up ? ("ok" as const) : ("degraded" as const),
        database: {
          status: up ? ("up" as const) : ("down" as const),
          kind: database.kind,
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
        role: config.role,
        mailDelivery: config.mailDelivery,
      };
      return up ? c.json(body, 200) : c.json(body, 503);
    })
    .openapi(infoRoute, (c) =>
      c.json(
        { mailDelivery: config.mailDelivery, googleSignIn: config.google !== undefined, version: deps.version },
        200,
      ),
    );
}
