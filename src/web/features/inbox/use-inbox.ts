// Inbox data over the typed API client: the groups, and a group's history and
// replies, each a page at a time (keyset cursors from the server).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { LeadStatus } from "#shared/db-enums.ts";
import type { InboxGroup } from "#shared/inbox/inbox.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const inboxQueryKey = ["inbox"] as const;

/** A group's selector: its contact, or the address of sends made without a contact. */
export type GroupSelector = { contactId: string } | { email: string };

export const selectorOf = (group: InboxGroup): GroupSelector =>
  group.contactId ? { contactId: group.contactId } : { email: group.email };

const withCursor = <T extends object>(query: T, cursor: string | null) => (cursor ? { ...query, cursor } : query);

export function useInboxGroups(search: string, leadStatus?: LeadStatus) {
  return useInfiniteQuery({
    queryKey: [...inboxQueryKey, "groups", search, leadStatus ?? null],
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.inbox.$get({
          query: withCursor({ ...(search ? { search } : {}), ...(leadStatus ? { leadStatus } : {}) }, pageParam),
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useGroupHistory(selector: GroupSelector, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...inboxQueryKey, "history", selector],
    queryFn: async ({ pageParam }) => unwrap(await api.inbox.history.$get({ query: withCursor(selector, pageParam) })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

export function useGroupReplies(selector: GroupSelector, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...inboxQueryKey, "replies", selector],
    queryFn: async ({ pageParam }) => unwrap(await api.inbox.replies.$get({ query: withCursor(selector, pageParam) })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** Refresh of what a group shows when open (its history and replies); the list refetches itself. */
export function useRefreshGroupDetails() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: [...inboxQueryKey, "history"], type: "active" }),
      queryClient.refetchQueries({ queryKey: [...inboxQueryKey, "replies"], type: "active" }),
    ]);
}

export const groupKey = (group: InboxGroup) => group.contactId ?? `direct:${group.email}`;

/**
 * The loaded pages as one list. A group whose activity moved it between pages
 * while they were refetched one after another is shown once.
 */
export function flattenGroups(pages: readonly { groups: InboxGroup[] }[] | undefined): InboxGroup[] {
  const seen = new Set<string>();
  const list: InboxGroup[] = [];
  for (const group of pages?.flatMap((p) => p.groups) ?? []) {
    const key = groupKey(group);
    if (seen.has(key)) continue;
    seen.add(key);
    list.push(group);
  }
  return list;
}

/** Received: messages restored from Junk that no group shows. */
export function useReceived() {
  return useInfiniteQuery({
    queryKey: [...inboxQueryKey, "received"],
    queryFn: async ({ pageParam }) => unwrap(await api.inbox.received.$get({ query: withCursor({}, pageParam) })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
