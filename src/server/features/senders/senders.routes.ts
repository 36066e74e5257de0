// /api/senders: saved sender accounts, their connection test, their
// statistics (figures, profile, email history), their health and Gmail Sync
// (connect with Google OAuth, disconnect). Thin handlers; the services scope
// every query to the signed-in user.
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponseSchema } from "#shared/api/error.schemas.ts";
import {
  gmailAuthUrlInputSchema,
  gmailAuthUrlSchema,
  gmailSyncSettingsSchema,
  gmailTokenExchangeInputSchema,
  gmailTokenExchangeResultSchema,
} from "#shared/senders/gmail-sync.schemas.ts";
import { senderHealthListSchema } from "#shared/senders/sender-health.schemas.ts";
import {
  senderEmailPageSchema,
  senderEmailsQuerySchema,
  senderProfileQuerySchema,
  senderProfileSchema,
  senderStatsListSchema,
} from "#shared/senders/sender-stats.schemas.ts";
import {
  connectionTestInputSchema,
  connectionTestResultSchema,
  savedConnectionTestInputSchema,
  senderInputSchema,
  senderListSchema,
  senderSchema,
} from "#shared/senders/senders.schemas.ts";
import { loadProtectionSettings } from "../../domain/protection-settings.ts";
import { createRouter, errorResponses, json, notFoundResponse } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createGmailConnectService } from "./gmail-connect.service.ts";
import { createSenderHealthService } from "./sender-health.service.ts";
import { createSenderStatsService } from "./sender-stats.service.ts";
import { createSendersService } from "./senders.service.ts";

const tags = ["Senders"];
const idParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, format: "uuid" }) });
const conflictResponse = {
  409: { description: "The email is already one of your saved senders", content: json(errorResponseSchema) },
} as const;
const rateLimitedResponse = {
  429: { description: "More than 10 connection tests in a minute", content: json(errorResponseSchema) },
} as const;
const testDescription =
  "Connects to the SMTP server, negotiates TLS as configured and signs in (nodemailer verify; no message is sent). " +
  "Failures come back as ok: false with a category (authentication, network, domain_issue, other), not as an HTTP error. " +
  "Hosts on private, loopback or link-local addresses are refused unless the server runs with SMTP_ALLOW_PRIVATE=on. " +
  "At most 10 tests a minute per user (429 beyond).";

const listRoute = createRoute({
  method: "get",
  operationId: "listSenders",
  path: "/",
  tags,
  summary: "Saved sender accounts, newest first, with emails sent",
  responses: { 200: { description: "Senders", content: json(senderListSchema) }, ...errorResponses },
});

const createSenderRoute = createRoute({
  method: "post",
  operationId: "createSender",
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
  operationId: "testSenderSettings",
  path: "/test",
  tags,
  summary: "Test SMTP settings that are not saved yet",
  description: testDescription,
  request: { body: { required: true, content: json(connectionTestInputSchema) } },
  responses: {
    200: { description: "Test result", content: json(connectionTestResultSchema) },
    ...errorResponses,
    ...rateLimitedResponse,
  },
});

const statsRoute = createRoute({
  method: "get",
  operationId: "getSenderStats",
  path: "/stats",
  tags,
  summary: "Per-sender figures: today, the last 7 days, the last month (30 days) and all time",
  description:
    "Sent, failed, opened, success rate (sent / (sent + failed)) and open rate (opened / sent) of every saved sender's address, from the reporting counters (UTC days), in one query.",
  responses: {
    200: { description: "Figures per saved sender", content: json(senderStatsListSchema) },
    ...errorResponses,
  },
});

const healthRoute = createRoute({
  method: "get",
  operationId: "getSenderHealth",
  path: "/health",
  tags,
  summary: "Every saved sender's health: bounces, spam placements, replies, today's sends, its domain, its badge",
  description:
    "Per saved sender: sends, hard bounces (permanent user-unknown or domain-not-found failures) and their rate, " +
    "emails found in a spam folder by a mailbox sync, and failures about the sender, over the last 7 and 30 UTC days (today included); " +
    "the reply rate; today's sends (the user's calendar day, every campaign's copy of the mailbox) against its cap; " +
    "the last SPF, DKIM and DMARC check of its domain (no DNS lookup here: checks happen on Deliverability and the sender's Domain health panel); " +
    "a pause by bounce protection; and the badge (healthy, watch, at_risk, paused) with the rule that decided it. One query.",
  responses: {
    200: { description: "Health per saved sender", content: json(senderHealthListSchema) },
    ...errorResponses,
  },
});

const profileRoute = createRoute({
  method: "get",
  operationId: "getSenderProfile",
  path: "/profile",
  tags,
  summary: "The sender profile of an address",
  description:
    "Account information (the saved sender with this address, else the newest campaign sender with it), Total Sent, Success Rate, Open Rate, Scheduled Today, Daily Email Activity against the daily limit, and the 10 newest emails. 404 when the user has no sender with this address.",
  request: { query: senderProfileQuerySchema },
  responses: {
    200: { description: "Sender profile", content: json(senderProfileSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const emailsRoute = createRoute({
  method: "get",
  operationId: "listSenderEmails",
  path: "/{id}/emails",
  tags,
  summary: "A saved sender's email history, newest first",
  description:
    "Every send from the sender's address (campaign and direct). Keyset-paginated: pass nextCursor as cursor.",
  request: { params: idParam, query: senderEmailsQuerySchema },
  responses: {
    200: { description: "A page of emails", content: json(senderEmailPageSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const getRoute = createRoute({
  method: "get",
  operationId: "getSender",
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
  operationId: "updateSender",
  path: "/{id}",
  tags,
  summary: "Change a sender account",
  description:
    "smtp/imap omitted keeps the stored connection, null removes it; a connection without a password keeps the stored password, " +
    "but only for the same host with equal or stronger security (SMTP: none < starttls < tls) and, for IMAP, the same port: " +
    "otherwise a 400 asks for the password (details.fields['smtp.password'] / ['imap.password']) and nothing is changed.",
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
  operationId: "deleteSender",
  path: "/{id}",
  tags,
  summary: "Delete a sender account (campaigns that imported it keep their own copy)",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...notFoundResponse },
});

const testSavedRoute = createRoute({
  method: "post",
  operationId: "testSender",
  path: "/{id}/test",
  tags,
  summary: "Test a saved sender's SMTP connection",
  description: `${testDescription} Without a body the stored settings are tested; with smtp, those values, with the stored password when none is given if the host is the same and the security as strong (else a 400 asks for the password).`,
  request: { params: idParam, body: { required: false, content: json(savedConnectionTestInputSchema) } },
  responses: {
    200: { description: "Test result", content: json(connectionTestResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
    ...rateLimitedResponse,
  },
});

const gmailTags = ["Gmail Sync"];

const gmailSettingsRoute = createRoute({
  method: "get",
  operationId: "getGmailSettings",
  path: "/gmail/settings",
  tags: gmailTags,
  summary: "Whether Gmail sync is configured on this server, and the redirect URI to register at Google",
  responses: { 200: { description: "Gmail sync settings", content: json(gmailSyncSettingsSchema) }, ...errorResponses },
});

const gmailAuthUrlRoute = createRoute({
  method: "post",
  operationId: "createGmailAuthUrl",
  path: "/gmail/auth-url",
  tags: gmailTags,
  summary: "Google's consent URL to connect a saved sender's Gmail (gmail-auth-url)",
  description:
    "Scopes gmail.send and gmail.modify (reading replies, bounces and spam, and moving a restored message back to the inbox), " +
    "offline access with a fresh consent (so Google returns a refresh token), and a state parameter: URL-encoded JSON with " +
    "senderEmail and a nonce signed for this session that expires after 15 minutes. redirectUri must be one of this app's " +
    "origins followed by /gmail-callback (400 otherwise). 400 with details.missingSettings when GOOGLE_CLIENT_ID and " +
    "GOOGLE_CLIENT_SECRET are not set; 404 when the user has no saved sender with this address.",
  request: { body: { required: true, content: json(gmailAuthUrlInputSchema) } },
  responses: {
    200: { description: "Consent URL", content: json(gmailAuthUrlSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const gmailTokenExchangeRoute = createRoute({
  method: "post",
  operationId: "exchangeGmailToken",
  path: "/gmail/token-exchange",
  tags: gmailTags,
  summary: "Finish connecting Gmail: exchange Google's code for a refresh token (gmail-token-exchange)",
  description:
    "Called by /gmail-callback with the code and state Google sent back and the same redirectUri. The state must have been " +
    "issued to this session and not be expired ('Invalid state parameter'). The refresh token is stored encrypted, Gmail sync " +
    "is enabled and the mailbox is scheduled for a sync now. Errors: 'Failed to exchange code for token' (Google refused the " +
    "code: 400; did not answer: 502), 'No refresh token returned by Google. Please try again and ensure you grant consent.', " +
    "'Sender account not found' (404).",
  request: { body: { required: true, content: json(gmailTokenExchangeInputSchema) } },
  responses: {
    200: { description: "Gmail sync enabled", content: json(gmailTokenExchangeResultSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

const gmailDisconnectRoute = createRoute({
  method: "post",
  operationId: "disconnectGmail",
  path: "/{id}/gmail/disconnect",
  tags: gmailTags,
  summary: "Disconnect a saved sender's Gmail sync (disable_gmail_sync)",
  description:
    "Clears the stored refresh token and disables Gmail sync, forgets the Gmail sync's position, and revokes the token at " +
    "Google (best effort: a failure there is logged, the disconnect stands).",
  request: { params: idParam },
  responses: {
    200: { description: "The sender, disconnected", content: json(senderSchema) },
    ...errorResponses,
    ...notFoundResponse,
  },
});

export function senderRoutes(deps: FeatureDeps) {
  const service = createSendersService(deps);
  const stats = createSenderStatsService(deps);
  const gmail = createGmailConnectService(deps);
  const health = createSenderHealthService(deps);
  return (
    createRouter()
      .openapi(listRoute, async (c) => c.json({ senders: await service.list(c.get("user").id) }, 200))
      .openapi(createSenderRoute, async (c) => c.json(await service.create(c.get("user").id, c.req.valid("json")), 201))
      .openapi(testUnsavedRoute, async (c) =>
        c.json(await service.testUnsaved(c.get("user").id, c.req.valid("json")), 200),
      )
      // Before /{id}, which would take "stats", "health", "profile" and "gmail" for ids.
      .openapi(statsRoute, async (c) => c.json(await stats.stats(c.get("user").id), 200))
      .openapi(healthRoute, async (c) => {
        const userId = c.get("user").id;
        return c.json(await health.list(userId, await loadProtectionSettings(deps.db, userId)), 200);
      })
      .openapi(gmailSettingsRoute, (c) => c.json(gmail.settings(), 200))
      .openapi(gmailAuthUrlRoute, async (c) =>
        c.json(
          await gmail.authUrl({ userId: c.get("user").id, sessionId: c.get("sessionId") }, c.req.valid("json")),
          200,
        ),
      )
      .openapi(gmailTokenExchangeRoute, async (c) =>
        c.json(
          await gmail.exchange({ userId: c.get("user").id, sessionId: c.get("sessionId") }, c.req.valid("json")),
          200,
        ),
      )
      .openapi(gmailDisconnectRoute, async (c) =>
        c.json(await gmail.disconnect(c.get("user").id, c.req.valid("param").id), 200),
      )
      .openapi(profileRoute, async (c) =>
        c.json(await stats.profile(c.get("user").id, c.req.valid("query").email), 200),
      )
      .openapi(emailsRoute, async (c) =>
        c.json(await stats.emails(c.get("user").id, c.req.valid("param").id, c.req.valid("query")), 200),
      )
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
      )
  );
}
