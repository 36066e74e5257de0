// The mailbox screens' API: Reply Tracker (/api/mailbox/reply-tracker/*),
// Failed emails (/api/spam, /api/mailbox/recent-failures) and Email
// Classification (/api/mailbox/reply-classes, /api/mailbox/replies). The
// sync itself, Refresh (POST /api/mailbox/sync), Test Reply Tracking and
// Restore belong to the mailbox sync (mailbox/mailbox-sync.ts).
import { createRoute, z } from "@hono/zod-openapi";
import {
  classifiedRepliesQuerySchema,
  classifiedReplyPageSchema,
  deliveryFailureListSchema,
  markRepliedInputSchema,
  markRepliedResultSchema,
  replyClassCountsSchema,
  replyClassUpdateSchema,
  replyDetailSchema,
  replyTrackerPageSchema,
  replyTrackerQuerySchema,
  replyTrackerSummarySchema,
  spamClearResultSchema,
  spamEmailDetailSchema,
  spamListQuerySchema,
  spamListSchema,
  spamSamplesResultSchema,
} from "#shared/mailbox/mailbox.schemas.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createClassificationService } from "./classification.service.ts";
import { createDeliveryFailuresService } from "./delivery-failures.service.ts";
import { createReplyTrackerService } from "./reply-tracker.service.ts";
import { createSpamService } from "./spam.service.ts";

const idParams = z.object({ id: z.string() });

// ---------------------------------------------------------------- Reply Tracker

const trackerTags = ["Reply Tracker"];

const trackerSummaryRoute = createRoute({
  method: "get",
  operationId: "getReplyTrackerSummary",
  path: "/mailbox/reply-tracker/summary",
  tags: trackerTags,
  summary: "Total Contacts, Replied (with the reply rate) and No Reply, over the user's active contacts",
  responses: { 200: { description: "Figures", content: json(replyTrackerSummarySchema) }, ...errorResponses },
});

const trackerContactsRoute = createRoute({
  method: "get",
  operationId: "listReplyTrackerContacts",
  path: "/mailbox/reply-tracker/contacts",
  tags: trackerTags,
  summary: "Replied Contacts (newest reply first) or Awaiting Replies (newest contact first), a page at a time",
  description: "Active contacts of the user's campaigns; search matches the email or the name, case-insensitively.",
  request: { query: replyTrackerQuerySchema },
  responses: { 200: { description: "A page of contacts", content: json(replyTrackerPageSchema) }, ...errorResponses },
});

const markRepliedRoute = createRoute({
  method: "post",
  operationId: "markContactReplied",
  path: "/mailbox/reply-tracker/mark-replied",
  tags: trackerTags,
  summary: "Mark a campaign's contact as replied by hand",
  description:
    "Sets the contact's replied_at, cancels its queued steps and records a reply (rule 'marked by hand', the note as content). A contact that already replied is left unchanged (alreadyReplied). 404 when the campaign is not the user's or has no contact with that address.",
  request: { body: { required: true, content: json(markRepliedInputSchema) } },
  responses: {
    200: { description: "Marked", content: json(markRepliedResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

// ------------------------------------------------------------------------- Spam

const spamTags = ["Spam"];

const spamListRoute = createRoute({
  method: "get",
  operationId: "listSpamEmails",
  path: "/spam",
  tags: spamTags,
  summary: "The user's spam emails, newest first, with a 200-character preview and the total count",
  request: { query: spamListQuerySchema },
  responses: { 200: { description: "A page of spam emails", content: json(spamListSchema) }, ...errorResponses },
});

const spamGetRoute = createRoute({
  method: "get",
  operationId: "getSpamEmail",
  path: "/spam/{id}",
  tags: spamTags,
  summary: "One spam email with its whole content",
  request: { params: idParams },
  responses: {
    200: { description: "The spam email", content: json(spamEmailDetailSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const spamDeleteRoute = createRoute({
  method: "delete",
  operationId: "deleteSpamEmail",
  path: "/spam/{id}",
  tags: spamTags,
  summary: "Delete a spam email permanently",
  request: { params: idParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...notFoundResponse },
});

const spamClearRoute = createRoute({
  method: "delete",
  operationId: "clearSpamEmails",
  path: "/spam",
  tags: spamTags,
  summary: "Clear All Spam: delete every spam email of the signed-in user (no one else's)",
  responses: { 200: { description: "How many were deleted", content: json(spamClearResultSchema) }, ...errorResponses },
});

const spamSamplesRoute = createRoute({
  method: "post",
  operationId: "addSampleSpamEmails",
  path: "/spam/samples",
  tags: spamTags,
  summary: "Add Sample Emails: a few sample spam emails, for trying the page",
  responses: { 200: { description: "How many were added", content: json(spamSamplesResultSchema) }, ...errorResponses },
});

const recentFailuresRoute = createRoute({
  method: "get",
  operationId: "listRecentFailures",
  path: "/mailbox/recent-failures",
  tags: spamTags,
  summary: "The 10 newest failed sends, with category, reason and technical error",
  responses: { 200: { description: "Recent failures", content: json(deliveryFailureListSchema) }, ...errorResponses },
});

// --------------------------------------------------------- Email Classification

const classTags = ["Email Classification"];

const classCountsRoute = createRoute({
  method: "get",
  operationId: "countReplyClasses",
  path: "/mailbox/reply-classes",
  tags: classTags,
  summary: "How many of the user's inbound replies are in each class",
  responses: { 200: { description: "Counts", content: json(replyClassCountsSchema) }, ...errorResponses },
});

const repliesListRoute = createRoute({
  method: "get",
  operationId: "listReplies",
  path: "/mailbox/replies",
  tags: classTags,
  summary: "The user's inbound replies (all kinds), newest first, of one class or all, a page at a time",
  request: { query: classifiedRepliesQuerySchema },
  responses: { 200: { description: "A page of replies", content: json(classifiedReplyPageSchema) }, ...errorResponses },
});

const replyGetRoute = createRoute({
  method: "get",
  operationId: "getReply",
  path: "/mailbox/replies/{id}",
  tags: classTags,
  summary: "One reply in full, with its Message-ID, In-Reply-To and References",
  request: { params: idParams },
  responses: {
    200: { description: "The reply", content: json(replyDetailSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const replyCorrectRoute = createRoute({
  method: "patch",
  operationId: "correctReplyClass",
  path: "/mailbox/replies/{id}",
  tags: classTags,
  summary: "Correct a reply's class",
  description:
    "Kept as the user's (classCorrected). Unsubscribe request also suppresses the replying address and stops the contact's sequence.",
  request: { params: idParams, body: { required: true, content: json(replyClassUpdateSchema) } },
  responses: {
    200: { description: "The corrected reply", content: json(replyDetailSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function mailboxRoutes(deps: FeatureDeps) {
  const tracker = createReplyTrackerService(deps);
  const spam = createSpamService(deps);
  const failures = createDeliveryFailuresService(deps);
  const classification = createClassificationService(deps);
  return createRouter()
    .openapi(trackerSummaryRoute, async (c) => c.json(await tracker.summary(c.get("user").id), 200))
    .openapi(trackerContactsRoute, async (c) =>
      c.json(await tracker.contacts(c.get("user").id, c.req.valid("query")), 200),
    )
    .openapi(markRepliedRoute, async (c) =>
      c.json(await tracker.markReplied(c.get("user").id, c.req.valid("json")), 200),
    )
    .openapi(spamListRoute, async (c) => c.json(await spam.list(c.get("user").id, c.req.valid("query")), 200))
    .openapi(spamClearRoute, async (c) => c.json(await spam.clear(c.get("user").id), 200))
    .openapi(spamSamplesRoute, async (c) => c.json(await spam.addSamples(c.get("user").id), 200))
    .openapi(spamGetRoute, async (c) => c.json(await spam.get(c.get("user").id, c.req.valid("param").id), 200))
    .openapi(spamDeleteRoute, async (c) => {
      await spam.remove(c.get("user").id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(recentFailuresRoute, async (c) => c.json({ failures: await failures.recent(c.get("user").id) }, 200))
    .openapi(classCountsRoute, async (c) => c.json(await classification.counts(c.get("user").id), 200))
    .openapi(repliesListRoute, async (c) =>
      c.json(await classification.list(c.get("user").id, c.req.valid("query")), 200),
    )
    .openapi(replyGetRoute, async (c) =>
      c.json(await classification.get(c.get("user").id, c.req.valid("param").id), 200),
    )
    .openapi(replyCorrectRoute, async (c) =>
      c.json(
        await classification.correct(c.get("user").id, c.req.valid("param").id, c.req.valid("json").replyClass),
        200,
      ),
    );
}
