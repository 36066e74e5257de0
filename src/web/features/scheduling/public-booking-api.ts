// The public booking and cancel pages' data, over publicApi only: these pages
// run for visitors without an account, so they carry none of the signed-in
// app's client (and its error class) and read the one error shape themselves.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { ClientResponse } from "hono/client";
import type { BookMeeting } from "#shared/scheduling/scheduling.schemas.ts";
import { publicApi } from "#web/lib/public-api-client.ts";

/** A failed public request: the server's status and message (and Retry-After on a 429). */
export class PublicApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "PublicApiError";
  }
}

/** The body type of a response's success statuses (the typed client lists the error statuses too). */
type SuccessBody<R> = R extends ClientResponse<infer B, infer S> ? (S extends 200 | 201 ? B : never) : never;

async function read<R extends ClientResponse<unknown>>(response: R): Promise<SuccessBody<R>> {
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  let message = `Request failed (${response.status})`;
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body?.error?.message) message = body.error.message;
  } catch {
    // Not our JSON (a proxy's error page): keep the status line.
  }
  const retryAfter = Number(response.headers.get("retry-after"));
  throw new PublicApiError(response.status, message, Number.isFinite(retryAfter) ? retryAfter : undefined);
}

/** A 4xx will not fix itself by asking again; a network or server error may. */
const retry = (count: number, err: Error) => !(err instanceof PublicApiError && err.status < 500) && count < 2;

export function usePublicLink(linkCode: string) {
  return useQuery({
    queryKey: ["public-link", linkCode],
    queryFn: async () => read(await publicApi.public.schedule[":linkCode"].$get({ param: { linkCode } })),
    retry,
  });
}

export function useFreeSlots(linkCode: string, date: string | null) {
  return useQuery({
    queryKey: ["public-slots", linkCode, date],
    queryFn: async () =>
      read(await publicApi.public.schedule[":linkCode"].slots.$get({ param: { linkCode }, query: { date: date! } })),
    enabled: date !== null,
    retry,
    // Times are taken by other visitors: ask again whenever a date is chosen.
    staleTime: 0,
  });
}

export function useBookMeeting(linkCode: string) {
  return useMutation({
    mutationFn: async (input: BookMeeting) =>
      read(await publicApi.public.schedule[":linkCode"].meetings.$post({ param: { linkCode }, json: input })),
  });
}

export function usePublicMeeting(token: string) {
  return useQuery({
    queryKey: ["public-meeting", token],
    queryFn: async () => read(await publicApi.public.meetings[":token"].$get({ param: { token } })),
    retry,
  });
}

export function useCancelMeeting(token: string) {
  return useMutation({
    mutationFn: async () => read(await publicApi.public.meetings[":token"].cancel.$post({ param: { token } })),
  });
}
