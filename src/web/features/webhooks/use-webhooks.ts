// The user's webhook endpoints and their delivery logs over the typed API
// client. Writes refresh the list; a delivery log polls every two seconds
// while one of its deliveries is still pending, so the screen shows each
// attempt as the worker makes it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  WebhookDeliveryDto,
  WebhookDeliveryList,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
} from "#shared/webhooks/webhooks.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const webhooksQueryKey = ["webhooks"] as const;
const deliveriesKey = (id: string) => ["webhooks", id, "deliveries"] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhooksQueryKey,
    queryFn: async () => unwrap(await api.webhooks.$get()),
  });
}

function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey });
}

export function useCreateWebhook() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: async (input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> =>
      unwrap(await api.webhooks.$post({ json: input })),
    onSuccess: refresh,
  });
}

export function useUpdateWebhook() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: async (input: { id: string; patch: WebhookEndpointUpdate }) =>
      unwrap(await api.webhooks[":id"].$patch({ param: { id: input.id }, json: input.patch })),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api.webhooks[":id"].$delete({ param: { id } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSuccess: refresh,
  });
}

export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: async (id: string): Promise<WebhookEndpointWithSecret> =>
      unwrap(await api.webhooks[":id"]["rotate-secret"].$post({ param: { id } })),
  });
}

/** 202 bodies are read as the delivery (the client's unwrap types 200/201 only). */
async function delivery(res: Response): Promise<WebhookDeliveryDto> {
  return (await unwrap(res as unknown as Response)) as WebhookDeliveryDto;
}

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      delivery((await api.webhooks[":id"].test.$post({ param: { id } })) as unknown as Response),
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}

export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; deliveryId: string }) =>
      delivery(
        (await api.webhooks[":id"].deliveries[":deliveryId"].resend.$post({
          param: { id: input.id, deliveryId: input.deliveryId },
        })) as unknown as Response,
      ),
    onSuccess: (_, input) => queryClient.invalidateQueries({ queryKey: deliveriesKey(input.id) }),
  });
}

export function useWebhookDeliveries(id: string, enabled: boolean) {
  return useQuery({
    queryKey: deliveriesKey(id),
    enabled,
    queryFn: async (): Promise<WebhookDeliveryList> =>
      unwrap(await api.webhooks[":id"].deliveries.$get({ param: { id }, query: { limit: "50" } })),
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === "pending") ? 2_000 : false),
  });
}
