import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";

export const accountSessionsQueryKey = ["account", "sessions"] as const;

export function useAccountSessions() {
  return useQuery({
    queryKey: accountSessionsQueryKey,
    queryFn: async () => unwrap(await api.account.sessions.$get()),
  });
}

/** 'Sign out' of one other session. */
export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api.account.sessions[":id"].$delete({ param: { id } });
      // 204 has no body; only a failure is read.
      if (!res.ok) await unwrap(res as unknown as Response);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}

/** 'Sign out everywhere else'. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.account.sessions["sign-out-others"].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
