// Edit campaign → Contacts: the server-paginated list and the add/remove
// mutations. Keys live under ["campaigns", id, "contacts"]. A change patches
// the campaign's contact count in place at once, then refetches the campaign:
// adding or removing contacts can change the status it shows (removing the
// last contact with queued emails completes it).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CampaignDetail } from "#shared/campaigns/campaigns.schemas.ts";
import { CONTACT_PAGE_SIZE, type ContactInput } from "#shared/contacts/contacts.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignQueryKey, campaignsQueryKey } from "#web/lib/campaign-query-keys.ts";

/** Contacts per add request: well under the API's 10,000, small enough to show progress between. */
const ADD_BATCH = 2_000;

export const campaignContactsKey = (campaignId: string) => ["campaigns", campaignId, "contacts"] as const;

export function useCampaignContacts(campaignId: string, search: string, page: number) {
  return useQuery({
    queryKey: [...campaignContactsKey(campaignId), { search, page }],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.campaigns[":id"].contacts.$get(
          {
            param: { id: campaignId },
            query: {
              search: search || undefined,
              limit: String(CONTACT_PAGE_SIZE),
              offset: String(page * CONTACT_PAGE_SIZE),
            },
          },
          { init: { signal } },
        ),
      ),
  });
}

function useAfterChange(campaignId: string) {
  const queryClient = useQueryClient();
  return (delta: number) => {
    queryClient.setQueryData<CampaignDetail>(campaignQueryKey(campaignId), (old) =>
      old ? { ...old, contactCount: Math.max(0, old.contactCount + delta) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: campaignContactsKey(campaignId) });
    void queryClient.invalidateQueries({ queryKey: campaignQueryKey(campaignId), exact: true });
    void queryClient.invalidateQueries({ queryKey: campaignsQueryKey, exact: true });
  };
}

export type AddContactsOutcome = { added: number; skippedDuplicates: number };

export function useAddContacts(campaignId: string) {
  const afterChange = useAfterChange(campaignId);
  return useMutation({
    mutationFn: async (contacts: ContactInput[]): Promise<AddContactsOutcome> => {
      const total = { added: 0, skippedDuplicates: 0 };
      try {
        for (let i = 0; i < contacts.length; i += ADD_BATCH) {
          const result = await unwrap(
            await api.campaigns[":id"].contacts.$post({
              param: { id: campaignId },
              json: { contacts: contacts.slice(i, i + ADD_BATCH) },
            }),
          );
          total.added += result.added;
          total.skippedDuplicates += result.skippedDuplicates;
        }
      } finally {
        // Earlier batches are stored even when a later one fails.
        if (total.added > 0) afterChange(total.added);
      }
      return total;
    },
  });
}

export function useRemoveContact(campaignId: string) {
  const afterChange = useAfterChange(campaignId);
  return useMutation({
    mutationFn: async (contactId: string) => {
      const res = await api.campaigns[":id"].contacts[":contactId"].$delete({ param: { id: campaignId, contactId } });
      if (!res.ok) await unwrap(res);
    },
    onSuccess: () => afterChange(-1),
  });
}

/** Every contact's id and address (Verify contacts checks the whole list, not one page). */
export async function fetchContactAddresses(campaignId: string) {
  return unwrap(await api.campaigns[":id"].contacts.addresses.$get({ param: { id: campaignId } }));
}

/**
 * Removes several contacts through the one-contact route, one after another;
 * the list and counts follow even when one fails part-way.
 */
export function useRemoveContacts(campaignId: string) {
  const afterChange = useAfterChange(campaignId);
  return useMutation({
    mutationFn: async (contactIds: string[]) => {
      let removed = 0;
      try {
        for (const contactId of contactIds) {
          const res = await api.campaigns[":id"].contacts[":contactId"].$delete({
            param: { id: campaignId, contactId },
          });
          if (!res.ok) await unwrap(res);
          removed++;
        }
      } finally {
        if (removed > 0) afterChange(-removed);
      }
      return removed;
    },
  });
}

/** The campaign's contacts per time zone (one group-by on the server); refetched with the list after any change. */
export function useContactZoneCounts(campaignId: string) {
  return useQuery({
    queryKey: [...campaignContactsKey(campaignId), "time-zones"],
    queryFn: async () => unwrap(await api.campaigns[":id"].contacts["time-zones"].$get({ param: { id: campaignId } })),
  });
}

/** Sets or clears (null) one contact's time zone. */
export function useUpdateContactZone(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (o: { contactId: string; timezone: string | null }) =>
      unwrap(
        await api.campaigns[":id"].contacts[":contactId"].$patch({
          param: { id: campaignId, contactId: o.contactId },
          json: { timezone: o.timezone },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: campaignContactsKey(campaignId) }),
  });
}
