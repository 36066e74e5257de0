// The calendar's data over the typed API client: a month's per-day counts,
// and a day's events a page at a time (loaded when the day is opened).
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
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
