import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import { VirtualList } from '../../../components/virtual-list';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { useValueWords } from '../hooks/use-value-words';
import type { AnyListConfig, AnyRecord, ValueWords } from '../list-config';
import { RecordRow, ROW_HEIGHT } from './record-row';

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

export function RecordList({ config, rows, hits, pending, selectedId, now, onSelect }: RecordListProps) {
  const { title } = useStore(config.texts);
  const words = useValueWords();
  const keyAt = useCallback(
    (index: number) => Number((rows[hits[index] as number] as Record<string, unknown>)[config.key]),
    [rows, hits, config.key],
  );
  return (
    <VirtualList
      label={title}
      count={hits.length}
      keyAt={keyAt}
      rowHeight={ROW_HEIGHT}
      selectedKey={selectedId}
      data-testid="prescription-list"
      renderRow={(index, key) => {
        const record = rows[hits[index] as number] as AnyRecord;
        return (
          <RecordRow
            record={record}
            recordKey={key}
            secondary={(config.secondary as (row: AnyRecord, words: ValueWords) => string)(record, words)}
            selected={key === selectedId}
            list={config.collection}
            entries={pending.get(key)}
            now={now}
            onSelect={onSelect}
          />
        );
      }}
    />
  );
}
