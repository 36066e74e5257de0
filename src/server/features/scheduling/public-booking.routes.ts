// /api/public/*: the public booking page's endpoints (no sign-in). They show a
// link's own fields and nothing about its owner, validate every input here on
// the server, and are rate limited per client address (429 with Retry-After).
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import {
  bookedMeetingSchema,
  bookMeetingSchema,
  publicLinkSchema,
  publicMeetingSchema,
  slotListSchema,
  slotsQuerySchema,
} from "#shared/scheduling/scheduling.schemas.ts";
import { createRouter, json, notFoundResponse, publicOperation } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createBookingService } from "./booking.service.ts";
import { publicRateLimit } from "./public-rate-limit.ts";

const tags = ["Public booking"];
const codeParam = z.object({ linkCode: z.string() });
const tokenParam = z.object({ token: z.string() });
const errors = {
  400: { description: "Invalid input", content: json(errorResponseSchema) },
  ...notFoundResponse,
  429: { description: "Too many requests (see Retry-After)", content: json(errorResponseSchema) },
} as const;

const linkRoute = createRoute({
  method: "get",
  operationId: "getPublicSchedulingLink",
  path: "/schedule/{linkCode}",
  tags,
  ...publicOperation,
  summary: "An active scheduling link's public fields",
  request: { params: codeParam },
  responses: { 200: { description: "The link", content: json(publicLinkSchema) }, ...errors },
});

const slotsRoute = createRoute({
  method: "get",
  operationId: "listPublicSlots",
  path: "/schedule/{linkCode}/slots",
  tags,
  ...publicOperation,
  summary: "The free times of one date, in the link's zone",
  request: { params: codeParam, query: slotsQuerySchema },
  responses: { 200: { description: "Free slots", content: json(slotListSchema) }, ...errors },
});

const bookRoute = createRoute({
  method: "post",
  operationId: "bookMeeting",
  path: "/schedule/{linkCode}/meetings",
  tags,
  ...publicOperation,
  summary: "Book a slot: the prospect gets a confirmation with an invite, the owner a notification",
  description:
    "409 when the slot was booked a moment earlier (or overlaps another of the owner's meetings); the page then reloads the free times.",
  request: { params: codeParam, body: { content: json(bookMeetingSchema), required: true } },
  responses: {
    201: { description: "Booked", content: json(bookedMeetingSchema) },
    409: { description: "The slot is no longer free", content: json(errorResponseSchema) },
    ...errors,
  },
});

const meetingRoute = createRoute({
  method: "get",
  operationId: "getPublicMeeting",
  path: "/meetings/{token}",
  tags,
  ...publicOperation,
  summary: "The meeting behind a cancel link",
  request: { params: tokenParam },
  responses: { 200: { description: "The meeting", content: json(publicMeetingSchema) }, ...errors },
});

const cancelRoute = createRoute({
  method: "post",
  operationId: "cancelMeeting",
  path: "/meetings/{token}/cancel",
  tags,
  ...publicOperation,
  summary: "Cancel a meeting from the link in its confirmation email (frees the slot, tells the owner)",
  request: { params: tokenParam },
  responses: {
    200: { description: "Cancelled (or already cancelled)", content: json(publicMeetingSchema) },
    409: { description: "The meeting has already started", content: json(errorResponseSchema) },
    ...errors,
  },
});

export function publicBookingRoutes(deps: FeatureDeps) {
  const service = createBookingService(deps);
  const limit = publicRateLimit(deps);
  const router = createRouter();
  router.use("*", limit);
  return router
    .openapi(linkRoute, async (c) => c.json(await service.link(c.req.valid("param").linkCode), 200))
    .openapi(slotsRoute, async (c) =>
      c.json(await service.slots(c.req.valid("param").linkCode, c.req.valid("query").date), 200),
    )
    .openapi(bookRoute, async (c) =>
      c.json(await service.book(c.req.valid("param").linkCode, c.req.valid("json")), 201),
    )
    .openapi(meetingRoute, async (c) => c.json(await service.meeting(c.req.valid("param").token), 200))
    .openapi(cancelRoute, async (c) => c.json(await service.cancel(c.req.valid("param").token), 200));
}
