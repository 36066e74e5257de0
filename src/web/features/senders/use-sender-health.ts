// Sender health over the typed API client: one request for every saved
// sender, shared by every card (same key) and by the launch review. Under
// ["senders"], so every sender write refreshes it; a domain check refreshes it
// too (use-domain-health.ts), since the summary shows the last check.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";

export const senderHealthQueryKey = ["senders", "health"] as const;

/** Every saved sender's health (figures, badge, rule). */
export function useSenderHealth() {
  return useQuery({
    queryKey: senderHealthQueryKey,
    queryFn: async () => (await unwrap(await api.senders.health.$get())).senders,
  });
}
