// The dashboard's queries over the typed API client. They refetch whenever the
// dashboard mounts: coming back from a launch or an edit shows fresh figures
// instead of the 30 s cache the rest of the app uses.
import { useIsFetching, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";
import { campaignsQueryKey } from "../campaigns/use-campaigns.ts";

export const dashboardQueryKey = ["dashboard"] as const;
export const failureStatsQueryKey = ["dashboard", "failures"] as const;

const fresh = { refetchOnMount: "always" } as const;

export function useDashboardSummary() {
  return useQuery({
    queryKey: ["dashboard", "summary"],
    queryFn: async () => unwrap(await api.dashboard.summary.$get()),
    ...fresh,
  });
}

export function useFailureStats() {
  return useQuery({
    queryKey: failureStatsQueryKey,
    queryFn: async () => unwrap(await api.dashboard.failures.$get()),
    ...fresh,
  });
}

export function useDashboardActivity() {
  return useQuery({
    queryKey: ["dashboard", "activity"],
    queryFn: async () => unwrap(await api.dashboard.activity.$get()),
    ...fresh,
  });
}

export function useMailSyncStatus() {
  return useQuery({
    queryKey: ["dashboard", "mail-sync"],
    queryFn: async () => unwrap(await api.dashboard["mail-sync"].$get()),
    ...fresh,
  });
}

/** The page's Refresh: refetches every dashboard query and the campaign rows, without reloading the page. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  const fetching =
    useIsFetching({ queryKey: dashboardQueryKey }) + useIsFetching({ queryKey: campaignsQueryKey, exact: true }) > 0;
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: dashboardQueryKey, type: "active" }),
      queryClient.refetchQueries({ queryKey: campaignsQueryKey, exact: true, type: "active" }),
    ]);
  return { refresh, fetching };
}
