import { Navigate, Outlet } from "react-router";
import { FullPageSpinner } from "#web/components/full-page-spinner.tsx";
import { useSessionState } from "./use-session-state.ts";

/** Protected routes: a spinner while the session loads (or its read is retried), /auth (replacing history) only without a session. */
export function RequireAuth() {
  const session = useSessionState();
  if (session.status === "loading") return <FullPageSpinner label="Loading..." />;
  if (session.status === "signed-out") return <Navigate to="/auth" replace />;
  return <Outlet />;
}
