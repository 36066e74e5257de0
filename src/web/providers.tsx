// What every page shares, the public booking pages included: keep it free of
// the session and the signed-in app's API client (the session-aware parts,
// UserCacheReset and ThemeSync, are in components/session-layout.tsx).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "./components/ui/toaster.tsx";
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

function ThemedToaster() {
  const { resolved } = useTheme();
  return <Toaster theme={resolved} />;
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
