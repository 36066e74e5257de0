// A campaign's click figures over the typed API client.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";

export const campaignClicksKey = (id: string) => ["campaigns", id, "clicks"] as const;

export function useCampaignClicks(id: string) {
  return useQuery({
    queryKey: campaignClicksKey(id),
    queryFn: async () => unwrap(await api.campaigns[":id"].clicks.$get({ param: { id } })),
    // Clicks come in while the page is open.
    refetchInterval: 30_000,
  });
}
