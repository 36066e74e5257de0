// The routes that read through TanStack Query (the signed-in app, the outbox,
// the Gmail callback, the 404 page) sit under this layout, loaded as its own
// chunk: the public booking pages and /auth make their few requests as plain
// fetches (lib/use-request.ts) and never load TanStack Query.
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { UserCacheReset } from "#web/features/auth/user-cache-reset.tsx";
import { ThemeSync } from "#web/features/theme/theme-sync.tsx";
import { queryClient } from "#web/lib/query-client.ts";
// cn() merges conflicting classes on every page below; /auth and the public
// pages do without (decision record 014).
import "#web/lib/tailwind-merge.ts";

export function QueryLayout() {
  // Leaving these routes (for /auth: signed out) unmounts UserCacheReset, which
  // would then not see the next user sign in: forget the cache now instead, so
  // the next user (maybe another one) never sees the last one's data. Nothing
  // below is mounted any more, so nothing refetches as a signed-out visitor.
  useEffect(() => () => queryClient.clear(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <UserCacheReset />
      <ThemeSync />
      <Outlet />
    </QueryClientProvider>
  );
}
