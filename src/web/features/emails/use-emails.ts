// The Emails list over the typed API client, a page at a time (keyset cursors
// from the server). A search is part of the key, so each search has its pages.
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { EMAILS_PAGE_SIZE } from "#shared/emails/emails.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const emailsQueryKey = ["emails"] as const;

export function useEmailList(search: string) {
  return useInfiniteQuery({
    queryKey: [...emailsQueryKey, "list", search],
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.emails.$get({
          query: {
            limit: String(EMAILS_PAGE_SIZE),
            ...(search ? { search } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    // Sends and opens change the list without any action in this browser: fetch it again each time the screen opens.
    refetchOnMount: "always",
  });
}
