// The user's DKIM keys over the typed API client. Every write refreshes the
// list (and domain health, whose DKIM check reads the same key).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GenerateDkimKeyInput } from "#shared/dkim-keys/dkim-keys.schemas.ts";
import { domainHealthQueryKey } from "#web/features/domain-health/use-domain-health.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const dkimKeysQueryKey = ["dkim-keys"] as const;

export function useDkimDomains() {
  return useQuery({
    queryKey: dkimKeysQueryKey,
    queryFn: async () => (await unwrap(await api["dkim-keys"].$get())).domains,
  });
}

function useInvalidateKeys() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dkimKeysQueryKey }),
      queryClient.invalidateQueries({ queryKey: domainHealthQueryKey }),
    ]);
}

export function useGenerateDkimKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: async (input: GenerateDkimKeyInput) => unwrap(await api["dkim-keys"].$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteDkimKey() {
  const invalidate = useInvalidateKeys();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api["dkim-keys"][":id"].$delete({ param: { id } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSuccess: invalidate,
  });
}

/** A fresh DNS lookup each time: a mutation, not a cached query. */
export function useCheckDkimDns() {
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api["dkim-keys"][":id"].dns.$get({ param: { id } })),
  });
}
