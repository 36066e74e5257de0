// Sender statistics over the typed API client. Keys live under ["senders"], so
// every sender write (which invalidates that prefix) refreshes them too.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { SENDER_EMAILS_PAGE_DEFAULT } from "#shared/senders/sender-stats.schemas.ts";
import { senderAddressKey } from "#shared/senders/sender-stats.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const senderStatsQueryKey = ["senders", "stats"] as const;

/** Today / last 7 days / last month / all-time figures of every saved sender (one request). */
export function useSenderStats() {
  return useQuery({
    queryKey: senderStatsQueryKey,
    queryFn: async () => unwrap(await api.senders.stats.$get()),
  });
}

/** A saved sender's email history, newest first, one page per "Load more". */
export function useSenderEmails(senderId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ["senders", "emails", senderId],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.senders[":id"].emails.$get({
          param: { id: senderId },
          query: { limit: String(SENDER_EMAILS_PAGE_DEFAULT), ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The sender profile of an address (404 → ApiError with status 404). */
export function useSenderProfile(email: string) {
  return useQuery({
    queryKey: ["senders", "profile", senderAddressKey(email)],
    queryFn: async () => unwrap(await api.senders.profile.$get({ query: { email } })),
  });
}
