import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useDrawnLater } from '../hooks/use-drawn-later';
import { rememberedNumber } from '../hooks/use-remembered';
import { useListShortcuts } from '../hooks/use-shortcut-targets';
import classes from './two-pane.module.css';

interface VirtualListProps {
  /** The list's accessible name. */
  label: string;
  count: number;
  /** The record key of the row at a display position. */
  keyAt: (index: number) => number;
  rowHeight: number;
  /** A row's content: one focusable button. */
  renderRow: (index: number, key: number) => ReactNode;
  selectedKey: number | undefined;
  'data-testid': string;
}

/** Rows drawn above and below those in view. */
const OVERSCAN = 8;

interface Window {
  first: number;
  last: number;
}

/**
 * The rows in view (and OVERSCAN more each side) of a scroller whose rows are all `rowHeight`
 * high: worked out from the scroll position alone, so a list that grows to 100,000 rows costs
 * nothing per row (a general virtualiser measured and keyed every row at each count change). The
 * list draws again when the first row in view or the number of rows that fit changes, not at every
 * scrolled pixel.
 */
function useRowWindow(scrollRef: RefObject<HTMLDivElement | null>, count: number, rowHeight: number): Window {
  const [view, setView] = useState({ top: 0, fit: 0 });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const read = () => {
      const top = Math.floor(element.scrollTop / rowHeight);
      const fit = Math.ceil(element.clientHeight / rowHeight) + 1;
      setView((was) => (was.top === top && was.fit === fit ? was : { top, fit }));
    };
    // The first read comes with the observer's first report, after the frame's layout: reading
    // the height here would lay the new page out inside the render's task.
    element.addEventListener('scroll', read, { passive: true });
    const resized = new ResizeObserver(read);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resized.disconnect();
    };
  }, [scrollRef, rowHeight]);
  return { first: Math.max(0, view.top - OVERSCAN), last: Math.min(count - 1, view.top + view.fit + OVERSCAN) };
}

/**
 * Only the rows in view (plus a few) are in the DOM, so 100,000 cached records scroll smoothly.
 * Arrow keys, Page Up/Down, Home and End move between rows.
 */
export function VirtualList({
  label,
  count,
  keyAt,
  rowHeight,
  renderRow,
  selectedKey,
  'data-testid': testId,
}: VirtualListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Where the person had scrolled, kept when the list is taken down (the idle lock) and back.
  const scrollKey = `scroll:${testId}`;
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const offset = rememberedNumber.get(scrollKey);
    if (element && offset !== undefined) element.scrollTop = offset;
  }, [scrollKey]);
  const { first, last } = useRowWindow(scrollRef, count, rowHeight);
  // The list's frame first, its rows in a render of their own.
  const rowsDrawn = useDrawnLater();
  /** Scrolls the least that brings row `index` whole into view. */
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const top = index * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
    },
    [rowHeight],
  );
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const keep = () => rememberedNumber.set(scrollKey, element.scrollTop);
    element.addEventListener('scroll', keep, { passive: true });
    return () => element.removeEventListener('scroll', keep);
  }, [scrollKey]);

  // Bring a deep-linked or externally chosen record into view once per selection, not on every
  // keystroke (the person is reading the top of a fresh result then).
  // A list coming back (after the lock) keeps the place it had rather than jumping to the selection.
  const scrolledFor = useRef<number | undefined>(rememberedNumber.get(scrollKey) === undefined ? undefined : selectedKey);
  useEffect(() => {
    if (selectedKey === undefined || scrolledFor.current === selectedKey || count === 0) return;
    scrolledFor.current = selectedKey;
    for (let i = 0; i < count; i += 1) {
      if (keyAt(i) === selectedKey) {
        scrollToIndex(i);
        break;
      }
    }
  }, [selectedKey, count, keyAt, scrollToIndex]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(count - 1, index));
    scrollToIndex(target);
    // A far jump (End, PageDown) renders the target row only after the scroll event: wait for it.
    let frames = 0;
    const tryFocus = () => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"] :is(button, a)`);
      if (row) row.focus({ preventScroll: true });
      else if ((frames += 1) < 20) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  };

  // j and k (issue 20's shortcuts) move as the Arrow keys do.
  useListShortcuts({ container: scrollRef, count, keyAt, selectedKey, focusRow });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!item) return;
    const index = Number(item.dataset.index);
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight) / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    <div ref={scrollRef} className={classes.scroller} data-testid={testId} onKeyDown={onKeyDown}>
      <div role="list" aria-label={label} style={{ height: count * rowHeight, position: 'relative' }}>
        {Array.from({ length: rowsDrawn ? Math.max(0, last - first + 1) : 0 }, (_, offset) => {
          const index = first + offset;
          const key = keyAt(index);
          return (
            <div
              key={key}
              role="listitem"
              aria-setsize={count}
              aria-posinset={index + 1}
              data-index={index}
              className={classes.row}
              style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
            >
              {renderRow(index, key)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
