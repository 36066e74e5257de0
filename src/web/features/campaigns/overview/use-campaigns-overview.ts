// The overview reads the campaign list (the dashboard's query, shared cache),
// but refetches it whenever the screen opens: opens and sends change the
// figures without any action in this browser.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "../use-campaigns.ts";

export function useCampaignsOverview() {
  return useQuery({
    queryKey: campaignsQueryKey,
    queryFn: async () => unwrap(await api.campaigns.$get()),
    refetchOnMount: "always",
  });
}
