// The actions the mailbox sync answers (mailbox/mailbox-sync.ts and its routes,
// #shared/mailbox/mailbox-actions.schemas.ts): Refresh (POST /api/mailbox/sync),
// Test Reply Tracking (POST /api/mailbox/test-reply), Restore (POST
// /api/spam/{id}/restore) and Simulate reply (POST
// /api/outbox/{id}/simulate-reply). The screens only need whether it worked
// and what to tell the user: resultFailed / resultMessage read that.
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";
import { useRefreshMailboxData } from "./use-mailbox.ts";

const textOf = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);
const fieldOf = (result: unknown, key: string): unknown =>
  typeof result === "object" && result !== null ? (result as Record<string, unknown>)[key] : undefined;

/** What the answer says, in its own words: its `message`, else its `error` (text or { message }). */
export function resultMessage(result: unknown): string | null {
  const error = fieldOf(result, "error");
  return textOf(fieldOf(result, "message")) ?? textOf(error) ?? textOf(fieldOf(error, "message"));
}

/**
 * Whether an answer of 200 still says the operation failed: Test Reply
 * Tracking's `pickedUp: false`, a Refresh with mailbox `errors`
 * (#shared/mailbox/mailbox-actions.schemas.ts), or ok/success false, or an error.
 */
export function resultFailed(result: unknown): boolean {
  const errors = fieldOf(result, "errors");
  return (
    fieldOf(result, "pickedUp") === false ||
    (Array.isArray(errors) && errors.length > 0) ||
    fieldOf(result, "ok") === false ||
    fieldOf(result, "success") === false ||
    fieldOf(result, "error") !== undefined ||
    fieldOf(result, "status") === "failed"
  );
}

/** Refresh: syncs the user's mailboxes now, then the screens reload what they show. */
export function useSyncMailboxes() {
  const refresh = useRefreshMailboxData();
  return useMutation({
    mutationFn: async () => unwrap(await api.mailbox.sync.$post()),
    onSettled: () => refresh(),
  });
}

export function useTestReplyTracking() {
  const refresh = useRefreshMailboxData();
  return useMutation({
    mutationFn: async (input: { contactEmail: string; campaignId: string }) =>
      unwrap(await api.mailbox["test-reply"].$post({ json: input })),
    onSettled: () => refresh(),
  });
}

export function useRestoreSpam() {
  const refresh = useRefreshMailboxData();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.spam[":id"].restore.$post({ param: { id } })),
    onSettled: () => refresh(),
  });
}

export function useSimulateReply() {
  return useMutation({
    mutationFn: async (capturedId: string) =>
      unwrap(await api.outbox[":id"]["simulate-reply"].$post({ param: { id: capturedId } })),
  });
}
