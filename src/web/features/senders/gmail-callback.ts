// What /gmail-callback makes of the parameters Google sent back, and of the
// code exchange's failure, in the words of docs/product.md §17.4.
import { gmailSyncMessages as messages, parseGmailState } from "#shared/senders/gmail-sync.schemas.ts";
import { ApiError } from "#web/lib/api-client.ts";

export type CallbackRequest =
  | { kind: "error"; message: string }
  | { kind: "exchange"; code: string; state: string; senderEmail: string };

/** Google's error parameter first; then code and state are both needed, and the state must parse. */
export function readCallback(params: URLSearchParams): CallbackRequest {
  const error = params.get("error");
  if (error) return { kind: "error", message: messages.authorizationFailed(error) };
  const code = params.get("code");
  const state = params.get("state");
  if (!code || !state) return { kind: "error", message: messages.missingParameters };
  const parsed = parseGmailState(state);
  if (!parsed) return { kind: "error", message: messages.invalidState };
  return { kind: "exchange", code, state, senderEmail: parsed.senderEmail };
}

/** The server's message for what it refused; 'User not authenticated' without a session; else the spec's fallback. */
export function exchangeErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return messages.notAuthenticated;
    if (error.status < 500 || error.status === 502) return error.message;
  }
  return messages.unexpected;
}
