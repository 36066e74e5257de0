// /api/calendar: a month as per-day counts (the grid and the legend), and one
// day's events a page at a time (the day list). Times in the user's timezone.
// A meeting's 'Link to contact' (event details): the contacts to pick from and
// the link itself, which stops that contact's sequence.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import {
  calendarDayEventsSchema,
  calendarMonthSchema,
  dayQuerySchema,
  linkedMeetingSchema,
  linkMeetingInputSchema,
  meetingContactListSchema,
  meetingContactsQuerySchema,
  monthQuerySchema,
} from "#shared/calendar/calendar.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createCalendarService } from "./calendar.service.ts";
import { createMeetingContactService } from "./meeting-contact.service.ts";

const tags = ["Calendar"];

const monthRoute = createRoute({
  method: "get",
  operationId: "getCalendarMonth",
  path: "/month",
  tags,
  summary: "Per-day counts of scheduled, sent and failed emails and meetings in a month",
  request: { query: monthQuerySchema },
  responses: { 200: { description: "The month", content: json(calendarMonthSchema) }, ...errorResponses },
});

const dayRoute = createRoute({
  method: "get",
  operationId: "getCalendarDay",
  path: "/day",
  tags,
  summary: "One day's events, in time order, a page at a time",
  request: { query: dayQuerySchema },
  responses: { 200: { description: "The day's events", content: json(calendarDayEventsSchema) }, ...errorResponses },
});

const meetingParam = z.object({ meetingId: z.string() });

const meetingContactsRoute = createRoute({
  method: "get",
  operationId: "listMeetingContacts",
  path: "/meetings/{meetingId}/contacts",
  tags,
  summary: "The user's contacts a meeting can be linked to (searched; the booker's address first)",
  request: { params: meetingParam, query: meetingContactsQuerySchema },
  responses: {
    200: { description: "Contacts", content: json(meetingContactListSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const linkMeetingRoute = createRoute({
  method: "post",
  operationId: "linkMeetingContact",
  path: "/meetings/{meetingId}/contact",
  tags,
  summary: "Link a meeting to one of the user's contacts: stops the steps queued to that contact's address",
  request: { params: meetingParam, body: { content: json(linkMeetingInputSchema), required: true } },
  responses: {
    200: { description: "Linked", content: json(linkedMeetingSchema) },
    409: { description: "The meeting was cancelled", content: json(errorResponseSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function calendarRoutes(deps: FeatureDeps) {
  const service = createCalendarService(deps);
  const meetings = createMeetingContactService(deps);
  return createRouter()
    .openapi(monthRoute, async (c) => c.json(await service.month(c.get("user").id, c.req.valid("query").month), 200))
    .openapi(dayRoute, async (c) => {
      const q = c.req.valid("query");
      return c.json(await service.day(c.get("user").id, q.date, q.cursor), 200);
    })
    .openapi(meetingContactsRoute, async (c) => {
      const { meetingId } = c.req.valid("param");
      const contacts = await meetings.contacts(c.get("user").id, meetingId, c.req.valid("query").search);
      return c.json({ contacts }, 200);
    })
    .openapi(linkMeetingRoute, async (c) => {
      const { meetingId } = c.req.valid("param");
      return c.json(await meetings.link(c.get("user").id, meetingId, c.req.valid("json").contactId), 200);
    });
}
