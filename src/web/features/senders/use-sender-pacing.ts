// Pacing per mailbox address over the typed API client: one list for the
// user (a handful of rows), read by every sender card and campaign sender row.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  PACING_FORM_DEFAULTS,
  type SenderPacing,
  type SenderPacingInput,
} from "#shared/senders/sender-pacing.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const senderPacingQueryKey = ["sender-pacing"] as const;

export function useSenderPacingList() {
  return useQuery({
    queryKey: senderPacingQueryKey,
    queryFn: async () => (await unwrap(await api["sender-pacing"].$get())).pacing,
  });
}

/** The pacing of one address (case-insensitive), once the list is loaded. */
export function usePacingOf(email: string): { pacing: SenderPacing | undefined; loading: boolean } {
  const list = useSenderPacingList();
  const lower = email.toLowerCase();
  return { pacing: list.data?.find((p) => p.email === lower), loading: list.isPending };
}

export function useSavePacing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, input }: { email: string; input: SenderPacingInput }) =>
      unwrap(await api["sender-pacing"].$put({ json: { ...input, email } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: senderPacingQueryKey }),
  });
}

export function useRemovePacing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => {
      const res = await api["sender-pacing"].$delete({ query: { email } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: senderPacingQueryKey }),
  });
}

/**
 * A mailbox added by hand gets the recommended pacing (2–5 minutes between
 * sends) unless its address has pacing already; a failure only warns, as the
 * sender itself is added.
 */
export function useDefaultPacing() {
  const queryClient = useQueryClient();
  return async (email: string): Promise<void> => {
    try {
      const list = await queryClient.fetchQuery({
        queryKey: senderPacingQueryKey,
        queryFn: async () => (await unwrap(await api["sender-pacing"].$get())).pacing,
      });
      if (list.some((p) => p.email === email.toLowerCase())) return;
      await unwrap(await api["sender-pacing"].$put({ json: { ...PACING_FORM_DEFAULTS, email } }));
      await queryClient.invalidateQueries({ queryKey: senderPacingQueryKey });
    } catch (err) {
      console.warn("default pacing not saved", err);
    }
  };
}
