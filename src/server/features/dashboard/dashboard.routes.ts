import { createRoute } from "@hono/zod-openapi";
import {
  dashboardActivitySchema,
  dashboardSummarySchema,
  failureStatsSchema,
  mailSyncStatusSchema,
} from "#shared/dashboard/dashboard.schemas.ts";
import { createRouter, errorResponses, json } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createDashboardService } from "./dashboard.service.ts";

const tags = ["Dashboard"];

const summaryRoute = createRoute({
  method: "get",
  operationId: "getDashboardSummary",
  path: "/summary",
  tags,
  summary: "Campaign Overview, Contact Management and Email Performance figures",
  description:
    "Counts over all the user's sends (campaign and direct) and contacts, from the reporting counters. Rates are whole percents: open rate = opened / sent, reply rate = replied active contacts / active contacts, failure rate = failed / all sends; 0 when there is nothing to divide by.",
  responses: { 200: { description: "Figures", content: json(dashboardSummarySchema) }, ...errorResponses },
});

const failuresRoute = createRoute({
  method: "get",
  operationId: "getDashboardFailures",
  path: "/failures",
  tags,
  summary: "The failure-rate panel: rates, band, breakdown by category and the 10 newest failures",
  description:
    "Bands: none (nothing sent), perfect (0 failures), good (up to 5%), moderate (up to 15%), high (above 15%), decided on the rounded failure rate. The breakdown lists only the eight displayed categories with a count above 0; domain issues, content filtered and other are counted in byCategory and the rates only.",
  responses: { 200: { description: "Failure statistics", content: json(failureStatsSchema) }, ...errorResponses },
});

const activityRoute = createRoute({
  method: "get",
  operationId: "getDashboardActivity",
  path: "/activity",
  tags,
  summary: "Sends, opens and replies per UTC day over the last 30 days (zero-filled, oldest first)",
  description:
    "A send counts on its sent_at day, an open on its opened_at day, a reply on the contact's replied_at day.",
  responses: { 200: { description: "Daily activity", content: json(dashboardActivitySchema) }, ...errorResponses },
});

const mailSyncRoute = createRoute({
  method: "get",
  operationId: "getMailSyncStatus",
  path: "/mail-sync",
  tags,
  summary: "The mail-sync status card's state",
  description:
    "Once the mailbox sync reads any of the user's mailboxes (IMAP or Gmail): errors when some mailbox failed since its last successful run (syncErrors, lastError), working otherwise. Before that: not_configured: no sender account has Gmail sync on; disabled: none has sync on and a refresh token; errors: some of the newest 100 sends of the last 7 days carry an error message; working otherwise.",
  responses: { 200: { description: "Mail-sync status", content: json(mailSyncStatusSchema) }, ...errorResponses },
});

export function dashboardRoutes(deps: FeatureDeps) {
  const service = createDashboardService(deps);
  return createRouter()
    .openapi(summaryRoute, async (c) => c.json(await service.summary(c.get("user").id), 200))
    .openapi(failuresRoute, async (c) => c.json(await service.failures(c.get("user").id), 200))
    .openapi(activityRoute, async (c) => c.json(await service.activity(c.get("user").id), 200))
    .openapi(mailSyncRoute, async (c) => c.json(await service.mailSync(c.get("user").id), 200));
}
