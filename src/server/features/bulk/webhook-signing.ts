// Signing of automation webhook requests. Each user has a signing secret
// derived from APP_SECRET (no column to store, the same on every server
// process); Settings shows it so the receiver can check
//   X-Coldreach-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed with the secret>
// The body carries the timestamp (also sent as X-Coldreach-Timestamp), so an
// old request replayed later can be told apart. Never log the secret.
import { createHmac } from "node:crypto";

/** The user's signing secret: HMAC-SHA256(appSecret, "bulk-webhook:" + userId), base64url. */
export function bulkWebhookSecret(appSecret: string, userId: string): string {
  return createHmac("sha256", appSecret).update(`bulk-webhook:${userId}`).digest("base64url");
}

/** The X-Coldreach-Signature value for exactly these body bytes. */
export function signBulkBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}
