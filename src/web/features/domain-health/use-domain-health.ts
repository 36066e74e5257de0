// Domain health over the typed API client. Every fetch is a fresh DNS check on
// the server, so Recheck is a refetch.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";

export const domainHealthQueryKey = ["domain-health"] as const;

/** Every domain of the user's senders with its checks (the /delivery section). */
export function useDomainHealthList() {
  return useQuery({
    queryKey: [...domainHealthQueryKey, "all"],
    queryFn: async () => (await unwrap(await api["domain-health"].$get())).domains,
    staleTime: 60_000,
  });
}

/** One domain of the user's senders; `selector` picks the DKIM selector to check. */
export function useDomainHealth(domain: string, selector: string | undefined) {
  return useQuery({
    queryKey: [...domainHealthQueryKey, domain, selector ?? ""],
    queryFn: async () =>
      unwrap(
        await api["domain-health"][":domain"].$get({
          param: { domain },
          query: selector ? { selector } : {},
        }),
      ),
    staleTime: 60_000,
  });
}
