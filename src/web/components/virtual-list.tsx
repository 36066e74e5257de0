// A long list with only the rows near the viewport in the DOM (issue 6,
// "Scale"): a user with a million sends who clicks 'Load more' many times
// keeps a few dozen rows rendered, not thousands. Rows have their own heights,
// measured as they render and again whenever they resize (a card that expands).
//
// The rows scroll with the page. In the app shell that is the content pane
// (the window itself never scrolls there), so the list follows its nearest
// scrolling ancestor, and the window when there is none.
import {
  defaultRangeExtractor,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  observeWindowOffset,
  observeWindowRect,
  type Range,
  useVirtualizer,
  type Virtualizer,
} from "@tanstack/react-virtual";
import {
  type CSSProperties,
  type FocusEvent,
  Fragment,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

/** What a row spreads on its `<li>`: position, measurement, and its place in the set for screen readers. */
export type VirtualRowProps = {
  ref: (node: HTMLLIElement | null) => void;
  "data-index": number;
  "aria-setsize": number;
  "aria-posinset": number;
  style: CSSProperties;
};

type VirtualListProps<T> = {
  items: readonly T[];
  /** Stable per item: a row's measured height follows the item when the list reorders. */
  itemKey: (item: T) => string;
  /** A typical row's height in px, until the row is measured. */
  estimateSize: number;
  /** Space between rows in px. */
  gap: number;
  /** Rows rendered beyond each edge of the viewport: Tab reaches the next row before it scrolls in. */
  overscan?: number;
  "aria-label": string;
  renderRow: (item: T, row: VirtualRowProps) => ReactNode;
  /** Told the index of the last row in view when it changes (use-load-on-scroll.ts fetches the next page from it). */
  onVisibleEnd?: (index: number) => void;
};

type Scroller = HTMLElement | Window;

function scrollerOf(node: Element): Scroller {
  for (let el = node.parentElement; el && el !== document.documentElement; el = el.parentElement) {
    // A table's container scrolls sideways only: CSS turns its overflow-y to
    // auto because of its overflow-x, but it grows with the rows.
    if (el.dataset.slot === "table-container") continue;
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === "auto" || overflowY === "scroll") && el !== document.body) return el;
  }
  return window;
}

const scrollTopOf = (s: Scroller) => (s instanceof Window ? s.scrollY : s.scrollTop);

/** Where the list starts in the scroller's content: the rows' offsets are counted from the scroller's top. */
function listOffset(list: HTMLElement, s: Scroller) {
  const viewportTop = s instanceof Window ? 0 : s.getBoundingClientRect().top + s.clientTop;
  return Math.round(list.getBoundingClientRect().top - viewportTop + scrollTopOf(s));
}

// The window case is what useWindowVirtualizer does; one hook serves both
// because the scroller is only known once the list is in the DOM.
type ListVirtualizer = Virtualizer<HTMLElement, HTMLElement>;
const asWindow = (v: ListVirtualizer) => v as unknown as Virtualizer<Window, HTMLElement>;
const onWindow = (v: ListVirtualizer) => (v.scrollElement as unknown) instanceof Window;

type VirtualRowsOptions<T> = Pick<
  VirtualListProps<T>,
  "items" | "itemKey" | "estimateSize" | "gap" | "overscan" | "onVisibleEnd"
>;

/**
 * The virtualizer of a list whose rows scroll with its nearest scrolling
 * ancestor: VirtualList's, and a table body's (Contacts), whose rows cannot be
 * positioned absolutely without losing the table's columns.
 */
export function useVirtualRows<T, E extends HTMLElement = HTMLUListElement>({
  items,
  itemKey,
  estimateSize,
  gap,
  overscan = 6,
  onVisibleEnd,
}: VirtualRowsOptions<T>) {
  const listRef = useRef<E>(null);
  // Known once the list is in the DOM; until then the virtualizer is off, so
  // its first scroll offset is read from the scroller, not assumed to be 0.
  const [scroller, setScroller] = useState<Scroller | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The row holding the focus stays rendered when it scrolls away, so the focus
  // is not dropped to the page (where a screen reader would lose its place).
  const focusedIndex = useRef<number | null>(null);

  const getItemKey = useCallback((index: number) => itemKey(items[index]!), [items, itemKey]);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);

  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    enabled: scroller !== null,
    count: items.length,
    getScrollElement: () => scroller as HTMLElement | null,
    estimateSize: () => estimateSize,
    getItemKey,
    rangeExtractor,
    overscan,
    gap,
    scrollMargin,
    initialOffset: () => (scroller ? scrollTopOf(scroller) : 0),
    observeElementRect: (v, cb) => (onWindow(v) ? observeWindowRect(asWindow(v), cb) : observeElementRect(v, cb)),
    observeElementOffset: (v, cb) => (onWindow(v) ? observeWindowOffset(asWindow(v), cb) : observeElementOffset(v, cb)),
    scrollToFn: elementScroll,
  });

  useLayoutEffect(() => {
    if (listRef.current) setScroller(scrollerOf(listRef.current));
  }, []);

  // What is above the list (header, search, a wrapped title on a phone) sets
  // where it starts; checked after every render, which every scroll causes.
  useLayoutEffect(() => {
    if (listRef.current && scroller) setScrollMargin(listOffset(listRef.current, scroller));
  });

  // The rows in view, not the overscan: a list in a row of another (an Inbox
  // card's history) has its own range.
  const visibleEnd = virtualizer.calculateRange()?.endIndex ?? -1;
  useEffect(() => {
    onVisibleEnd?.(visibleEnd);
  }, [onVisibleEnd, visibleEnd]);

  function onFocus(e: FocusEvent<E>) {
    // This list's own row: a row can hold a list of its own (an Inbox card's history), whose rows have indexes too.
    let row = e.target.closest<HTMLElement>("[data-index]");
    while (row && row.parentElement !== e.currentTarget)
      row = row.parentElement?.closest<HTMLElement>("[data-index]") ?? null;
    focusedIndex.current = row ? Number(row.dataset.index) : null;
  }
  function onBlur(e: FocusEvent<E>) {
    if (!e.currentTarget.contains(e.relatedTarget)) focusedIndex.current = null;
  }

  return { listRef, virtualizer, onFocus, onBlur };
}

export function VirtualList<T>({ "aria-label": label, renderRow, ...options }: VirtualListProps<T>) {
  const { items } = options;
  const { listRef, virtualizer, onFocus, onBlur } = useVirtualRows<T>(options);
  const margin = virtualizer.options.scrollMargin;
  return (
    <ul
      ref={listRef}
      aria-label={label}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <Fragment key={row.key}>
          {renderRow(items[row.index]!, {
            ref: virtualizer.measureElement,
            "data-index": row.index,
            "aria-setsize": items.length,
            "aria-posinset": row.index + 1,
            style: {
              position: "absolute",
              top: 0,
              left: 0,
              width: "100%",
              transform: `translateY(${row.start - margin}px)`,
            },
          })}
        </Fragment>
      ))}
    </ul>
  );
}
