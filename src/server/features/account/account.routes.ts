// /api/account/sessions: Settings › Account's list of the user's signed-in
// sessions, 'Sign out' of one and 'Sign out everywhere else'. Thin handlers;
// the service scopes everything to the signed-in user.
import { createRoute, z } from "@hono/zod-openapi";
import { accountSessionListSchema, signedOutSchema } from "#shared/account/account.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createAccountSessionsService } from "./account-sessions.service.ts";

const tags = ["Account"];

const listRoute = createRoute({
  method: "get",
  operationId: "listSessions",
  path: "/sessions",
  tags,
  summary: "Your signed-in sessions: device, address, last seen; the one making the request is current",
  responses: { 200: { description: "Sessions", content: json(accountSessionListSchema) }, ...errorResponses },
});

const revokeRoute = createRoute({
  method: "delete",
  operationId: "revokeSession",
  path: "/sessions/{id}",
  tags,
  summary: "Sign out one of your other sessions (not the current one: sign out for that)",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: { 204: { description: "Signed out" }, ...errorResponses, ...notFoundResponse },
});

const revokeOthersRoute = createRoute({
  method: "post",
  operationId: "revokeOtherSessions",
  path: "/sessions/sign-out-others",
  tags,
  summary: "Sign out every session of yours but the current one",
  responses: { 200: { description: "How many were signed out", content: json(signedOutSchema) }, ...errorResponses },
});

export function accountRoutes(deps: FeatureDeps) {
  const service = createAccountSessionsService(deps.db);
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json({ sessions: await service.list(c.get("user").id, c.get("sessionId"), deps.now?.() ?? new Date()) }, 200),
    )
    .openapi(revokeOthersRoute, async (c) =>
      c.json({ signedOut: await service.revokeOthers(c.get("user").id, c.get("sessionId")) }, 200),
    )
    .openapi(revokeRoute, async (c) => {
      await service.revoke(c.get("user").id, c.get("sessionId"), c.req.valid("param").id);
      return c.body(null, 204);
    });
}
