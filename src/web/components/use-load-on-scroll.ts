// A server-paged, virtualised list fetches its next page by itself when the
// user scrolls near the end of what is loaded (issue 15, "Long lists load as
// you scroll"). The list reports the last row in view (VirtualList's
// onVisibleEnd); this hook decides, by one pure rule, whether to fetch. The
// 'Load more' button stays under the list: keyboard users reach it with Tab,
// and it is the way on after a page failed to load (no automatic retry loop).
import { useEffect, useEffectEvent, useState } from "react";

/** Rows before the end of what is loaded at which the next page is fetched: it arrives before the user reaches the end. */
export const LOAD_AHEAD_ROWS = 5;

export type LoadOnScrollState = {
  /** Index of the last row in view; -1 before the list is laid out. */
  lastVisible: number;
  /** Rows loaded so far. */
  loaded: number;
  hasNextPage: boolean;
  /** Any fetch of the list under way (the next page, or a refetch of the loaded ones). */
  isFetching: boolean;
  /** The last next-page fetch failed: the button retries, scrolling does not. */
  failed: boolean;
  ahead?: number;
};

/** Whether to fetch the next page now. */
export function shouldLoadOnScroll({
  lastVisible,
  loaded,
  hasNextPage,
  isFetching,
  failed,
  ahead = LOAD_AHEAD_ROWS,
}: LoadOnScrollState): boolean {
  if (!hasNextPage || isFetching || failed || loaded === 0 || lastVisible < 0) return false;
  return lastVisible >= loaded - 1 - ahead;
}

type Pages = {
  hasNextPage: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * Returns the callback to give VirtualList's onVisibleEnd. `load` replaces
 * fetchNextPage when the page does more on a load (the Emails search resets
 * its count of windows searched, as on a click).
 */
export function useLoadOnScroll(pages: Pages, loaded: number, load?: () => void): (lastVisible: number) => void {
  const [lastVisible, setLastVisible] = useState(-1);
  const due = shouldLoadOnScroll({
    lastVisible,
    loaded,
    hasNextPage: pages.hasNextPage,
    isFetching: pages.isFetching,
    failed: pages.isFetchNextPageError,
  });
  // The latest callback without re-running the effect on every render: one fetch per time the rule turns true.
  const loadNext = useEffectEvent(() => (load ? load() : void pages.fetchNextPage()));
  useEffect(() => {
    if (due) loadNext();
  }, [due]);
  return setLastVisible;
}
