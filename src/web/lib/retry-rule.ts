// When a failed read is asked again: the one rule of the signed-in app's
// TanStack queries (lib/query-client.ts) and the plain fetches of the pages
// that do without it (lib/use-request.ts, app info). Its own module so the
// signed-in app does not load use-request's hooks for it.
/** The HTTP status of a failed request (ApiError), read without importing an API client. */
export function httpStatus(err: unknown): number | undefined {
  const status = err instanceof Error ? (err as { status?: unknown }).status : undefined;
  return typeof status === "number" ? status : undefined;
}

/** Asks again after a failure unless the server said no (a 4xx will not fix itself): twice at most. */
export function shouldRetry(failures: number, err: unknown): boolean {
  const status = httpStatus(err);
  return !(status !== undefined && status < 500) && failures < 2;
}

/** TanStack Query's default delay before retry n (0-based): 1 s, 2 s, 4 s… at most 30 s. */
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

/** Runs `load`, asking again as shouldRetry says; `cancelled` stops the waiting between tries. */
export async function withRetry<T>(load: () => Promise<T>, cancelled: () => boolean = () => false): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await load();
    } catch (err) {
      if (cancelled() || !shouldRetry(failures, err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      if (cancelled()) throw err;
    }
  }
}
