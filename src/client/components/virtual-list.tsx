import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
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
  const getItemKey = useCallback((index: number) => keyAt(index), [keyAt]);
  // Where the person had scrolled, kept when the list is taken down (the idle lock) and back.
  const scrollKey = `scroll:${testId}`;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey,
    useFlushSync: false,
    initialOffset: () => rememberedNumber.get(scrollKey) ?? 0,
  });
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
        virtualizer.scrollToIndex(i, { align: 'auto' });
        break;
      }
    }
  }, [selectedKey, count, keyAt, virtualizer]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(count - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
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
      <div role="list" aria-label={label} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key as number}
            role="listitem"
            aria-setsize={count}
            aria-posinset={item.index + 1}
            data-index={item.index}
            className={classes.row}
            style={{ height: item.size, transform: `translateY(${item.start}px)` }}
          >
            {renderRow(item.index, item.key as number)}
          </div>
        ))}
      </div>
    </div>
  );
}
