// The user's tracking hosts over the typed API client. Every write puts the
// domain's new state in the cached list, so the screen shows what the server
// checked without another round trip.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TrackingHost, TrackingHostList } from "#shared/tracking-hosts/tracking-host.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const trackingHostsQueryKey = ["tracking-hosts"] as const;

export function useTrackingHosts() {
  return useQuery({
    queryKey: trackingHostsQueryKey,
    queryFn: async () => unwrap(await api["tracking-hosts"].$get()),
  });
}

function useStoreHost() {
  const queryClient = useQueryClient();
  return (host: TrackingHost) =>
    queryClient.setQueryData<TrackingHostList>(trackingHostsQueryKey, (list) =>
      list ? { ...list, domains: list.domains.map((d) => (d.domain === host.domain ? host : d)) } : list,
    );
}

/** Sets the domain's host; the server checks its CNAME at once. */
export function useSetTrackingHost() {
  const store = useStoreHost();
  return useMutation({
    mutationFn: async (input: { domain: string; host: string }) =>
      unwrap(
        await api["tracking-hosts"][":domain"].$put({ param: { domain: input.domain }, json: { host: input.host } }),
      ),
    onSuccess: store,
  });
}

/** A fresh CNAME lookup each time. */
export function useCheckTrackingHost() {
  const store = useStoreHost();
  return useMutation({
    mutationFn: async (domain: string) =>
      unwrap(await api["tracking-hosts"][":domain"].check.$post({ param: { domain } })),
    onSuccess: store,
  });
}

export function useRemoveTrackingHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (domain: string) => {
      const res = await api["tracking-hosts"][":domain"].$delete({ param: { domain } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingHostsQueryKey }),
  });
}
