// The user's API keys over the typed API client (Settings › API keys). Every
// write refreshes the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateApiKeyInput } from "#shared/api-keys/api-keys.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const apiKeysQueryKey = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: async () => (await unwrap(await api["api-keys"].$get())).keys,
  });
}

/** Creates a key; the answer's secret is the only time the full key is seen. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyInput) => unwrap(await api["api-keys"].$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api["api-keys"][":id"].$delete({ param: { id } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
