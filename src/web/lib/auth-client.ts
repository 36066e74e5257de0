// The web app's side of better-auth (mounted by the server at /api/auth; the
// session is an httpOnly cookie, so nothing about it is readable from JS): the
// calls the app makes and one shared session store. Written out instead of
// better-auth's own client, too heavy for /auth, the page every new
// visitor loads first (docs/decisions/021-own-auth-client-and-tabs.md). The server is still better-auth's;
// the browser journeys (tests/e2e/auth.test.ts and every signed-in journey)
// hold this client to its endpoints.
import { useSyncExternalStore } from "react";
import { takeEarlyResponse } from "./early-requests.ts";

const BASE = "/api/auth";

/** What GET /api/auth/get-session answers for a signed-in user (dates as ISO strings, as JSON carries them). */
export type AuthSession = {
  user: {
    id: string;
    email: string;
    name: string;
    fullName?: string | null;
    emailVerified: boolean;
    image?: string | null;
    createdAt: string;
    updatedAt: string;
  };
  session: { id: string; userId: string; expiresAt: string; createdAt: string; updatedAt: string };
};

/** A refused or failed call: the HTTP status (0: no answer), better-auth's error code and message when it sent them. */
export type AuthError = { status: number; statusText: string; code?: string; message?: string };

export type AuthResult<T> = { data: T; error: null } | { data: null; error: AuthError };

async function call<T>(
  path: string,
  init: { method: "GET" | "POST"; body?: unknown },
  /** The same request, already made (lib/early-requests.ts). */
  made?: Promise<Response>,
): Promise<AuthResult<T>> {
  let res: Response;
  try {
    res = await (made ??
      fetch(`${BASE}${path}`, {
        method: init.method,
        credentials: "same-origin",
        headers: init.method === "POST" ? { "content-type": "application/json" } : {},
        ...(init.method === "POST" ? { body: JSON.stringify(init.body ?? {}) } : {}),
      }));
  } catch (err) {
    return { data: null, error: { status: 0, statusText: "", message: (err as Error).message } };
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const { code, message } = (body ?? {}) as { code?: string; message?: string };
    return {
      data: null,
      error: {
        status: res.status,
        statusText: res.statusText,
        ...(code ? { code } : {}),
        ...(message ? { message } : {}),
      },
    };
  }
  return { data: body as T, error: null };
}

// ——— the session store, shared by every component that reads the session ———

export type SessionSnapshot = {
  data: AuthSession | null;
  /** No answer yet (the first read, or retries after failures with none before). */
  isPending: boolean;
  /** A read after the first one is under way. */
  isRefetching: boolean;
  error: AuthError | null;
  refetch: () => Promise<void>;
};

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot = { data: null, isPending: true, isRefetching: false, error: null, refetch };
let started = false;
let reading: Promise<void> | null = null;

function publish(next: Partial<SessionSnapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

/** Reads the session again; concurrent calls share one request. */
function refetch(): Promise<void> {
  if (reading) return reading;
  if (!snapshot.isPending) publish({ isRefetching: true });
  // The first read takes the request the entry made as the page loaded (a change since drops it: changing()).
  const early = snapshot.isPending && !snapshot.error ? takeEarlyResponse(`${BASE}/get-session`) : undefined;
  reading = call<AuthSession | null>("/get-session", { method: "GET" }, early).then((result) => {
    reading = null;
    // A failed read keeps what was known (use-session-state.ts decides what that means).
    if (result.error) publish({ error: result.error, isRefetching: false });
    else publish({ data: result.data?.user ? result.data : null, error: null, isPending: false, isRefetching: false });
  });
  return reading;
}

// Other tabs of the app sign in and out too: they say so here, and each tab reads its session again.
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("coldreach-session");

function sessionChanged() {
  void refetch();
  channel?.postMessage("changed");
}

function start() {
  if (started) return;
  started = true;
  void refetch();
  channel?.addEventListener("message", () => void refetch());
  // Back to the tab after a while: the session may have ended or changed meanwhile.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !snapshot.isPending) void refetch();
  });
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, read once and shared: { data, isPending, isRefetching, error, refetch }. */
function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot);
}

// ——— the calls ———

type Credentials = { email: string; password: string; callbackURL?: string };

async function changing<T>(path: string, body: unknown): Promise<AuthResult<T>> {
  // Read before this change: never the session's answer after it.
  void takeEarlyResponse(`${BASE}/get-session`);
  const result = await call<T>(path, { method: "POST", body });
  if (!result.error) sessionChanged();
  return result;
}

export const authClient = {
  useSession,
  signIn: {
    email: (input: Credentials) => changing<unknown>("/sign-in/email", input),
    /** Starts the provider's sign-in: the server answers where to send the browser. */
    social: async (input: { provider: "google"; callbackURL?: string }): Promise<AuthResult<{ url?: string }>> => {
      const result = await call<{ url?: string; redirect?: boolean }>("/sign-in/social", {
        method: "POST",
        body: input,
      });
      if (!result.error && result.data?.url) window.location.href = result.data.url;
      return result;
    },
  },
  signUp: {
    email: (input: Credentials & { name: string; fullName?: string | undefined }) =>
      changing<unknown>("/sign-up/email", input),
  },
  signOut: () => changing<unknown>("/sign-out", {}),
  /** Forgot password: the same answer whether or not the address has an account. */
  requestPasswordReset: (input: { email: string }) =>
    call<unknown>("/request-password-reset", { method: "POST", body: input }),
  /** Sets the new password with the mailed link's token; the server ends every session of the account. */
  resetPassword: (input: { token: string; newPassword: string }) => changing<unknown>("/reset-password", input),
  /**
   * Changes the password; the server ends every other session and gives this
   * one a new cookie (set by the answer), so the session is read again.
   */
  changePassword: (input: { currentPassword: string; newPassword: string }) =>
    changing<unknown>("/change-password", { ...input, revokeOtherSessions: true }),
};
