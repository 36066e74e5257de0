// The few requests of the pages a visitor can land on without the signed-in
// app (the public booking pages, sign-in): plain fetches with the states those
// pages show, so they do not load TanStack Query, more code than those states
// need (docs/decisions/014-plain-fetches-and-class-merging-before-sign-in.md).
// The signed-in app keeps TanStack Query (components/query-layout.tsx).
// The names and the retry rule follow TanStack Query's, which these pages used
// before, so the pages read the same.
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { withRetry } from "./retry-rule.ts";

export type RequestState<T> =
  | { status: "pending"; data: undefined; error: null }
  | { status: "success"; data: T; error: null }
  | { status: "error"; data: T | undefined; error: Error };

type Flags<T> =
  | { status: "pending"; isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
  | { status: "success"; isPending: false; isSuccess: true; isError: false; data: T; error: null }
  | { status: "error"; isPending: false; isSuccess: false; isError: true; data: T | undefined; error: Error };

export type RequestResult<T> = Flags<T> & {
  /** A request (the first, a retry or a refetch) is under way. */
  isFetching: boolean;
  /** Asks again, keeping what is shown until the answer arrives. */
  refetch: () => void;
};

const pending = { status: "pending", data: undefined, error: null } as const;
const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * GETs through `load` whenever `key` changes (null: nothing to ask yet) and on
 * refetch(). An answer for a key no longer current is dropped. A key asked
 * before shows its last data while it is asked again (the free times of a date
 * chosen again are re-read, as other visitors take them).
 *
 * An answer renders in a transition: the page it fills (a booking page's whole
 * form and calendar) is then rendered in slices that yield to the browser,
 * not in one long task, and what was shown stays until that render is ready.
 */
export function useRequest<T>(key: string | null, load: () => Promise<T>): RequestResult<T> {
  const [state, setState] = useState<RequestState<T>>(pending);
  const [fetching, setFetching] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const seen = useRef(new Map<string, T>());
  const refetching = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the refetch trigger.
  useEffect(() => {
    if (key === null) {
      setState(pending);
      setFetching(false);
      return;
    }
    let stale = false;
    const refetch = refetching.current;
    refetching.current = false;
    setFetching(true);
    setState((current) => {
      if (refetch) return current; // a refetch keeps what is shown
      const known = seen.current.get(key);
      return known === undefined ? pending : { status: "success", data: known, error: null };
    });
    withRetry(
      () => loadRef.current(),
      () => stale,
    ).then(
      (data) => {
        if (stale) return;
        seen.current.set(key, data);
        startTransition(() => {
          setState({ status: "success", data, error: null });
          setFetching(false);
        });
      },
      (err: unknown) => {
        if (stale) return;
        startTransition(() => {
          setState((current) => ({ status: "error", data: current.data, error: asError(err) }));
          setFetching(false);
        });
      },
    );
    return () => {
      stale = true;
    };
  }, [key, attempt]);

  const refetch = useCallback(() => {
    refetching.current = true;
    setAttempt((n) => n + 1);
  }, []);
  return {
    ...state,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
    isFetching: fetching,
    refetch,
  } as RequestResult<T>;
}

export type SubmitResult<I, O> = ({ isError: false; error: null } | { isError: true; error: Error }) & {
  /** Sends once (no retry: a write is not repeated on its own); the callbacks run unless the page has gone. */
  mutate: (input: I, callbacks?: { onSuccess?: (data: O) => void; onError?: (err: Error) => void }) => void;
  isPending: boolean;
  data: O | undefined;
};

/** A write (POST) with its pending, error and result states. */
export function useSubmit<I, O>(send: (input: I) => Promise<O>): SubmitResult<I, O> {
  const [state, setState] = useState<{ pending: boolean; error: Error | null; data: O | undefined }>({
    pending: false,
    error: null,
    data: undefined,
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const sendRef = useRef(send);
  sendRef.current = send;

  const mutate = useCallback<SubmitResult<I, O>["mutate"]>((input, callbacks) => {
    setState((s) => ({ ...s, pending: true, error: null }));
    sendRef.current(input).then(
      (data) => {
        if (!mounted.current) return;
        setState({ pending: false, error: null, data });
        callbacks?.onSuccess?.(data);
      },
      (err: unknown) => {
        if (!mounted.current) return;
        const error = asError(err);
        setState((s) => ({ ...s, pending: false, error }));
        callbacks?.onError?.(error);
      },
    );
  }, []);

  const outcome = state.error
    ? { isError: true as const, error: state.error }
    : { isError: false as const, error: null };
  return { ...outcome, mutate, isPending: state.pending, data: state.data };
}
