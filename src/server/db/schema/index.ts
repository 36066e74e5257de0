/**
 * The whole schema as one module, for drizzle-kit and for the Drizzle client and
 * better-auth's adapter, which each take a single schema object. Feature code
 * imports the table it needs from its own file.
 */
export * from "./analytics.ts";
export * from "./api-keys.ts";
export * from "./auth.ts";
export * from "./block-list.ts";
export * from "./campaigns.ts";
export * from "./contacts.ts";
export * from "./dkim-keys.ts";
export * from "./domain-health.ts";
export * from "./gmail-oauth-states.ts";
export * from "./lead-status.ts";
export * from "./link-clicks.ts";
export * from "./mail-capture.ts";
export * from "./mailbox.ts";
export * from "./meetings.ts";
export * from "./notifications.ts";
export * from "./rate-limits.ts";
export * from "./scheduling.ts";
export * from "./sender-pacing.ts";
export * from "./sender-protection.ts";
export * from "./senders.ts";
export * from "./sending.ts";
export * from "./sequences.ts";
export * from "./settings.ts";
export * from "./tracking.ts";
export * from "./tracking-hosts.ts";
export * from "./verification.ts";
export * from "./webhooks.ts";
