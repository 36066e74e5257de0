import { useMutation } from "@tanstack/react-query";
import type { ComposeInput } from "#shared/compose/compose.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export function useSendsDirect() {
  return useMutation({
    mutationFn: async (fields: ComposeInput) => unwrap(await api.emails.direct.$post({ json: fields })),
  });
}
