import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import type { AnyListConfig, AnyRecord } from '../list-config';
import { RecordRow, ROW_HEIGHT } from './record-row';
import classes from './prescriptions.module.css';

interface RecordListProps {
  config: AnyListConfig;
  rows: readonly AnyRecord[];
  /** Row positions to show, in order. */
  hits: Int32Array;
  pending: Map<number, OutboxEntry[]>;
  selectedId: number | undefined;
  now: Date;
  onSelect: (key: number) => void;
}

/** Only the rows in view (plus a few) are in the DOM, so 100,000 cached records scroll smoothly. */
export function RecordList({
  config,
  rows,
  hits,
  pending,
  selectedId,
  now,
  onSelect,
}: RecordListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const keyOf = useCallback(
    (index: number) => Number((rows[hits[index] as number] as Record<string, unknown>)[config.key]),
    [rows, hits, config.key],
  );
  const virtualizer = useVirtualizer({
    count: hits.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: keyOf,
    useFlushSync: false,
  });

  // Bring a deep-linked or externally chosen record into view once per selection, not on every
  // keystroke (the person is reading the top of a fresh result then).
  const scrolledFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (selectedId === undefined || scrolledFor.current === selectedId || hits.length === 0) return;
    scrolledFor.current = selectedId;
    for (let i = 0; i < hits.length; i += 1) {
      if (keyOf(i) === selectedId) {
        virtualizer.scrollToIndex(i, { align: 'auto' });
        break;
      }
    }
  }, [selectedId, hits, keyOf, virtualizer]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(hits.length - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    // A far jump (End, PageDown) renders the target row only after the scroll event: wait for it.
    let frames = 0;
    const tryFocus = () => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"] button`);
      if (row) row.focus({ preventScroll: true });
      else if ((frames += 1) < 20) requestAnimationFrame(tryFocus);
    };
    requestAnimationFrame(tryFocus);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!item) return;
    const index = Number(item.dataset.index);
    const page = Math.max(
      1,
      Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1,
    );
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: hits.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      data-testid="prescription-list"
      onKeyDown={onKeyDown}
    >
      <div
        role="list"
        aria-label={config.title}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const record = rows[hits[item.index] as number] as AnyRecord;
          const key = item.key as number;
          return (
            <div
              key={key}
              role="listitem"
              aria-setsize={hits.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              className={classes.row}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <RecordRow
                record={record}
                recordKey={key}
                secondary={(config.secondary as (row: AnyRecord) => string)(record)}
                selected={key === selectedId}
                entries={pending.get(key)}
                now={now}
                onSelect={onSelect}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
