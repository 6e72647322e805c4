import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useLayoutEffect, useState } from 'react';
import { WINDOWING_THRESHOLD } from './columns';

export interface WindowedRows<TElement extends HTMLElement> {
  /** false: every row is drawn (a paginated or small table) and the rest of this is moot. */
  windowed: boolean;
  /** Given as `ref` to the element that holds the rows (the table's body, the list of cards). */
  setList: (element: TElement | null) => void;
  /** The rows to draw, each with its index in the whole list; every row when not windowed. */
  items: readonly Pick<VirtualItem, 'index' | 'key'>[];
  /** Space above and below the drawn rows, standing for the rows not drawn (px). */
  before: number;
  after: number;
  /** Given as `ref` to each drawn row (with `data-index`), so its real height replaces the estimate. */
  measure: (element: Element | null) => void;
}

const noMeasure = () => {};

/**
 * Windowing for an unpaginated table of more than WINDOWING_THRESHOLD rows (decision 028: a report of 5,000 rows
 * drew 120,000 DOM nodes): only the rows in and near the viewport are drawn, the page itself scrolls (the
 * window is the scroll element, so there is no inner scroll box to trap a keyboard), and two spacers keep the
 * page's height and the scrollbar as if every row were there. Rows are measured as they are drawn, so rows of
 * different heights (wrapped text, cards) are placed right. Smaller or paginated tables draw every row.
 */
export function useWindowedRows<TElement extends HTMLElement>({
  count,
  allowed,
  estimateSize,
  overscan = 10,
  getKey,
}: {
  count: number;
  /** A stable key of the row at an index (its id), so a measured height stays with its row after a sort. */
  getKey?: (index: number) => string;
  /** false for a paginated table: the page already holds few rows. */
  allowed: boolean;
  /** A row's height before it is measured (px). */
  estimateSize: number;
  overscan?: number;
}): WindowedRows<TElement> {
  const windowed = allowed && count > WINDOWING_THRESHOLD;
  const [list, setList] = useState<TElement | null>(null);
  // Where the list starts on the page, and the gap between its rows (a list of cards has one).
  const [layout, setLayout] = useState({ top: 0, gap: 0 });

  // Measured when the list appears, and again whenever the page changes size (what lies above the list grows
  // or shrinks: the counts of a report arriving, a wrapped toolbar) or the window does.
  useLayoutEffect(() => {
    if (!windowed || !list) return;
    const update = () => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      const gap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
      setLayout((current) =>
        Math.abs(top - current.top) > 0.5 || gap !== current.gap ? { top, gap } : current,
      );
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(document.body);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [windowed, list]);

  const virtualizer = useWindowVirtualizer({
    count,
    enabled: windowed,
    estimateSize: () => estimateSize,
    getItemKey: getKey,
    overscan,
    scrollMargin: layout.top,
    gap: layout.gap,
    initialRect:
      typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
    // A row not laid out (jsdom, a hidden tab) measures 0: keep the estimate rather than draw every row.
    measureElement: (element) => element.getBoundingClientRect().height || estimateSize,
  });

  if (!windowed) {
    return {
      windowed,
      setList,
      items: Array.from({ length: count }, (_, index) => ({ index, key: index })),
      before: 0,
      after: 0,
      measure: noMeasure,
    };
  }
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - layout.top : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - layout.top) : virtualizer.getTotalSize();
  return {
    windowed,
    setList,
    items,
    before: Math.max(0, before),
    after: Math.max(0, after),
    measure: virtualizer.measureElement,
  };
}
