// A search page looks at a bounded window of the list on the server, so it can
// come back with fewer matches than a page (even none) while there is more to
// search. The screen then fetches the next window by itself, up to a limit per
// user action, and after that offers to search older emails.

/** Windows fetched without being asked, per search or per click on the button (25 × 2,000 emails). */
export const MAX_AUTO_WINDOWS = 25;

export function shouldSearchFurther(s: {
  searching: boolean;
  hasNextPage: boolean;
  isFetching: boolean;
  /** Matches in the last page fetched. */
  lastPageCount: number;
  pageSize: number;
  /** Windows fetched automatically since the search started or the user last asked for more. */
  autoFetched: number;
}): boolean {
  return (
    s.searching && s.hasNextPage && !s.isFetching && s.lastPageCount < s.pageSize && s.autoFetched < MAX_AUTO_WINDOWS
  );
}
