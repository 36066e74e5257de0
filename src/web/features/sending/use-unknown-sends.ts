import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";

const unknownSendsKey = (campaignId?: string) => ["unknown-sends", campaignId ?? "all"] as const;

/** Sends whose delivery is unknown, waiting for a decision (one campaign's, or all). */
export function useUnknownSends(campaignId?: string) {
  return useQuery({
    queryKey: unknownSendsKey(campaignId),
    queryFn: async () => {
      const list = await unwrap(await api["unknown-sends"].$get({ query: campaignId ? { campaignId } : {} }));
      return list.sends;
    },
  });
}

export function useDecideUnknownSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: "send-anyway" | "skip" }) =>
      decision === "send-anyway"
        ? unwrap(await api["unknown-sends"][":id"]["send-anyway"].$post({ param: { id } }))
        : unwrap(await api["unknown-sends"][":id"].skip.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["unknown-sends"] }),
  });
}

/** The same decision for several sends at once (the ones the panel shows). */
export function useDecideUnknownSends() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, decision }: { ids: string[]; decision: "send-anyway" | "skip" }) =>
      decision === "send-anyway"
        ? unwrap(await api["unknown-sends"]["send-anyway"].$post({ json: { ids } }))
        : unwrap(await api["unknown-sends"].skip.$post({ json: { ids } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["unknown-sends"] }),
  });
}
