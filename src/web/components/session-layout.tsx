// The routes that have a session (sign-in, and through the query layout the
// signed-in app, the outbox, the 404 page) sit under this layout, loaded as its
// own chunk: it brings the auth client, which the public booking pages never
// load. TanStack Query and the API client load with the query layout, which
// /auth does not use.
import { Outlet } from "react-router";
import { SessionThemeSync } from "#web/features/theme/session-theme-sync.tsx";

export function SessionLayout() {
  return (
    <>
      <SessionThemeSync />
      <Outlet />
    </>
  );
}
