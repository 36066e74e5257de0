// Sender health over the typed API client: one request for every saved
// sender, shared by every card (same key) and by the launch review. Under
// ["senders"], so every sender write refreshes it. The summary shows each
// domain's last check, which a domain health check (the card's panel,
// Deliverability) replaces on the server: a check that succeeds refreshes it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, unwrap } from "#web/lib/api-client.ts";
import { domainHealthQueryKey } from "../domain-health/use-domain-health.ts";

export const senderHealthQueryKey = ["senders", "health"] as const;

/** Every saved sender's health (figures, badge, rule). */
export function useSenderHealth() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        if (event.query.queryKey[0] !== domainHealthQueryKey[0]) return;
        // Every card listens: the first one marks it stale and refetches, the others find it so.
        if (queryClient.getQueryState(senderHealthQueryKey)?.isInvalidated) return;
        void queryClient.invalidateQueries({ queryKey: senderHealthQueryKey });
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: senderHealthQueryKey,
    queryFn: async () => (await unwrap(await api.senders.health.$get())).senders,
  });
}
