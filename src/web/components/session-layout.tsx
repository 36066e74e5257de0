// The routes that have a session (sign-in, the signed-in app, the outbox, the
// 404 page) sit under this layout, loaded as its own chunk: it brings the auth
// client and the API client, which the public booking pages never load.
import { Outlet } from "react-router";
import { UserCacheReset } from "#web/features/auth/user-cache-reset.tsx";
import { ThemeSync } from "#web/features/theme/theme-sync.tsx";

export function SessionLayout() {
  return (
    <>
      <UserCacheReset />
      <ThemeSync />
      <Outlet />
    </>
  );
}
