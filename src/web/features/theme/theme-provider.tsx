// Theme: light, dark or auto. auto follows the system preference and reacts to
// its changes; signed out always follows the system; signed in, the stored
// user setting decides (falling back to the system if it cannot be loaded).
//
// This provider wraps every page, the public booking pages included, so it
// knows nothing of the session or the API (they would weigh on every first
// load): the pages that have a session report who is signed in: /auth and the
// rest through SessionThemeSync (session-theme-sync.tsx: signed out, follow the
// system), the signed-in app through ThemeSync (theme-sync.tsx: the stored
// mode, read with TanStack Query, which /auth does not load). The signed-in
// app's report wins while it is mounted. Where nothing reports (a public page),
// the mode cached from the last visit stays.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ThemeMode } from "#shared/db-enums.ts";

type ResolvedTheme = "light" | "dark";
type ThemeContextValue = {
  mode: ThemeMode;
  resolved: ResolvedTheme;
  /** Saves the mode for the signed-in user; applied at once, rolled back if saving fails. */
  setMode: (mode: ThemeMode) => Promise<void>;
};

/** What ThemeSync knows about the signed-in user's theme. */
export type ThemeAccount = {
  /** The session (and, signed in, the user's settings) has loaded or failed to. */
  settled: boolean;
  signedIn: boolean;
  /** The user's stored mode, once their settings are loaded. */
  storedMode: ThemeMode | undefined;
  /** Saves a mode in the user's settings (optimistically). */
  save: (mode: ThemeMode) => Promise<void>;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);
/** Who reports: the session alone (signed out only), or the signed-in app with the user's settings. */
export type ThemeReporter = "session" | "settings";
type Report = (from: ThemeReporter, account: ThemeAccount | null) => void;
const ThemeAccountContext = createContext<Report | null>(null);
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
  const [reports, setReports] = useState<Record<ThemeReporter, ThemeAccount | null>>({
    session: null,
    settings: null,
  });
  const account = reports.settings ?? reports.session;
  const report = useCallback<Report>((from, next) => setReports((r) => ({ ...r, [from]: next })), []);
  const system = useSystemTheme();

  // Until the session and the user's settings are known, keep the mode cached
  // from the last visit (index.html applied it before first paint), so a
  // stored dark theme does not flash light on reload.
  const settled = account?.settled ?? false;
  const signedIn = account?.signedIn ?? false;
  const storedMode = account?.storedMode;
  const mode: ThemeMode = !settled ? readCachedMode() : signedIn && storedMode ? storedMode : "auto";
  const resolved: ResolvedTheme = mode === "auto" ? system : mode;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", resolved === "dark");
    root.style.colorScheme = resolved;
    if (!settled) return;
    try {
      if (signedIn && storedMode) localStorage.setItem(THEME_CACHE_KEY, mode);
      else localStorage.removeItem(THEME_CACHE_KEY);
    } catch {
      // Storage may be disabled; the theme still applies for this page.
    }
  }, [resolved, mode, signedIn, settled, storedMode]);

  // The latest save function, so setMode keeps one identity across reports.
  const save = useRef<ThemeAccount["save"] | undefined>(undefined);
  save.current = account?.save;
  const setMode = useCallback(async (next: ThemeMode) => {
    if (!save.current) throw new Error("The theme can only be saved while signed in.");
    await save.current(next);
  }, []);

  const value = useMemo(() => ({ mode, resolved, setMode }), [mode, resolved, setMode]);
  return (
    <ThemeAccountContext.Provider value={report}>
      <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
    </ThemeAccountContext.Provider>
  );
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside ThemeProvider");
  return value;
}

/** For ThemeSync and SessionThemeSync: reports what `from` knows of the user's theme (null: no longer known). */
export function useReportThemeAccount(from: ThemeReporter): (account: ThemeAccount | null) => void {
  const report = useContext(ThemeAccountContext);
  if (!report) throw new Error("useReportThemeAccount must be used inside ThemeProvider");
  return useCallback((account) => report(from, account), [report, from]);
}
