import { useCallback, useRef } from 'react';
import { Text } from '@mantine/core';
import type { CollectionName } from '../../../../shared/collections';
import type { StatusFilter } from '../../../../shared/request-status';
import { useCollection } from '../../../hooks/use-collection';
import { useRecordIndex } from '../hooks/use-filtered-records';
import { useFillViewport } from '../hooks/use-fill-viewport';
import { SELECT_TEXT, type AnyListConfig, type AnyRecord, type ListConfig } from '../list-config';
import { RecordDetail } from './record-detail';
import { RecordListPane } from './record-list-pane';
import classes from './prescriptions.module.css';

export interface PrescriptionPageProps {
  id?: number;
  filter: StatusFilter;
  onSearchChange: (next: { id?: number; filter?: StatusFilter }) => void;
}

const PHONE_QUERY = '(max-width: 47.99em)';

/** The two-pane list of spec section 2 ("List pages"), for any of the five prescription lists. */
export function PrescriptionListPage<K extends CollectionName>({
  config,
  id,
  filter,
  onSearchChange,
}: PrescriptionPageProps & { config: ListConfig<K> }) {
  const anyConfig = config as unknown as AnyListConfig;
  const { rows, pending, error } = useCollection(config.collection);
  const index = useRecordIndex(
    rows as readonly AnyRecord[] | undefined,
    config.key as keyof AnyRecord & string,
  );
  const position = id === undefined ? undefined : index?.positionOf(id);
  const selected = position === undefined ? undefined : index?.rows[position];

  const rootRef = useRef<HTMLDivElement>(null);
  useFillViewport(rootRef);

  // On a phone the detail replaces the list, so focus follows the person there.
  const focusDetail = useRef(false);
  const onSelect = useCallback(
    (key: number) => {
      focusDetail.current = window.matchMedia(PHONE_QUERY).matches;
      onSearchChange({ id: key, filter });
    },
    [onSearchChange, filter],
  );
  const onFilterChange = useCallback(
    (next: StatusFilter) => onSearchChange({ id, filter: next }),
    [onSearchChange, id],
  );
  const onBack = useCallback(
    () => onSearchChange({ id: undefined, filter }),
    [onSearchChange, filter],
  );

  return (
    <div ref={rootRef} className={classes.root} data-selected={selected ? '' : undefined}>
      <section className={classes.listPane} aria-label={config.title}>
        <RecordListPane
          config={anyConfig}
          index={index}
          pending={pending}
          error={error}
          selectedId={id}
          filter={filter}
          onSelect={onSelect}
          onFilterChange={onFilterChange}
        />
      </section>
      <section className={classes.detailPane} aria-label="Details">
        {selected ? (
          <RecordDetail
            key={`${config.collection}:${id}`}
            config={anyConfig}
            record={selected}
            entries={id === undefined ? undefined : pending.get(id)}
            focusOnMount={focusDetail.current}
            onBack={onBack}
          />
        ) : (
          <div className={classes.placeholder}>
            <Text c="dimmed" data-testid="prescription-detail-placeholder">
              {SELECT_TEXT}
            </Text>
          </div>
        )}
      </section>
    </div>
  );
}
