import { useDeferredValue, useEffect, useState } from "react";
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
 * It waits a moment only: app info the server is slow to answer must not keep
 * a signed-in user from the app (the banner then comes when it answers).
 */
export function RequireAuth() {
  const session = useSessionState().status;
  const appInfoPending = useAppInfo().isPending;
  const waitedEnough = useAfter(APP_INFO_WAIT_MS, session === "signed-in" && appInfoPending);
  const state = session === "signed-in" && appInfoPending && !waitedEnough ? "loading" : session;
  // Deferred: the stores' updates render synchronously, and the first render
  // behind them is the whole app shell and its screen, one long task on a slow
  // phone; a deferred render of it yields to the browser as it goes.
  const status = useDeferredValue(state);
  if (status === "loading") return <FullPageSpinner label="Loading..." />;
  if (status === "signed-out") return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** How long the shell waits for the app info once the session is known. */
const APP_INFO_WAIT_MS = 1500;

/** True once `ms` have passed with `waiting` true. */
function useAfter(ms: number, waiting: boolean): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    if (!waiting || passed) return;
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms, waiting, passed]);
  return passed;
}
