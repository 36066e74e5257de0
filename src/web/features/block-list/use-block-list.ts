// The Block list over the typed API client: a page of blocks and suppressions
// (searched and paged by the server), adding, importing, removing, and the
// CSV download. Every write refreshes the list and Detect Emails' answers
// (they count blocked addresses).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BLOCK_LIST_PAGE_SIZE, type BlockListItem, blockListFileName } from "#shared/block-list/block-list.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { downloadFile } from "#web/lib/download-file.ts";

export const blockListQueryKey = ["block-list"] as const;

export function useBlockList(search: string, page: number) {
  return useQuery({
    queryKey: [...blockListQueryKey, { search, page }],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      unwrap(
        await api["block-list"].$get(
          {
            query: {
              search: search || undefined,
              limit: String(BLOCK_LIST_PAGE_SIZE),
              offset: String(page * BLOCK_LIST_PAGE_SIZE),
            },
          },
          { init: { signal } },
        ),
      ),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: blockListQueryKey }),
      queryClient.invalidateQueries({ queryKey: ["contacts", "duplicates"] }),
    ]);
}

export function useAddBlocks() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (entries: string[]) => unwrap(await api["block-list"].$post({ json: { entries } })),
    onSuccess: refresh,
  });
}

export function useImportBlocks() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (text: string) => unwrap(await api["block-list"].import.$post({ json: { text } })),
    onSuccess: refresh,
  });
}

export function useRemoveBlockListItem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (item: Pick<BlockListItem, "id" | "list">) => {
      const res =
        item.list === "block"
          ? await api["block-list"][":id"].$delete({ param: { id: item.id } })
          : await api["block-list"].suppressions[":id"].$delete({ param: { id: item.id } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSuccess: refresh,
  });
}

/** Downloads every block and suppression as CSV (built by the server). */
export const downloadBlockListCsv = () => downloadFile("/api/block-list/export", blockListFileName(new Date()));
