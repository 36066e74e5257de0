// A lead's status over the typed API client: its history (loaded when shown)
// and setting it. A change refreshes every list that shows statuses (the
// Inbox, Contacts, a campaign's contacts) and the lead's history.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeadStatus } from "#shared/db-enums.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const leadStatusKey = ["lead-status"] as const;

/** The query keys of the lists that show a lead's status (their features' own keys). */
const LISTS_WITH_STATUS = [["inbox"], ["contact-directory"], ["campaigns"], leadStatusKey] as const;

export function useLeadHistory(email: string, enabled = true) {
  return useQuery({
    queryKey: [...leadStatusKey, email.toLowerCase()],
    enabled,
    queryFn: async ({ signal }) =>
      unwrap(await api.leads[":email"].status.$get({ param: { email } }, { init: { signal } })),
  });
}

export function useSetLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; status: LeadStatus }) =>
      unwrap(await api.leads[":email"].status.$put({ param: { email: input.email }, json: { status: input.status } })),
    onSuccess: () =>
      Promise.all(LISTS_WITH_STATUS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
