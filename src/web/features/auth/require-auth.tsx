import { Navigate, Outlet } from "react-router";
import { FullPageSpinner } from "#web/components/full-page-spinner.tsx";
import { authClient } from "#web/lib/auth-client.ts";

/** Protected routes: a spinner while the session loads, /auth (replacing history) without a user. */
export function RequireAuth() {
  const session = authClient.useSession();
  if (session.isPending) return <FullPageSpinner label="Loading..." />;
  if (!session.data?.user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
