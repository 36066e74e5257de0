import { createRoute } from "@hono/zod-openapi";
import { emailListQuerySchema, emailListSchema } from "#shared/emails/emails.schemas.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createEmailsService } from "./emails.service.ts";

const listRoute = createRoute({
  method: "get",
  operationId: "listEmails",
  path: "/",
  tags: ["Emails"],
  summary:
    "The user's sent emails (campaign and direct), opened first then newest first, a page at a time; search looks at a bounded window per page and continues with nextCursor",
  request: { query: emailListQuerySchema },
  responses: { 200: { description: "A page of emails", content: json(emailListSchema) }, ...errorResponses },
});

export function emailRoutes({ db }: FeatureDeps) {
  const service = createEmailsService(db);
  return createRouter().openapi(listRoute, async (c) =>
    c.json(await service.list(c.get("user").id, c.req.valid("query")), 200),
  );
}
