// An endpoint's signing secret in the Standard Webhooks format: "whsec_" and
// the base64 of 32 random bytes (the spec asks for 24 to 64). Generated here,
// sealed with the app's SecretBox before it is stored, shown to the user once.
import { randomBytes } from "node:crypto";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}

/** The SecretBox purpose of an endpoint's secret: bound to the endpoint, so a sealed value cannot be moved to another. */
export const webhookSecretPurpose = (endpointId: string) => `webhook_endpoints.secret:${endpointId}`;
