import { useDeferredValue } from "react";
import { Navigate, Outlet } from "react-router";
import { FullPageSpinner } from "#web/components/full-page-spinner.tsx";
import { useAppInfo } from "../app-info/use-app-info.ts";
import { useSessionState } from "./use-session-state.ts";

/**
 * Protected routes: a spinner while the session loads (or its read is
 * retried), /auth (replacing history) only without a session.
 *
 * The app info is asked for here, beside the session, and the shell waits for
 * its answer too: the shell's capture banner comes from it, and arriving after
 * the shell it pushed the whole screen down (a layout shift on every load).
 */
export function RequireAuth() {
  const session = useSessionState().status;
  const appInfoPending = useAppInfo().isPending;
  const state = session === "signed-in" && appInfoPending ? "loading" : session;
  // Deferred: the stores' updates render synchronously, and the first render
  // behind them is the whole app shell and its screen, one long task on a slow
  // phone; a deferred render of it yields to the browser as it goes.
  const status = useDeferredValue(state);
  if (status === "loading") return <FullPageSpinner label="Loading..." />;
  if (status === "signed-out") return <Navigate to="/auth" replace />;
  return <Outlet />;
}
