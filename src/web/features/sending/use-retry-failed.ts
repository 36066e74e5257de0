import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "#web/lib/campaign-query-keys.ts";

const retryFailedKey = (id: string) => [...campaignsQueryKey, id, "retry-failed"] as const;

/** How many of the campaign's failures Retry failed sends would queue again. */
export function useRetryFailedPreview(id: string) {
  return useQuery({
    queryKey: retryFailedKey(id),
    queryFn: async () => unwrap(await api.campaigns[":id"]["retry-failed"].$get({ param: { id } })),
  });
}

export function useRetryFailed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.campaigns[":id"]["retry-failed"].$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}
