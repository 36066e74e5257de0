// Duplicate detection for wizard step 4: runs by itself when there are
// contacts, and says in the same answer which addresses are blocked or
// suppressed. A failed check is logged and treated as "no duplicates, none
// blocked" (docs/product.md §9.5): it must never block the wizard (launch
// still leaves blocked contacts out).
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { BlockedAddress } from "#shared/contacts/contacts.schemas.ts";
import { type DuplicateGroup, groupDuplicates } from "#shared/contacts/import/duplicates.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";

export type DuplicateCheck = { groups: DuplicateGroup[]; blocked: BlockedAddress[]; failed: boolean };

/** A short key for up to 10,000 addresses (FNV-1a), so the query key stays small. */
function signature(emails: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const email of emails) {
    for (let i = 0; i < email.length; i++) {
      hash ^= email.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193);
    }
    hash ^= 0x0a;
    hash = Math.imul(hash, 0x01000193);
  }
  return `${emails.length}:${(hash >>> 0).toString(16)}`;
}

function announce(groups: DuplicateGroup[], total: number) {
  if (groups.length > 0) {
    toast.warning("Duplicates Found", {
      description: `Found ${groups.length} emails that were used in previous campaigns`,
    });
  } else {
    toast.success("No Duplicates Found", { description: "None of these emails were used in your previous campaigns" });
  }
  toast.success("Email Detection Complete", {
    description: `Checked ${total.toLocaleString("en-US")} ${total === 1 ? "contact" : "contacts"}`,
  });
}

export function useDuplicateCheck(emails: readonly string[]) {
  const key = useMemo(() => signature(emails), [emails]);
  return useQuery<DuplicateCheck>({
    queryKey: ["contacts", "duplicates", key],
    enabled: emails.length > 0,
    // Coming back to the step within a minute shows the same answer without asking (and toasting) again.
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        const { previousSends, blocked } = await unwrap(
          await api.contacts.duplicates.$post({ json: { emails: [...emails] } }, { init: { signal } }),
        );
        const groups = groupDuplicates(previousSends);
        announce(groups, emails.length);
        return { groups, blocked, failed: false };
      } catch (err) {
        if (signal.aborted) throw err;
        console.warn("Duplicate detection failed; every contact will proceed.", err);
        return { groups: [], blocked: [], failed: true };
      }
    },
  });
}
