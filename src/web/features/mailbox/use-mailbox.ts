// The mailbox screens' data over the typed API client: Reply Tracker, spam,
// recent failures and Email Classification. Lists are paged by the server
// (keyset cursors). A change refreshes every mailbox query and the figures
// that depend on replies (dashboard, inbox, contacts).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReplyClass } from "#shared/db-enums.ts";
import type { MarkRepliedInput, ReplyTrackerList } from "#shared/mailbox/mailbox.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "#web/lib/campaign-query-keys.ts";

export const mailboxQueryKey = ["mailbox"] as const;
const spamQueryKey = [...mailboxQueryKey, "spam"] as const;

const withCursor = <T extends object>(query: T, cursor: string | null) => (cursor ? { ...query, cursor } : query);

/** A spam email's full content: never refetched (it does not change, and may have been deleted). */
const isSpamDetail = (key: readonly unknown[]) => key[1] === "spam" && key[2] === "email";

/** After a change: the mailbox screens, and what shows replies elsewhere. */
export function useRefreshMailboxData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [mailboxQueryKey, ["dashboard"], ["inbox"], ["contact-directory"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, predicate: (query) => !isSpamDetail(query.queryKey) }),
      ),
    );
}

// ---------------------------------------------------------------- Reply Tracker

export function useReplyTrackerSummary() {
  return useQuery({
    queryKey: [...mailboxQueryKey, "reply-tracker", "summary"],
    queryFn: async () => unwrap(await api.mailbox["reply-tracker"].summary.$get()),
  });
}

export function useReplyTrackerContacts(list: ReplyTrackerList, search: string) {
  return useInfiniteQuery({
    queryKey: [...mailboxQueryKey, "reply-tracker", list, search],
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.mailbox["reply-tracker"].contacts.$get({
          query: withCursor(search ? { list, search } : { list }, pageParam),
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMarkReplied() {
  const refresh = useRefreshMailboxData();
  return useMutation({
    mutationFn: async (input: MarkRepliedInput) =>
      unwrap(await api.mailbox["reply-tracker"]["mark-replied"].$post({ json: input })),
    onSuccess: () => refresh(),
  });
}

// ------------------------------------------------------------------------- Spam

export function useSpamList() {
  return useInfiniteQuery({
    queryKey: [...spamQueryKey, "list"],
    queryFn: async ({ pageParam }) => unwrap(await api.spam.$get({ query: withCursor({}, pageParam) })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One spam email in full. Its content never changes: loaded once, never refetched (it may be gone by then). */
export function useSpamEmail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...spamQueryKey, "email", id],
    queryFn: async () => unwrap(await api.spam[":id"].$get({ param: { id } })),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A change to the spam list: the list reloads (with its count). */
function useSpamMutation<T, R>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...spamQueryKey, "list"] }),
  });
}

export function useDeleteSpam() {
  return useSpamMutation(async (id: string) => {
    const res = await api.spam[":id"].$delete({ param: { id } });
    // 204 has no body; only a failure is read.
    if (!res.ok) await unwrap(res as unknown as Response);
  });
}

export function useClearSpam() {
  return useSpamMutation(async () => unwrap(await api.spam.$delete()));
}

export function useAddSampleSpam() {
  return useSpamMutation(async () => unwrap(await api.spam.samples.$post()));
}

export function useRecentFailures() {
  return useQuery({
    queryKey: [...mailboxQueryKey, "recent-failures"],
    queryFn: async () => (await unwrap(await api.mailbox["recent-failures"].$get())).failures,
  });
}

/** Retry on a Recent Failures row: its step queued again (docs/product.md §15). */
export function useRetryFailedSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api["failed-sends"][":id"].retry.$post({ param: { id } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...mailboxQueryKey, "recent-failures"] });
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    },
  });
}

// --------------------------------------------------------- Email Classification

export function useReplyClassCounts() {
  return useQuery({
    queryKey: [...mailboxQueryKey, "reply-classes"],
    queryFn: async () => unwrap(await api.mailbox["reply-classes"].$get()),
  });
}

export function useClassifiedReplies(replyClass: ReplyClass | null) {
  return useInfiniteQuery({
    queryKey: [...mailboxQueryKey, "replies", replyClass ?? "all"],
    queryFn: async ({ pageParam }) =>
      unwrap(await api.mailbox.replies.$get({ query: withCursor(replyClass ? { replyClass } : {}, pageParam) })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One reply in full (Compose answers it). */
export function useReply(id: string | null) {
  return useQuery({
    queryKey: [...mailboxQueryKey, "reply", id],
    queryFn: async () => unwrap(await api.mailbox.replies[":id"].$get({ param: { id: id ?? "" } })),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCorrectReplyClass() {
  const refresh = useRefreshMailboxData();
  return useMutation({
    mutationFn: async ({ id, replyClass }: { id: string; replyClass: ReplyClass }) =>
      unwrap(await api.mailbox.replies[":id"].$patch({ param: { id }, json: { replyClass } })),
    onSuccess: () => refresh(),
  });
}
