// /api/openapi.json: the document client generators and the docs page read
// (docs/decisions/034-openapi-document-for-clients.md). The routes describe
// themselves (an explicit operationId, tags, responses, `security: []` when
// public); this module adds what belongs to the whole document: who serves it,
// how a caller authenticates, and what each tag groups. `redocly lint` with the
// recommended rules checks the result (src/server/http/openapi-lint.test.ts).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../auth/session.ts";
import { withUnionTypes } from "./openapi-union-types.ts";

/**
 * Every tag an operation may use, with what it groups (the docs page's sidebar). A tag missing here fails the lint
 * test (operation-tag-defined): a new feature's routes add their tag to this list.
 */
export const API_TAGS: { name: string; description: string }[] = [
  { name: "Meta", description: "Health and the facts the web app needs before sign-in. Public." },
  { name: "Account", description: "Your signed-in sessions: list them, sign out the others." },
  {
    name: "API keys",
    description: "Keys for scripts and other systems (Authorization: Bearer). Managed from a signed-in browser only.",
  },
  {
    name: "Webhooks",
    description:
      "Endpoints that receive the app's events, signed per Standard Webhooks; their delivery log. The events themselves are under webhooks.",
  },
  { name: "Settings", description: "Your settings: signature, sending window and time zone, tracking, theme." },
  { name: "Senders", description: "Sender accounts (SMTP, with IMAP for replies): add, test, change, their figures." },
  {
    name: "Gmail Sync",
    description: "Connect a sender's Gmail (Google OAuth) so its replies are read through the Gmail API.",
  },
  {
    name: "Block list",
    description: "Addresses and domains never sent to, and the suppression list (bounces, unsubscribes).",
  },
  {
    name: "Bounce protection",
    description: "Mailboxes and campaigns paused for their hard-bounce rate, and resuming them.",
  },
  {
    name: "Campaigns",
    description: "Campaigns: create, change, pause or activate, clone, delete; A/B variants; clicks.",
  },
  {
    name: "Contacts",
    description: "A campaign's contacts, and every contact across campaigns (the contact directory).",
  },
  {
    name: "Leads",
    description: "A lead's status across campaigns (New, Contacted, Replied, …) and the history of its changes.",
  },
  { name: "Templates", description: "Saved sequences to start a campaign from." },
  { name: "Sending", description: "Launching a campaign, sends of unknown delivery, retrying failed sends." },
  { name: "Compose", description: "One email sent now, outside any campaign." },
  { name: "Emails", description: "Every email you have sent, campaign and direct." },
  { name: "Email in Bulk", description: "One email to a list of contacts from several senders." },
  { name: "Inbox", description: "Your sends grouped by contact, with their history and replies." },
  { name: "Reply Tracker", description: "Who replied and who has not, over your active campaigns." },
  { name: "Spam", description: "Messages the mailbox sync found in Junk, and recent failed sends." },
  {
    name: "Email Classification",
    description: "Inbound replies by class (interested, out of office, ...), and correcting a class.",
  },
  { name: "Mailbox", description: "Syncing the mailboxes now, restoring a spam message, test and simulated replies." },
  { name: "Dashboard", description: "The dashboard's figures, failure panel, activity and mail-sync status." },
  { name: "Domain health", description: "SPF, DKIM, DMARC and MX of your senders' domains." },
  { name: "DKIM keys", description: "The DKIM keys the app signs your domains' mail with, and their DNS records." },
  {
    name: "Tracking hosts",
    description: "Your own host names for open and click tracking links (CNAME to this server).",
  },
  {
    name: "Verification",
    description: "Email address verification: one, a list, a CSV file; the results and their stats.",
  },
  { name: "Scheduling", description: "Your scheduling (booking) links." },
  { name: "Calendar", description: "Scheduled, sent and failed emails and meetings by month and day." },
  {
    name: "Public booking",
    description: "The booking page's API for prospects: a link, its free times, booking and cancelling. Public.",
  },
  {
    name: "Outbox (capture mode)",
    description:
      "With MAIL_DELIVERY=capture: the mail the server caught instead of sending. Reading is public (the first user reads their confirmation link there); emptying it needs sign-in.",
  },
];

export type OpenApiDocumentOptions = {
  version: string;
  /** PUBLIC_URL: the one server the document names (paths start with /api). */
  publicUrl: string;
  /** better-auth's session cookie name (`__Secure-` prefixed behind HTTPS). */
  sessionCookieName: string;
};

/** The app's OpenAPI 3.1 document, as served at /api/openapi.json. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, opts: OpenApiDocumentOptions) {
  const document = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Coldreach API",
      version: opts.version,
      description: [
        "The API the Coldreach web app uses, for your own scripts and integrations.",
        "",
        "**Authentication.** Every operation needs one of two credentials unless it says otherwise (health, app info, the public booking page's operations, reading the capture-mode outbox):",
        `- \`bearerAuth\`: an API key from Settings › API keys, sent as \`Authorization: Bearer <key>\`. Use this from scripts; it acts as the user who made it.`,
        `- \`cookieAuth\`: the browser session cookie \`${opts.sessionCookieName}\`, set by signing in (POST /api/auth/sign-in/email).`,
        "",
        "A state-changing request (POST, PUT, PATCH, DELETE) that carries an Origin or Referer header must name this server's origin or one of TRUSTED_ORIGINS (a browser page elsewhere is refused with 403); a script that sends neither is not checked.",
        "",
        "**Errors** are `{ error: { code, message } }`; validation errors (400) add `fields`, naming each field and its limit.",
        "",
        "**Operation ids** are stable: generated clients can rely on their method names (for example `listCampaigns`, `createCampaign`).",
      ].join("\n"),
    },
    servers: [{ url: opts.publicUrl, description: "This Coldreach server (PUBLIC_URL)" }],
    tags: API_TAGS,
    security: [{ cookieAuth: [] }, { bearerAuth: [] }],
  });
  document.components = {
    ...document.components,
    securitySchemes: {
      cookieAuth: {
        type: "apiKey",
        in: "cookie",
        name: opts.sessionCookieName,
        description: "The session cookie a browser gets by signing in (POST /api/auth/sign-in/email).",
      },
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: "An API key from Settings › API keys: `Authorization: Bearer <key>`.",
      },
    },
  };
  return withUnionTypes(document);
}
