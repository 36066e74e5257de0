// What every page shares, the public booking pages included: keep it free of
// the session, the signed-in app's API client and TanStack Query (the
// session-aware parts are in components/session-layout.tsx, the QueryClient
// and what needs it in components/query-layout.tsx).
import { type ComponentType, lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import type { ToasterProps } from "./components/ui/toaster.tsx";
import { ThemeProvider, useTheme } from "./features/theme/theme-provider.tsx";
import { isToasterWanted, subscribeToasterWanted } from "./lib/toaster-wanted.ts";

// Loaded when a toast may come (lib/toaster-wanted.ts says when): no page
// needs it to show, and sonner would add to every first load
// (docs/decisions/011-first-load-size-budget.md; toasts raised before it mounts
// are shown when it does). If its chunk
// cannot be fetched the pages still work, without toasts: nothing above this
// has an error boundary to catch a failed lazy component.
const Toaster = lazy(() =>
  import("./components/ui/toaster.tsx").then(
    (m): { default: ComponentType<ToasterProps> } => ({ default: m.Toaster }),
    (err: unknown) => {
      console.warn("the toaster could not be loaded", err);
      return { default: () => null };
    },
  ),
);

function ThemedToaster() {
  const { resolved } = useTheme();
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={resolved} />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  );
}
