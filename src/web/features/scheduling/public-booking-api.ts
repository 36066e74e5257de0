// The public booking and cancel pages' data, over publicApi only: these pages
// run for visitors without an account, so they carry none of the signed-in
// app's client. Errors are the app's ApiError; retries follow the QueryClient's
// default (a 4xx is not asked again).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { BookMeeting } from "#shared/scheduling/scheduling.schemas.ts";
import { unwrap } from "#web/lib/api-error.ts";
import { publicApi } from "#web/lib/public-api-client.ts";

export function usePublicLink(linkCode: string) {
  return useQuery({
    queryKey: ["public-link", linkCode],
    queryFn: async () => unwrap(await publicApi.public.schedule[":linkCode"].$get({ param: { linkCode } })),
  });
}

export function useFreeSlots(linkCode: string, date: string | null) {
  return useQuery({
    queryKey: ["public-slots", linkCode, date],
    queryFn: async () =>
      unwrap(await publicApi.public.schedule[":linkCode"].slots.$get({ param: { linkCode }, query: { date: date! } })),
    enabled: date !== null,
    // Times are taken by other visitors: ask again whenever a date is chosen.
    staleTime: 0,
  });
}

export function useBookMeeting(linkCode: string) {
  return useMutation({
    mutationFn: async (input: BookMeeting) =>
      unwrap(await publicApi.public.schedule[":linkCode"].meetings.$post({ param: { linkCode }, json: input })),
  });
}

export function usePublicMeeting(token: string) {
  return useQuery({
    queryKey: ["public-meeting", token],
    queryFn: async () => unwrap(await publicApi.public.meetings[":token"].$get({ param: { token } })),
  });
}

export function useCancelMeeting(token: string) {
  return useMutation({
    mutationFn: async () => unwrap(await publicApi.public.meetings[":token"].cancel.$post({ param: { token } })),
  });
}
