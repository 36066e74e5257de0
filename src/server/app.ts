// The Hono app: API routes (OpenAPI-described), better-auth, the capture-mode
// outbox, and the built SPA. Built from explicit dependencies so tests create
// it in-process against their own database.
import { getConnInfo } from "@hono/node-server/conninfo";
import { OpenAPIHono } from "@hono/zod-openapi";
import { getCookies } from "better-auth/cookies";
import type { Context } from "hono";
import { installFieldMessages } from "#shared/api/field-messages.ts";
import { bearerCredential } from "#shared/api-keys/api-key-format.ts";
import { type ApiKeyAuth, createApiKeyAuth } from "./auth/api-key-auth.ts";
import { type Auth, CLIENT_IP_HEADER } from "./auth/auth.ts";
import { accountRateLimit, withRetryAfter } from "./auth/auth-rate-limits.ts";
import { type AppEnv, requireUser } from "./auth/session.ts";
import { recordLastSeen } from "./auth/session-last-seen.ts";
import { sessionOnly } from "./auth/session-only.ts";
import { servedAuthPath, withoutSessionToken } from "./auth/session-tokens-hidden.ts";
import type { Config } from "./config.ts";
import { createSecretBox } from "./crypto/secret-box.ts";
import type { Database } from "./db/client.ts";
import { AppError, errorBody, handleError } from "./errors.ts";
import { accountRoutes } from "./features/account/account.routes.ts";
import { apiKeyRoutes } from "./features/api-keys/api-keys.routes.ts";
import { appInfoRoutes } from "./features/app-info/app-info.routes.ts";
import { blockListRoutes } from "./features/block-list/block-list.routes.ts";
import { bounceProtectionRoutes } from "./features/bounce-protection/bounce-protection.routes.ts";
import { bulkRoutes } from "./features/bulk/bulk.routes.ts";
import { calendarRoutes } from "./features/calendar/calendar.routes.ts";
import { abVariantRoutes } from "./features/campaigns/ab-variants.routes.ts";
import { campaignRoutes } from "./features/campaigns/campaigns.routes.ts";
import { schedulePreviewRoutes } from "./features/campaigns/schedule-preview.routes.ts";
import { composeRoutes } from "./features/compose/compose.routes.ts";
import { contactDirectoryRoutes } from "./features/contact-directory/contact-directory.routes.ts";
import { contactRoutes } from "./features/contacts/contacts.routes.ts";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes.ts";
import { dkimKeyRoutes } from "./features/dkim-keys/dkim-keys.routes.ts";
import { domainHealthRoutes } from "./features/domain-health/domain-health.routes.ts";
import { emailRoutes } from "./features/emails/emails.routes.ts";
import type { FeatureDeps } from "./features/feature-deps.ts";
import { inboxRoutes } from "./features/inbox/inbox.routes.ts";
import { leadStatusRoutes } from "./features/lead-status/lead-status.routes.ts";
import { mailboxRoutes } from "./features/mailbox/mailbox.routes.ts";
import { mailboxActionRoutes } from "./features/mailbox/mailbox-actions.routes.ts";
import { outboxRoutes } from "./features/outbox/outbox.routes.ts";
import { createOutboxService } from "./features/outbox/outbox.service.ts";
import { publicBookingRoutes } from "./features/scheduling/public-booking.routes.ts";
import { schedulingRoutes } from "./features/scheduling/scheduling.routes.ts";
import { senderPacingRoutes } from "./features/senders/sender-pacing.routes.ts";
import { senderRoutes } from "./features/senders/senders.routes.ts";
import { sendingRoutes } from "./features/sending/sending.routes.ts";
import { settingsRoutes } from "./features/settings/settings.routes.ts";
import { createSettingsService } from "./features/settings/settings.service.ts";
import { templateRoutes } from "./features/templates/templates.routes.ts";
import { clickReportRoutes } from "./features/tracking/click-report.routes.ts";
import { trackingRoutes } from "./features/tracking/tracking.routes.ts";
import { trackingHostRouting } from "./features/tracking-hosts/tracking-host-routing.ts";
import { trackingHostRoutes } from "./features/tracking-hosts/tracking-hosts.routes.ts";
import { createTrackingHostService } from "./features/tracking-hosts/tracking-hosts.service.ts";
import { verificationRoutes } from "./features/verification/verification.routes.ts";
import { registerWebhookDocs } from "./features/webhooks/webhook-docs.ts";
import { webhookRoutes } from "./features/webhooks/webhooks.routes.ts";
import { apiDocsRoutes } from "./http/api-docs.ts";
import { limitBody } from "./http/body-limit.ts";
import { compressApi } from "./http/compress-api.ts";
import { checkHost } from "./http/host-check.ts";
import { openApiDocument } from "./http/openapi-document.ts";
import { checkOrigin } from "./http/origin-check.ts";
import { rejectNul } from "./http/reject-nul.ts";
import { requestLog } from "./http/request-log.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { serveSpa } from "./http/static-files.ts";
import type { Logger } from "./logger.ts";
import type { SystemMailer } from "./mail/system-mailer.ts";
import type { TransportFactory } from "./sending/outgoing.ts";
import type { SendSignal } from "./sending/send-signal.ts";
import type { WebhookSignal } from "./webhooks/webhook-signal.ts";

export type AppDeps = {
  config: Config;
  database: Database;
  auth: Auth;
  log: Logger;
  /** System mail: notifications to the account owner. */
  mailer: SystemMailer;
  /** Campaign delivery through sender accounts (one factory per process: it pools connections). */
  transports: TransportFactory;
  /** The sending engine's clock; tests pass a fake one. */
  now?: () => Date;
  version: string;
  /** Capture mode: the capture server's port (simulated and test replies go to it). */
  capturePort?: number;
  /** Wakes this process's send worker (absent with role web: the worker processes poll). */
  sendSignal?: SendSignal;
  /** How long a launch's answer waits for the worker (tests shorten it). */
  launchReportWaitMs?: number;
  /** Wakes this process's webhook worker (a test event, a Resend); absent with role web. */
  webhookSignal?: WebhookSignal;
};

function featureDeps(deps: AppDeps): FeatureDeps {
  return {
    db: deps.database.db,
    config: deps.config,
    log: deps.log,
    secrets: createSecretBox(deps.config.appSecret),
    mailer: deps.mailer,
    transports: deps.transports,
    now: deps.now,
    capturePort: deps.capturePort,
    database: deps.database,
    sendSignal: deps.sendSignal,
    launchReportWaitMs: deps.launchReportWaitMs,
    webhookSignal: deps.webhookSignal,
  };
}

/** Routes behind sign-in, chained so the web client's types follow them. */
function protectedApi(deps: AppDeps, apiKeys: ApiKeyAuth) {
  const db = deps.database.db;
  const features = featureDeps(deps);
  return new OpenAPIHono<AppEnv>()
    .use("*", requireUser(deps.auth, apiKeys))
    .use("*", sessionOnly())
    .use("*", recordLastSeen(db, deps.log))
    .route("/settings", settingsRoutes(createSettingsService(db)))
    .route("/account", accountRoutes(features))
    .route("/api-keys", apiKeyRoutes(features))
    .route("/senders", senderRoutes(features))
    .route("/sender-pacing", senderPacingRoutes(features))
    .route("/block-list", blockListRoutes(features))
    .route("/bounce-protection", bounceProtectionRoutes(features))
    .route("/campaigns", campaignRoutes(features))
    .route("/campaigns", abVariantRoutes(features))
    .route("/campaigns", schedulePreviewRoutes(features))
    .route("/campaigns", clickReportRoutes(features))
    .route("/", contactRoutes(features))
    .route("/", contactDirectoryRoutes(features))
    .route("/leads", leadStatusRoutes(features))
    .route("/templates", templateRoutes(features))
    .route("/", sendingRoutes(features))
    .route("/emails", composeRoutes(features))
    .route("/emails", emailRoutes(features))
    .route("/bulk", bulkRoutes(features))
    .route("/inbox", inboxRoutes(features))
    .route("/", mailboxRoutes(features))
    .route("/dashboard", dashboardRoutes(features))
    .route("/domain-health", domainHealthRoutes(features))
    .route("/dkim-keys", dkimKeyRoutes(features))
    .route("/tracking-hosts", trackingHostRoutes(features))
    .route("/verification", verificationRoutes(features))
    .route("/", mailboxActionRoutes(features))
    .route("/scheduling-links", schedulingRoutes(features))
    .route("/calendar", calendarRoutes(features))
    .route("/webhooks", webhookRoutes(features));
}

export type AppType = ReturnType<typeof protectedApi>;

/**
 * Whether a request is judged by an API key: a Bearer Authorization header on
 * a path behind requireUser (not better-auth's /api/auth/*, which never reads
 * one, nor the public pages' API). Such a request is exempt from the Origin
 * check: no browser attaches a Bearer header by itself (it does so only for
 * Basic and the other HTTP authentication schemes it negotiates), and a page
 * on another site can set one only on a request that needs a CORS preflight,
 * which this app never grants. So a bearer request is not a forgery riding on
 * someone's cookie; and since it is judged by its key alone (a cookie beside
 * it is not read), a forged page gains nothing by adding a bad one.
 */
function judgedByApiKey(c: Context): boolean {
  const path = c.req.path;
  if (!path.startsWith("/api/") || path.startsWith("/api/auth/") || path.startsWith("/api/public/")) return false;
  return bearerCredential(c.req.header("authorization")).kind === "bearer";
}

/** The public booking page's API (no sign-in): its own client type, so that page carries none of the signed-in app. */
function publicApi(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>().route("/public", publicBookingRoutes(featureDeps(deps)));
}

export type PublicType = ReturnType<typeof publicApi>;

// Validation messages name the field and the limit (see the module).
installFieldMessages();

export function createApp(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { config, auth, log } = deps;
  const app = new OpenAPIHono<AppEnv>();
  const apiKeys = createApiKeyAuth({ db: deps.database.db, config, log });

  app.onError((err, c) => handleError(err, c, log));
  // Outermost, so every response has them: errors, refusals and the SPA alike.
  app.use("*", securityHeaders({ https: config.publicUrl.startsWith("https://") }));
  app.use("/api/*", requestLog(log));
  // Inside the request log (it logs the status either way), around everything
  // else: JSON answers above ~1 KB go out gzipped, errors included.
  app.use("/api/*", compressApi());
  // Host and Origin are checked before anything reads the request, inside
  // requestLog so that refusals are logged. A user's verified tracking host is
  // answered too, on the tracking and unsubscribe paths alone.
  app.use(
    "*",
    checkHost(
      config.allowedHosts,
      trackingHostRouting(createTrackingHostService({ db: deps.database.db, config, now: deps.now })),
    ),
  );
  app.use(
    "*",
    checkOrigin({
      trustedOrigins: config.trustedOrigins,
      // RFC 8058 one-click unsubscribe: mailbox providers post it from their
      // servers, with no Origin or with their own, and the confirm button on
      // our page posts it with Origin "null" (the page sends no referrer, its
      // URL being the credential). The signed token in the path is the
      // authorisation, and a forged request can only do what the recipient
      // asked for: stop mail to themselves. The same on a user's tracking host,
      // whose unsubscribe pages post to themselves.
      // API key requests: see judgedByApiKey.
      exempt: (c) => (c.req.method === "POST" && /^\/u\/[^/]+$/.test(c.req.path)) || judgedByApiKey(c),
    }),
  );
  app.use("/api/*", limitBody());
  // The booking page's token is checked and dropped, never stored: a mangled one books, linked to nobody.
  app.use("/api/*", rejectNul([{ path: /^\/api\/public\/schedule\/[^/]+\/meetings$/, field: "token" }]));

  // The client address for better-auth's rate limits comes from the socket,
  // overwriting anything the client sent in that header.
  app.use("/api/auth/*", async (c, next) => {
    let ip = "unknown";
    try {
      ip = getConnInfo(c).remote.address ?? "unknown";
    } catch {
      // In-process requests (tests) have no socket.
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    c.req.raw = new Request(c.req.raw, { headers });
    await next();
  });
  if (config.authRateLimit) app.use("/api/auth/*", accountRateLimit(deps.database, config.authLimits));
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    if (!servedAuthPath(c.req.path)) return c.json({ error: { code: "not_found", message: "Not found" } }, 404);
    return withoutSessionToken(c.req.path, await withRetryAfter(await auth.handler(c.req.raw)));
  });

  app.route("/api", appInfoRoutes(deps));
  app.route("/api", publicApi(deps));
  if (config.mailDelivery === "capture") {
    // Reading stays open (the first user reads their confirmation link before
    // having an account); emptying it is for a signed-in user.
    app.on("DELETE", "/api/outbox", requireUser(auth, apiKeys));
    app.route("/api/outbox", outboxRoutes(createOutboxService(deps.database.db)));
  }

  // Generated at each request (it is small and read rarely); see openApiDocument for what the document adds.
  const documentOptions = {
    version: deps.version,
    publicUrl: config.publicUrl,
    sessionCookieName: getCookies(auth.options).sessionToken.name,
  };
  registerWebhookDocs(app);
  app.get("/api/openapi.json", (c) => c.json(openApiDocument(app, documentOptions)));
  app.route("/api/docs", apiDocsRoutes({ specUrl: "/api/openapi.json", title: "Coldreach API" }));

  // Everything registered after this point needs a session (requireUser runs
  // for every /api/* path the handlers above did not answer).
  app.route("/api", protectedApi(deps, apiKeys));

  app.all("/api/*", (c) => c.json(errorBody("not_found", `No API route for ${c.req.method} ${c.req.path}`), 404));
  // Public links in sent mail (/t/o, /t/c, /u): before the SPA, which answers every other GET.
  app.route("/", trackingRoutes({ db: deps.database.db, config, log }));
  app.use("*", serveSpa(config.staticDir));
  app.notFound(() => {
    throw new AppError("not_found", "Not found");
  });
  return app;
}
