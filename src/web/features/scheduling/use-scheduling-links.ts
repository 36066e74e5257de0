// The signed-in owner's scheduling links over the typed API client. Every
// write refreshes the list, so the manager shows what the server stored.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateLink, UpdateLink } from "#shared/scheduling/scheduling.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const schedulingLinksQueryKey = ["scheduling-links"] as const;

export function useSchedulingLinksQuery(enabled = true) {
  return useQuery({
    queryKey: schedulingLinksQueryKey,
    queryFn: async () => (await unwrap(await api["scheduling-links"].$get())).links,
    enabled,
    // Prospects book while the manager is closed: each opening asks again for the upcoming counts.
    staleTime: 0,
  });
}

/** A new link's organizer (the first sender account) and the addresses the form offers. */
export function useOrganizerOptions() {
  return useQuery({
    queryKey: [...schedulingLinksQueryKey, "organizer"],
    queryFn: async () => unwrap(await api["scheduling-links"].organizer.$get()),
  });
}

function useInvalidateLinks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: schedulingLinksQueryKey });
}

export function useCreateSchedulingLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: async (input: CreateLink) => unwrap(await api["scheduling-links"].$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useSetLinkActive() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: async ({ id, isActive }: { id: string; isActive: boolean }) =>
      unwrap(await api["scheduling-links"][":id"].$patch({ param: { id }, json: { isActive } })),
    onSettled: invalidate,
  });
}

/** Changes a link's booking rules or organizer (PATCH with only those fields). */
export function useUpdateSchedulingLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateLink }) =>
      unwrap(await api["scheduling-links"][":id"].$patch({ param: { id }, json: changes })),
    onSuccess: invalidate,
  });
}

export function useDeleteSchedulingLink() {
  const invalidate = useInvalidateLinks();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api["scheduling-links"][":id"].$delete({ param: { id } })),
    onSuccess: invalidate,
  });
}
