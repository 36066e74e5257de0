import { useEffect, useRef } from "react";
import { type AuthSession, authClient } from "#web/lib/auth-client.ts";

export type SessionState =
  | { status: "loading" }
  | {
      status: "signed-in";
      session: AuthSession;
      /** The session is being read again (after a sign-out, it may be gone). */
      refetching: boolean;
    }
  | { status: "signed-out" };

/** The first retry after a failed read, doubling up to the cap. */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/**
 * The session, where only a definite answer signs the user out: the server
 * saying there is no session (null, or 401). A failed read (429, 5xx, the
 * network) keeps the session the app already has, or keeps waiting when it has
 * none yet, and reads again with backoff: being slowed down or offline for a
 * moment is not being signed out.
 */
export function useSessionState(): SessionState {
  const session = authClient.useSession();
  const failures = useRef(0);
  const error = session.error as { status?: number } | null;
  const failed = error !== null && error.status !== 401;
  const { refetch } = session;

  // Each failed read is a new error object: wait longer after each one, then read again.
  useEffect(() => {
    if (error === null || error.status === 401) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures.current);
    failures.current += 1;
    const timer = window.setTimeout(() => void refetch(), delay);
    return () => window.clearTimeout(timer);
  }, [error, refetch]);

  // An answer (a session or none) starts the backoff again.
  const answered = error === null && !session.isPending && !session.isRefetching;
  useEffect(() => {
    if (answered) failures.current = 0;
  }, [answered]);

  if (session.data?.user) return { status: "signed-in", session: session.data, refetching: session.isRefetching };
  if (session.isPending || failed) return { status: "loading" };
  return { status: "signed-out" };
}
