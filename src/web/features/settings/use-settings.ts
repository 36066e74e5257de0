import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Settings } from "#shared/settings/settings.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { bulkDeliveryQueryKey } from "../bulk/use-bulk.ts";

export const settingsQueryKey = ["settings"] as const;

export function useSettingsQuery(enabled = true) {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: async () => unwrap(await api.settings.$get()),
    enabled,
  });
}

/** Saves every field; the cache is updated at once and rolled back if the save fails. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: Settings) => unwrap(await api.settings.$put({ json: next })),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<Settings>(settingsQueryKey);
      queryClient.setQueryData(settingsQueryKey, next);
      return { previous };
    },
    onError: (_err, _next, context) => {
      if (context?.previous) queryClient.setQueryData(settingsQueryKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      // The automation webhook decides how Email in Bulk sends.
      void queryClient.invalidateQueries({ queryKey: bulkDeliveryQueryKey });
    },
  });
}
