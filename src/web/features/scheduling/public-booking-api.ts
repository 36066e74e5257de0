// The public booking and cancel pages' data: plain fetches of the public API
// (src/server/features/scheduling, PublicType), as these pages run for visitors
// without an account and carry neither the signed-in app's client nor TanStack
// Query (decision record 014). Errors are the app's ApiError; a failed read is
// asked again as the signed-in app's queries are (a 4xx is not).
import type {
  BookedMeeting,
  BookMeeting,
  PublicLink,
  PublicMeeting,
  SlotList,
} from "#shared/scheduling/scheduling.schemas.ts";
import { unwrap } from "#web/lib/api-error.ts";
import { useRequest, useSubmit } from "#web/lib/use-request.ts";

/** A request to the public API without cookies: a visitor's session has nothing to do with these pages. */
async function request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/public/${path}`, {
    method,
    credentials: "omit",
    headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return unwrap(response as Response & { json(): Promise<T> });
}

const segment = encodeURIComponent;

export function usePublicLink(linkCode: string) {
  return useRequest(linkCode, () => request<PublicLink>("GET", `schedule/${segment(linkCode)}`));
}

/** The free times of `date` (null: none chosen yet), asked again whenever a date is chosen: other visitors take them. */
export function useFreeSlots(linkCode: string, date: string | null) {
  return useRequest(date === null ? null : `${linkCode}/${date}`, () =>
    request<SlotList>("GET", `schedule/${segment(linkCode)}/slots?date=${segment(date ?? "")}`),
  );
}

export function useBookMeeting(linkCode: string) {
  return useSubmit((input: BookMeeting) =>
    request<BookedMeeting>("POST", `schedule/${segment(linkCode)}/meetings`, input),
  );
}

export function usePublicMeeting(token: string) {
  return useRequest(token, () => request<PublicMeeting>("GET", `meetings/${segment(token)}`));
}

export function useCancelMeeting(token: string) {
  return useSubmit(() => request<PublicMeeting>("POST", `meetings/${segment(token)}/cancel`));
}
