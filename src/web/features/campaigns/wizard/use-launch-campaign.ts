// The wizard's Launch: one request that stores the campaign and launches it
// (POST /api/campaigns/launch, keyed by the draft's launch key).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateAndLaunchInput } from "#shared/campaigns/campaign-launch.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "../use-campaigns.ts";

/** Store and launch: the answer says what the first batch did (or why nothing was stored). */
export function useCreateAndLaunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAndLaunchInput) => unwrap(await api.campaigns.launch.$post({ json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}
