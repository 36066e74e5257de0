// What every page shares, the public booking pages included: keep it free of
// the session and the signed-in app's API client (the session-aware parts,
// UserCacheReset and ThemeSync, are in components/session-layout.tsx).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import type { ToasterProps } from "./components/ui/toaster.tsx";
import { ThemeProvider, useTheme } from "./features/theme/theme-provider.tsx";

/** The HTTP status of a failed request (ApiError), read without importing an API client. */
function httpStatus(err: unknown): number | undefined {
  const status = err instanceof Error ? (err as { status?: unknown }).status : undefined;
  return typeof status === "number" ? status : undefined;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not fix itself by asking again.
      retry: (count, err) => {
        const status = httpStatus(err);
        return !(status !== undefined && status < 500) && count < 2;
      },
    },
  },
});

// Loaded after the first paint: no page needs it to show, and sonner is 9 KB
// gzipped (toasts raised before it mounts are shown when it does). If its chunk
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
  return (
    <Suspense fallback={null}>
      <Toaster theme={resolved} />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
