// /api/sender-pacing: human pacing per mailbox address (a random gap between
// sends, an hourly limit, a ramp for a new mailbox), shared by the saved
// sender and every campaign copy with that address.
import { createRoute, z } from "@hono/zod-openapi";
import {
  senderPacingInputSchema,
  senderPacingListSchema,
  senderPacingSchema,
} from "#shared/senders/sender-pacing.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createSenderPacingService } from "./sender-pacing.service.ts";

const tags = ["Senders"];
const emailQuery = z.object({
  email: z.string().openapi({ param: { name: "email", in: "query" }, example: "jane@acme.com" }),
});
// The address is the key of the caller's own pacing row, not another object's id:
// another user naming it writes or removes only their own row.
const putBodySchema = senderPacingInputSchema.and(z.object({ email: z.string() })).meta({ id: "SenderPacingPut" });

const listRoute = createRoute({
  method: "get",
  operationId: "listSenderPacing",
  path: "/",
  tags,
  summary: "The pacing of each of your mailbox addresses that has one",
  responses: { 200: { description: "Pacing", content: json(senderPacingListSchema) }, ...errorResponses },
});

const putRoute = createRoute({
  method: "put",
  operationId: "setSenderPacing",
  path: "/",
  tags,
  summary: "Set a mailbox address's pacing (every campaign that sends from it)",
  description:
    "After each send the mailbox waits a random gap between gapMinSeconds and gapMaxSeconds; at most hourlyLimit sends in any rolling hour; " +
    "with a ramp, `start` sends on the day it is turned on and `step` more each day, up to the sender's daily limit. " +
    "Rows held back wait; nothing is dropped. The address need not be a saved sender yet.",
  request: { body: { required: true, content: json(putBodySchema) } },
  responses: { 200: { description: "Saved", content: json(senderPacingSchema) }, ...errorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  operationId: "deleteSenderPacing",
  path: "/",
  tags,
  summary: "Remove a mailbox address's pacing",
  request: { query: emailQuery },
  responses: { 204: { description: "Removed" }, ...errorResponses, ...notFoundResponse },
});

export function senderPacingRoutes(deps: FeatureDeps) {
  const service = createSenderPacingService(deps);
  return createRouter()
    .openapi(listRoute, async (c) => c.json({ pacing: await service.list(c.get("user").id) }, 200))
    .openapi(putRoute, async (c) => {
      const { email, ...input } = c.req.valid("json");
      return c.json(await service.put(c.get("user").id, email, input), 200);
    })
    .openapi(deleteRoute, async (c) => {
      await service.remove(c.get("user").id, c.req.valid("query").email);
      return c.body(null, 204);
    });
}
