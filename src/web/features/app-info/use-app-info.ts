import { useQuery } from "@tanstack/react-query";
import type { AppInfo } from "#shared/meta/meta.schemas.ts";
import { getJson } from "#web/lib/api-client.ts";

/** Mail delivery mode and configured providers; fixed for the server's lifetime. */
export function useAppInfo() {
  return useQuery({
    queryKey: ["app-info"],
    queryFn: () => getJson<AppInfo>("/api/app-info"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
