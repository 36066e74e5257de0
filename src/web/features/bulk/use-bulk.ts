// Email in Bulk over the typed API client.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkSendInput } from "#shared/bulk/bulk.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "#web/lib/campaign-query-keys.ts";

export const bulkDeliveryQueryKey = ["bulk", "delivery"] as const;

/** Webhook or engine mode, the webhook's host, and the signing secret (also shown in Settings). */
export function useBulkDelivery(enabled = true) {
  return useQuery({
    queryKey: bulkDeliveryQueryKey,
    queryFn: async () => unwrap(await api.bulk.delivery.$get()),
    enabled,
  });
}

/** Sends; in engine mode the send is a new campaign, so the campaign lists are refreshed. */
export function useBulkSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BulkSendInput) => {
      const response = await api.bulk.send.$post({ json: input });
      // The route also declares its 502 (the webhook failed); unwrap turns any error status into an ApiError.
      return unwrap(response as Extract<typeof response, { status: 200 }>);
    },
    onSuccess: (result) => {
      if (result.campaignId) void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    },
  });
}
