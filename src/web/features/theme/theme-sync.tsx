// The session-aware half of the theme (see theme-provider.tsx) for the signed-in
// app: mounted by the query layout (components/query-layout.tsx), never by the
// public pages or /auth, so those load neither the API client nor TanStack
// Query (/auth has SessionThemeSync).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { ThemeMode } from "#shared/db-enums.ts";
import type { Settings } from "#shared/settings/settings.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { settingsQueryKey, useSettingsQuery } from "../settings/use-settings.ts";
import { useReportThemeAccount } from "./theme-provider.tsx";

export function ThemeSync() {
  const report = useReportThemeAccount("settings");
  const session = authClient.useSession();
  const signedIn = Boolean(session.data?.user);
  const settings = useSettingsQuery(signedIn);
  const queryClient = useQueryClient();

  const settled = !session.isPending && (!signedIn || settings.isSuccess || settings.isError);
  const storedMode = signedIn ? settings.data?.themeMode : undefined;

  const save = useCallback(
    async (next: ThemeMode) => {
      const previous = queryClient.getQueryData<Settings>(settingsQueryKey);
      if (previous) queryClient.setQueryData<Settings>(settingsQueryKey, { ...previous, themeMode: next });
      try {
        const saved = await unwrap(await api.settings.theme.$put({ json: { themeMode: next } }));
        queryClient.setQueryData(settingsQueryKey, saved);
      } catch (err) {
        if (previous) queryClient.setQueryData(settingsQueryKey, previous);
        throw err;
      }
    },
    [queryClient],
  );

  useEffect(() => {
    report({ settled, signedIn, storedMode, save });
  }, [report, settled, signedIn, storedMode, save]);
  // Leaving the session's pages: the provider falls back to the cached mode.
  useEffect(() => () => report(null), [report]);
  return null;
}
