// Domain health over the typed API client. Every fetch is a fresh DNS check on
// the server, so Recheck is a refetch. The server keeps each check as the
// domain's last one, which the Senders page's health summary shows: a check
// refreshes that summary.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";
import { senderHealthQueryKey } from "../senders/use-sender-health.ts";

export const domainHealthQueryKey = ["domain-health"] as const;

/** Every domain of the user's senders with its checks (the /delivery section). */
export function useDomainHealthList() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...domainHealthQueryKey, "all"],
    queryFn: async () => checked(queryClient, (await unwrap(await api["domain-health"].$get())).domains),
    staleTime: 60_000,
  });
}

/** One domain of the user's senders; `selector` picks the DKIM selector to check. */
export function useDomainHealth(domain: string, selector: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...domainHealthQueryKey, domain, selector ?? ""],
    queryFn: async () =>
      checked(
        queryClient,
        unwrap(
          await api["domain-health"][":domain"].$get({
            param: { domain },
            query: selector ? { selector } : {},
          }),
        ),
      ),
    staleTime: 60_000,
  });
}

/** A check's result, once the sender health that shows it is marked stale. */
function checked<T>(queryClient: QueryClient, result: T): T {
  void queryClient.invalidateQueries({ queryKey: senderHealthQueryKey });
  return result;
}
