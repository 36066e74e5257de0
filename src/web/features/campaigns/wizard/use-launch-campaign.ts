import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "../use-campaigns.ts";

/** Launch: queue step 1 for every contact and send the first batch (the answer says how it went). */
export function useLaunchCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.campaigns[":id"].launch.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}
