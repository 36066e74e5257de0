// Mail delivery mode and configured providers, fixed for the server's
// lifetime: read once per page load and shared by every screen that asks. A
// plain fetch, not a TanStack query, because /auth shows it and does not load
// TanStack Query (decision record 014); a failed read is asked again as the
// queries are (lib/retry-rule.ts), and by the next screen that mounts.
import { useEffect, useSyncExternalStore } from "react";
import type { AppInfo } from "#shared/app-info/app-info.schemas.ts";
import { unwrap } from "#web/lib/api-error.ts";
import { takeEarlyResponse } from "#web/lib/early-requests.ts";
import { withRetry } from "#web/lib/retry-rule.ts";

type AppInfoState =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: false; data: AppInfo; error: null }
  | { isPending: false; isError: true; data: undefined; error: Error };

let state: AppInfoState = { isPending: true, isError: false, data: undefined, error: null };
let loading = false;
const listeners = new Set<() => void>();

function set(next: AppInfoState) {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchAppInfo(): Promise<AppInfo> {
  const response =
    (await takeEarlyResponse("/api/app-info")) ??
    (await fetch("/api/app-info", { credentials: "same-origin", headers: { accept: "application/json" } }));
  return unwrap(response as Response & { json(): Promise<AppInfo> });
}

function load() {
  if (loading || state.data) return;
  loading = true;
  withRetry(fetchAppInfo)
    .then(
      (data) => set({ isPending: false, isError: false, data, error: null }),
      (err: unknown) => {
        console.warn("app info could not be loaded", err);
        set({
          isPending: false,
          isError: true,
          data: undefined,
          error: err instanceof Error ? err : new Error(String(err)),
        });
      },
    )
    .finally(() => {
      loading = false;
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppInfo(): AppInfoState {
  useEffect(load, []);
  return useSyncExternalStore(subscribe, () => state);
}
