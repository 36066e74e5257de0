import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateCampaignInput } from "#shared/campaigns/campaigns.schemas.ts";
import type { CloneCampaignInput } from "#shared/campaigns/clone-campaign.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignQueryKey, campaignsQueryKey } from "#web/lib/campaign-query-keys.ts";

export { campaignQueryKey, campaignsQueryKey };

export function useCampaignList() {
  return useQuery({ queryKey: campaignsQueryKey, queryFn: async () => unwrap(await api.campaigns.$get()) });
}

export function useCampaign(id: string) {
  return useQuery({
    queryKey: campaignQueryKey(id),
    queryFn: async () => unwrap(await api.campaigns[":id"].$get({ param: { id } })),
  });
}

export function useUpdateCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateCampaignInput) =>
      unwrap(await api.campaigns[":id"].$put({ param: { id }, json: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignQueryKey(id), saved);
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKey, exact: true });
    },
  });
}

export function useSetCampaignStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: "active" | "paused" }) =>
      unwrap(await api.campaigns[":id"].status.$patch({ param: { id }, json: { status } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api.campaigns[":id"].$delete({ param: { id } });
      if (!res.ok) await unwrap(res);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}

/** Clone: a new draft; the list gains it. */
export function useCloneCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...json }: { id: string } & CloneCampaignInput) =>
      unwrap(await api.campaigns[":id"].clone.$post({ param: { id }, json })),
    onSuccess: (created) => {
      queryClient.setQueryData(campaignQueryKey(created.campaign.id), created);
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKey, exact: true });
    },
  });
}
