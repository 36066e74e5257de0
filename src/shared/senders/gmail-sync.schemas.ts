// Gmail Sync (connect a saved Gmail sender with Google OAuth, disconnect it):
// the API contract, the authorization return page's state parameter, and the
// spec's messages, shared by the server and the web app.
import { z } from "zod";
import { senderEmailSchema } from "./senders.schemas.ts";

/** Where Google sends the browser back to (the app's origin + this path). */
export const GMAIL_CALLBACK_PATH = "/gmail-callback";

/** The settings that enable Gmail sync, named when they are missing. */
export const GMAIL_SYNC_SETTINGS = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"] as const;

/** The texts of docs/product.md §17.4. */
export const gmailSyncMessages = {
  authorizationFailed: (error: string) => `Gmail authorization failed: ${error}`,
  missingParameters: "Missing authorization code or state parameter",
  invalidState: "Invalid state parameter",
  exchangeFailed: "Failed to exchange code for token",
  noRefreshToken: "No refresh token returned by Google. Please try again and ensure you grant consent.",
  notAuthenticated: "User not authenticated",
  senderNotFound: "Sender account not found",
  unexpected: "An unexpected error occurred",
  enabled: (email: string) => `Gmail sync has been successfully enabled for ${email}`,
  enabledToast: "Gmail Sync Enabled",
  failedToast: "Gmail Sync Failed",
  authUrlErrorTitle: "Gmail Authentication Error",
  authUrlError: "Failed to get Gmail authentication URL. Please check your Gmail API configuration.",
  disconnected: "Gmail Sync Disconnected",
  disconnectFailed: "Failed to disconnect Gmail sync",
  notConfigured: `Gmail sync is not configured on this server: set ${GMAIL_SYNC_SETTINGS.join(" and ")}.`,
} as const;

const redirectUri = z
  .string({ error: "redirectUri is required" })
  .max(2048, "redirectUri must be at most 2,048 characters.")
  .pipe(z.url("redirectUri must be a URL"));

export const gmailAuthUrlInputSchema = z
  .object({ senderEmail: senderEmailSchema, redirectUri })
  .meta({ id: "GmailAuthUrlInput" });
export type GmailAuthUrlInput = z.infer<typeof gmailAuthUrlInputSchema>;

export const gmailAuthUrlSchema = z.object({ authUrl: z.string() }).meta({ id: "GmailAuthUrl" });

export const gmailTokenExchangeInputSchema = z
  .object({
    code: z
      .string({ error: "code is required" })
      .min(1, "code is required")
      .max(4096, "code must be at most 4,096 characters."),
    state: z
      .string({ error: "state is required" })
      .min(1, "state is required")
      .max(4096, "state must be at most 4,096 characters."),
    redirectUri,
  })
  .meta({ id: "GmailTokenExchangeInput" });
export type GmailTokenExchangeInput = z.infer<typeof gmailTokenExchangeInputSchema>;

export const gmailTokenExchangeResultSchema = z
  .object({ senderId: z.string(), email: z.string() })
  .meta({ id: "GmailTokenExchangeResult" });
export type GmailTokenExchangeResult = z.infer<typeof gmailTokenExchangeResultSchema>;

export const gmailSyncSettingsSchema = z
  .object({
    /** Google OAuth credentials are set on the server. */
    configured: z.boolean(),
    /** The environment variables to set when not configured. */
    missingSettings: z.array(z.string()),
    /** The redirect URI to register with the OAuth client in Google Cloud. */
    redirectUri: z.string(),
  })
  .meta({ id: "GmailSyncSettings" });
export type GmailSyncSettings = z.infer<typeof gmailSyncSettingsSchema>;

/** What the state parameter carries (the spec: URL-encoded JSON carrying senderEmail; the nonce is the server's). */
export type GmailState = { senderEmail: string; nonce: string };

/** The state as the app issued it: URL-encoded JSON (or already decoded), else null. */
export function parseGmailState(state: string): GmailState | null {
  for (const candidate of [state, safeDecode(state)]) {
    if (candidate === null) continue;
    try {
      const parsed = JSON.parse(candidate) as unknown;
      if (
        parsed &&
        typeof parsed === "object" &&
        typeof (parsed as GmailState).senderEmail === "string" &&
        typeof (parsed as GmailState).nonce === "string"
      ) {
        return { senderEmail: (parsed as GmailState).senderEmail, nonce: (parsed as GmailState).nonce };
      }
    } catch {
      // Not JSON in this form: the other one may be.
    }
  }
  return null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
