// Contacts page data: server-paginated entries (a cursor per page, loaded one
// after another as the list scrolls), one
// contact's email history (loaded when its dialog opens) and the CSV export.
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { DIRECTORY_PAGE_SIZE } from "#shared/contact-directory/contact-directory.schemas.ts";
import { contactsCsvFileName } from "#shared/contacts/contacts-csv.ts";
import type { LeadStatus } from "#shared/db-enums.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { downloadFile } from "#web/lib/download-file.ts";

export const contactDirectoryKey = ["contact-directory"] as const;

export function useContactDirectory(search: string, leadStatus?: LeadStatus) {
  return useInfiniteQuery({
    queryKey: [...contactDirectoryKey, "pages", { search, leadStatus }],
    placeholderData: keepPreviousData,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.contacts.$get(
          {
            query: {
              search: search || undefined,
              leadStatus,
              cursor: pageParam ?? undefined,
              limit: String(DIRECTORY_PAGE_SIZE),
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useContactHistory(email: string | null) {
  return useQuery({
    queryKey: [...contactDirectoryKey, "history", email?.toLowerCase()],
    enabled: email !== null,
    queryFn: async ({ signal }) =>
      unwrap(await api.contacts.history.$get({ query: { email: email ?? "" } }, { init: { signal } })),
  });
}

/**
 * Downloads every contact matching the search and status filter (all pages) as CSV, built and
 * escaped by the server, and saves it under the server's file name.
 */
export async function downloadContactsCsv(search: string, leadStatus?: LeadStatus): Promise<void> {
  const params = new URLSearchParams({ ...(search ? { search } : {}), ...(leadStatus ? { leadStatus } : {}) });
  const query = params.size > 0 ? `?${params}` : "";
  await downloadFile(`/api/contacts/export${query}`, contactsCsvFileName(new Date()));
}
