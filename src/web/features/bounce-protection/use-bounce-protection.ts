// Bounce protection over the typed API client: one small query for the user
// (the paused mailboxes and campaigns, and each mailbox's own thresholds),
// read by the dashboard banner, the sender cards and the campaign page.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SenderProtectionInput } from "#shared/bounce-protection/bounce-protection.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "#web/lib/campaign-query-keys.ts";

export const bounceProtectionQueryKey = ["bounce-protection"] as const;

export function useBounceProtection() {
  return useQuery({
    queryKey: bounceProtectionQueryKey,
    queryFn: async () => unwrap(await api["bounce-protection"].$get()),
    // A pause is made by the worker, not by this page: look again now and then while it is open.
    refetchInterval: 60_000,
  });
}

/** One mailbox's protection (case-insensitive), once loaded. */
export function useSenderProtection(email: string) {
  const query = useBounceProtection();
  const lower = email.toLowerCase();
  return { ...query, protection: query.data?.senders.find((s) => s.email === lower) };
}

export function useResumeSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) =>
      unwrap(await api["bounce-protection"].senders.resume.$post({ json: { email } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bounceProtectionQueryKey }),
  });
}

export function useResumeCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api["bounce-protection"].campaigns[":id"].resume.$post({ param: { id } })),
    // The campaigns' key is the prefix of each campaign's: the list and the campaign's page both refresh.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bounceProtectionQueryKey }),
        queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
      ]),
  });
}

export function useSaveSenderProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SenderProtectionInput) =>
      unwrap(await api["bounce-protection"].senders.$put({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bounceProtectionQueryKey }),
  });
}
