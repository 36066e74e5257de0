// The Deliverability screen's data: the server keeps every verification, so
// the history and the figures survive a reload; each new result refreshes both.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { verificationApi } from "./verification-api.ts";

export const verificationQueryKey = ["verification"] as const;

export function useVerifications() {
  return useQuery({ queryKey: [...verificationQueryKey, "list"], queryFn: verificationApi.list });
}

export function useVerificationStats() {
  return useQuery({ queryKey: [...verificationQueryKey, "stats"], queryFn: verificationApi.stats });
}

function useRefreshVerifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: verificationQueryKey });
}

export function useVerifyOne() {
  const refresh = useRefreshVerifications();
  return useMutation({ mutationFn: verificationApi.verifyOne, onSettled: () => refresh() });
}

export function useVerifyBulk() {
  const refresh = useRefreshVerifications();
  return useMutation({ mutationFn: verificationApi.verifyBulk, onSettled: () => refresh() });
}

export function useVerifyCsv() {
  const refresh = useRefreshVerifications();
  return useMutation({ mutationFn: verificationApi.verifyCsv, onSettled: () => refresh() });
}
