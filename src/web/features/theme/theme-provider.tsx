// Theme: light, dark or auto. auto follows the system preference and reacts to
// its changes; signed out always follows the system; signed in, the stored
// user setting decides (falling back to the system if it cannot be loaded).
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ThemeMode } from "#shared/db-enums.ts";
import type { Settings } from "#shared/settings/settings.schemas.ts";
import { api, unwrap } from "#web/lib/api-client.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { settingsQueryKey, useSettingsQuery } from "../settings/use-settings.ts";

type ResolvedTheme = "light" | "dark";
type ThemeContextValue = {
  mode: ThemeMode;
  resolved: ResolvedTheme;
  /** Saves the mode for the signed-in user; applied at once, rolled back if saving fails. */
  setMode: (mode: ThemeMode) => Promise<void>;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);
const darkQuery = "(prefers-color-scheme: dark)";
/** Cache of the last applied mode so a reload does not flash the wrong theme (read in index.html). */
export const THEME_CACHE_KEY = "coldreach-theme";

function readCachedMode(): ThemeMode {
  try {
    const cached = localStorage.getItem(THEME_CACHE_KEY);
    return cached === "light" || cached === "dark" ? cached : "auto";
  } catch {
    return "auto";
  }
}

function useSystemTheme(): ResolvedTheme {
  const [dark, setDark] = useState(() => window.matchMedia(darkQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(darkQuery);
    const onChange = (e: MediaQueryListEvent) => setDark(e.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  return dark ? "dark" : "light";
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const signedIn = Boolean(session.data?.user);
  const settings = useSettingsQuery(signedIn);
  const queryClient = useQueryClient();
  const system = useSystemTheme();

  // Until the session and the user's settings are known, keep the mode cached
  // from the last visit (index.html applied it before first paint), so a
  // stored dark theme does not flash light on reload.
  const settled = !session.isPending && (!signedIn || settings.isSuccess || settings.isError);
  const mode: ThemeMode = !settled ? readCachedMode() : signedIn && settings.data ? settings.data.themeMode : "auto";
  const resolved: ResolvedTheme = mode === "auto" ? system : mode;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", resolved === "dark");
    root.style.colorScheme = resolved;
    if (!settled) return;
    try {
      if (signedIn && settings.data) localStorage.setItem(THEME_CACHE_KEY, mode);
      else localStorage.removeItem(THEME_CACHE_KEY);
    } catch {
      // Storage may be disabled; the theme still applies for this page.
    }
  }, [resolved, mode, signedIn, settled, settings.data]);

  const setMode = useCallback(
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

  const value = useMemo(() => ({ mode, resolved, setMode }), [mode, resolved, setMode]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}
