// The signed-in app's TanStack Query client. Loaded with the query layout
// (components/query-layout.tsx), never by the public booking pages or /auth.
import { QueryClient } from "@tanstack/react-query";
import { shouldRetry } from "./retry-rule.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not fix itself by asking again (the same rule as the public pages' requests).
      retry: (count, err) => shouldRetry(count, err),
    },
  },
});
