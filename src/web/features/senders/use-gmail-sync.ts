// Gmail Sync over the typed API client: whether the server can connect Gmail,
// the consent URL to send the browser to, the return page's code exchange,
// and Disconnect. Connect and Disconnect change a sender, so they refresh the
// senders list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { GMAIL_CALLBACK_PATH, type GmailTokenExchangeInput } from "#shared/senders/gmail-sync.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { sendersQueryKey } from "./use-senders.ts";

/** Where Google sends the browser back to: this page's origin, so the session cookie comes along. */
export function gmailRedirectUri(): string {
  return `${window.location.origin}${GMAIL_CALLBACK_PATH}`;
}

export function useGmailSyncSettings(enabled: boolean) {
  return useQuery({
    queryKey: ["senders", "gmail-settings"],
    queryFn: async () => unwrap(await api.senders.gmail.settings.$get()),
    // Fixed for the server's lifetime.
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Asks for Google's consent URL and sends the browser there. */
export function useConnectGmail() {
  return useMutation({
    mutationFn: async (senderEmail: string) => {
      const { authUrl } = await unwrap(
        await api.senders.gmail["auth-url"].$post({ json: { senderEmail, redirectUri: gmailRedirectUri() } }),
      );
      window.location.assign(authUrl);
    },
  });
}

export function useGmailTokenExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Omit<GmailTokenExchangeInput, "redirectUri">) =>
      unwrap(await api.senders.gmail["token-exchange"].$post({ json: { ...input, redirectUri: gmailRedirectUri() } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendersQueryKey }),
  });
}

export function useDisconnectGmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (senderId: string) =>
      unwrap(await api.senders[":id"].gmail.disconnect.$post({ param: { id: senderId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendersQueryKey }),
  });
}
