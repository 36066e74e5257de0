// Saved senders over the typed API client. Writes invalidate the list, so the
// Senders page and the wizard's import dialog see the same data.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SenderInput, SmtpConnectionInput } from "#shared/senders/senders.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";

export const sendersQueryKey = ["senders"] as const;

export function useSendersQuery() {
  return useQuery({
    queryKey: sendersQueryKey,
    queryFn: async () => (await unwrap(await api.senders.$get())).senders,
  });
}

function useInvalidateSenders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sendersQueryKey });
}

export function useCreateSender() {
  const invalidate = useInvalidateSenders();
  return useMutation({
    mutationFn: async (input: SenderInput) => unwrap(await api.senders.$post({ json: input })),
    onSuccess: invalidate,
  });
}

export function useUpdateSender() {
  const invalidate = useInvalidateSenders();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: SenderInput }) =>
      unwrap(await api.senders[":id"].$put({ param: { id }, json: input })),
    onSuccess: invalidate,
  });
}

export function useDeleteSender() {
  const invalidate = useInvalidateSenders();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api.senders[":id"].$delete({ param: { id } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSuccess: invalidate,
  });
}

/**
 * A real SMTP sign-in. With a sender id it uses that sender's stored password
 * when `smtp.password` is empty; without one the password is required.
 */
export function useTestConnection() {
  return useMutation({
    mutationFn: async ({ senderId, smtp }: { senderId?: string; smtp?: SmtpConnectionInput }) => {
      if (senderId) {
        return unwrap(await api.senders[":id"].test.$post({ param: { id: senderId }, json: smtp ? { smtp } : {} }));
      }
      if (!smtp?.password) throw new Error("Enter the SMTP password to test the connection");
      return unwrap(await api.senders.test.$post({ json: { smtp: { ...smtp, password: smtp.password } } }));
    },
  });
}
