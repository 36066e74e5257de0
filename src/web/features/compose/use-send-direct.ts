import { useMutation } from "@tanstack/react-query";
import type { ComposeFields } from "#shared/compose/compose.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export function useSendsDirect() {
  return useMutation({
    mutationFn: async (fields: ComposeFields) => unwrap(await api.emails.direct.$post({ json: fields })),
  });
}
