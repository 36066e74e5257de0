// /api/calendar: a month as per-day counts (the grid and the legend), and one
// day's events a page at a time (the day list). Times in the user's timezone.
import { createRoute } from "@hono/zod-openapi";
import {
  calendarDayEventsSchema,
  calendarMonthSchema,
  dayQuerySchema,
  monthQuerySchema,
} from "#shared/calendar/calendar.schemas.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createCalendarService } from "./calendar.service.ts";

const tags = ["Calendar"];

const monthRoute = createRoute({
  method: "get",
  path: "/month",
  tags,
  summary: "Per-day counts of scheduled, sent and failed emails and meetings in a month",
  request: { query: monthQuerySchema },
  responses: { 200: { description: "The month", content: json(calendarMonthSchema) }, ...errorResponses },
});

const dayRoute = createRoute({
  method: "get",
  path: "/day",
  tags,
  summary: "One day's events, in time order, a page at a time",
  request: { query: dayQuerySchema },
  responses: { 200: { description: "The day's events", content: json(calendarDayEventsSchema) }, ...errorResponses },
});

export function calendarRoutes(deps: FeatureDeps) {
  const service = createCalendarService(deps);
  return createRouter()
    .openapi(monthRoute, async (c) => c.json(await service.month(c.get("user").id, c.req.valid("query").month), 200))
    .openapi(dayRoute, async (c) => {
      const q = c.req.valid("query");
      return c.json(await service.day(c.get("user").id, q.date, q.cursor), 200);
    });
}
