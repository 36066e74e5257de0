// Template library data: list (search, tag), save, delete.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Template, TemplateInput } from "#shared/templates/templates.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const templatesQueryKey = ["templates"] as const;

export type TemplateFilter = { search: string; tag: string };

/**
 * The spec: a failed list load is logged and shows as an empty library, so a
 * broken library never stands between the user and writing a sequence.
 */
export function useTemplatesQuery(filter: TemplateFilter) {
  const search = filter.search.trim();
  const tag = filter.tag;
  return useQuery({
    queryKey: [...templatesQueryKey, { search, tag }],
    queryFn: async (): Promise<Template[]> => {
      try {
        const query = { ...(search ? { search } : {}), ...(tag ? { tag } : {}) };
        return (await unwrap(await api.templates.$get({ query }))).templates;
      } catch (err) {
        console.warn("could not load email templates", err);
        return [];
      }
    },
    placeholderData: (previous) => previous,
  });
}

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TemplateInput) => unwrap(await api.templates.$post({ json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await api.templates[":id"].$delete({ param: { id } });
      if (!response.ok) await unwrap(response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
