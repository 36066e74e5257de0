import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { MergeContact } from "#shared/sequences/merge-tags.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { PREVIEW_CONTACTS } from "../../sequences/sequence-editor.tsx";

/** The first contacts of a stored campaign, for the sequence previews, and their extra columns as merge tags. */
export function useSequencePreviewContacts(campaignId: string) {
  const query = useQuery({
    queryKey: ["campaigns", campaignId, "contacts", "preview"],
    queryFn: async () =>
      unwrap(
        await api.campaigns[":id"].contacts.$get({
          param: { id: campaignId },
          query: { limit: String(PREVIEW_CONTACTS), offset: "0" },
        }),
      ),
  });
  return useMemo(() => {
    const contacts: MergeContact[] = (query.data?.contacts ?? []).map((c) => ({
      id: c.id,
      email: c.email,
      firstName: c.firstName,
      lastName: c.lastName,
      company: c.company,
      customFields: c.customFields,
    }));
    const columns = [...new Set(contacts.flatMap((c) => Object.keys(c.customFields ?? {})))];
    return { contacts, columns };
  }, [query.data]);
}
