// The calendar's data over the typed API client: a month's per-day counts,
// and a day's events a page at a time (loaded when the day is opened).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#web/lib/api-client.ts";

export const calendarQueryKey = ["calendar"] as const;

/** A month's counts; `month` null while it is not known yet (the user's zone decides which month is today's). */
export function useCalendarMonth(month: string | null) {
  return useQuery({
    queryKey: [...calendarQueryKey, "month", month],
    queryFn: async () => unwrap(await api.calendar.month.$get({ query: { month: month ?? "" } })),
    enabled: month !== null,
  });
}

/** A day's events; `date` null while no day is open. */
export function useCalendarDay(date: string | null) {
  return useInfiniteQuery({
    queryKey: [...calendarQueryKey, "day", date],
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.calendar.day.$get({
          query: pageParam ? { date: date ?? "", cursor: pageParam } : { date: date ?? "" },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: date !== null,
  });
}

/** Everything the calendar shows loads again (after the scheduling links change, a booking may have too). */
export function useRefreshCalendar() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calendarQueryKey });
}

/** The contacts a meeting can be linked to (the booker's address first), searched; `meetingId` null: not asked. */
export function useMeetingContacts(meetingId: string | null, search: string) {
  return useQuery({
    queryKey: [...calendarQueryKey, "meeting-contacts", meetingId, search],
    queryFn: async () =>
      (
        await unwrap(
          await api.calendar.meetings[":meetingId"].contacts.$get({
            param: { meetingId: meetingId ?? "" },
            query: search ? { search } : {},
          }),
        )
      ).contacts,
    enabled: meetingId !== null,
    placeholderData: (previous) => previous,
  });
}

/** 'Link to contact': links the meeting and stops that contact's steps; the calendar reloads. */
export function useLinkMeeting() {
  const refresh = useRefreshCalendar();
  return useMutation({
    mutationFn: async ({ meetingId, contactId }: { meetingId: string; contactId: string }) =>
      unwrap(await api.calendar.meetings[":meetingId"].contact.$post({ param: { meetingId }, json: { contactId } })),
    onSuccess: refresh,
  });
}
