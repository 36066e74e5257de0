// /api/senders: saved sender accounts and their connection test. Thin
// handlers; the service scopes every query to the signed-in user.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import {
  connectionTestInputSchema,
  connectionTestResultSchema,
  savedConnectionTestInputSchema,
  senderInputSchema,
  senderListSchema,
  senderSchema,
} from "#shared/senders/senders.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createSendersService } from "./senders.service.ts";

const tags = ["Senders"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }) });
const conflictResponse = {
  409: { description: "The email is already one of your saved senders", content: json(errorResponseSchema) },
} as const;
const testDescription =
  "Connects to the SMTP server, negotiates TLS as configured and signs in (nodemailer verify; no message is sent). " +
  "Failures come back as ok: false with a category (authentication, network, domain_issue, other), not as an HTTP error.";

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags,
  summary: "Saved sender accounts, newest first, with emails sent",
  responses: { 200: { description: "Senders", content: json(senderListSchema) }, ...errorResponses },
});

const createSenderRoute = createRoute({
  method: "post",
  path: "/",
  tags,
  summary: "Add a sender account (passwords are stored encrypted and never returned)",
  request: { body: { required: true, content: json(senderInputSchema) } },
  responses: {
    201: { description: "Created", content: json(senderSchema) },
    ...errorResponses,
    ...conflictResponse,
  },
});

const testUnsavedRoute = createRoute({
  method: "post",
  path: "/test",
  tags,
  summary: "Test SMTP settings that are not saved yet",
  description: testDescription,
  request: { body: { required: true, content: json(connectionTestInputSchema) } },
  responses: { 200: { description: "Test result", content: json(connectionTestResultSchema) }, ...errorResponses },
});

const getRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags,
  summary: "One saved sender account",
  request: { params: idParam },
  responses: {
    200: { description: "Sender", content: json(senderSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const updateRoute = createRoute({
  method: "put",
  path: "/{id}",
  tags,
  summary: "Change a sender account",
  description:
    "smtp/imap omitted keeps the stored connection, null removes it; a connection without a password keeps the stored password.",
  request: { params: idParam, body: { required: true, content: json(senderInputSchema) } },
  responses: {
    200: { description: "Saved sender", content: json(senderSchema) },
    ...errorResponses,
    ...notFoundResponse,
    ...conflictResponse,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{id}",
  tags,
  summary: "Delete a sender account (campaigns that imported it keep their own copy)",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...notFoundResponse },
});

const testSavedRoute = createRoute({
  method: "post",
  path: "/{id}/test",
  tags,
  summary: "Test a saved sender's SMTP connection",
  description: `${testDescription} Without a body the stored settings are tested; with smtp, those values (and the stored password when none is given).`,
  request: { params: idParam, body: { required: false, content: json(savedConnectionTestInputSchema) } },
  responses: {
    200: { description: "Test result", content: json(connectionTestResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function senderRoutes(deps: FeatureDeps) {
  const service = createSendersService(deps);
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ senders: await service.list(c.get("user").id) }, 200))
    .openapi(createSenderRoute, async (c) => c.json(await service.create(c.get("user").id, c.req.valid("json")), 201))
    .openapi(testUnsavedRoute, async (c) => c.json(await service.testUnsaved(c.req.valid("json")), 200))
    .openapi(getRoute, async (c) => c.json(await service.get(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(updateRoute, async (c) =>
      c.json(await service.update(c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(testSavedRoute, async (c) =>
      c.json(await service.testSaved(c.get("user").id, c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
