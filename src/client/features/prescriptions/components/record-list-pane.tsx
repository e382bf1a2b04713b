import { useId, useMemo } from 'react';
import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { STATUS_FILTERS, type StatusFilter } from '../../../../shared/request-status';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { useFilteredRecords } from '../../../hooks/use-record-index';
import { useNow } from '../../../hooks/use-now';
import type { RecordIndex } from '../../../lib/record-index';
import { statusKeep } from '../filter-records';
import { EMPTY_TEXT, type AnyListConfig, type AnyRecord } from '../list-config';
import { RecordList } from './record-list';
import { ListBody, ListCount } from '../../../components/list-body';
import { PickOne } from '../../../components/pick-one';
import { paneClasses as classes } from '../../../components/two-pane';
import { SearchInput } from '../../../components/search-input';
import { useSearchRecord } from '../../../hooks/use-access-record';
import { useRemembered } from '../../../hooks/use-remembered';

const FILTER_LABELS: Record<StatusFilter, string> = {
  all: 'All',
  active: 'Active',
  completed: 'Completed',
  flagged: 'Flagged',
};
const FILTER_DATA = STATUS_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

interface RecordListPaneProps {
  config: AnyListConfig;
  index: RecordIndex<AnyRecord> | null;
  pending: Map<number, OutboxEntry[]>;
  error: string | null;
  /** False while `index` holds a preview (the newest rows of a list still being read). */
  complete: boolean;
  selectedId: number | undefined;
  filter: StatusFilter;
  onSelect: (key: number) => void;
  onFilterChange: (filter: StatusFilter) => void;
}

type Field = keyof AnyRecord & string;

/** 'First name' reads 'first name' inside a sentence; 'Rx number' keeps its capital. */
const searchNoun = (label: string) => label.replace(/^(?!Rx)\w/, (c) => c.toLowerCase());

export function RecordListPane({
  config,
  index,
  pending,
  error,
  complete,
  selectedId,
  filter,
  onSelect,
  onFilterChange,
}: RecordListPaneProps) {
  const fields = config.searchFields as readonly { field: Field; label: string }[];
  const [field, setField] = useRemembered<Field>(`${config.collection}:search-by`, fields[0]?.field as Field);
  const [query, setQuery] = useRemembered(`${config.collection}:search`, '');
  useSearchRecord(config.collection, query, field);
  const { hits, stale } = useFilteredRecords(index, field, query, statusKeep(filter));
  const rows = index?.rows;
  const now = useNow();
  const countId = useId();
  const fieldLabel = searchNoun(fields.find((f) => f.field === field)?.label ?? '');

  // A keystroke renders the search box at once and the hits a frame later (useDeferredValue): the
  // parts that do not depend on the query are kept, so that first render is the input alone.
  const body = useMemo(
    () => (
      <ListBody
        total={rows?.length}
        hits={hits.length}
        error={error}
        errorText={config.errorText}
        loadingText={config.loadingText}
        emptyText={EMPTY_TEXT}
        emptyTestId="prescription-list-empty"
        partial={!complete}
      >
        {() => (
          <RecordList
            config={config}
            rows={rows!}
            hits={hits}
            pending={pending}
            selectedId={selectedId}
            now={now}
            onSelect={onSelect}
          />
        )}
      </ListBody>
    ),
    [rows, hits, error, config, complete, pending, selectedId, now, onSelect],
  );
  const searchBy = useMemo(
    () =>
      fields.length > 1 ? (
        <PickOne
          w={150}
          aria-label="Search by"
          data={fields.map((f) => ({ value: f.field as Field, label: f.label }))}
          value={field}
          onChange={setField}
          maxDropdownHeight={320}
          data-testid="prescription-search-by"
        />
      ) : null,
    [fields, field],
  );
  const statusFilter = useMemo(
    () => (
      <SegmentedControl
        fullWidth
        size="xs"
        aria-label="Status filter"
        data={FILTER_DATA}
        value={filter}
        onChange={(value) => onFilterChange(value as StatusFilter)}
        data-testid="prescription-status-filter"
      />
    ),
    [filter, onFilterChange],
  );

  return (
    <>
      <Title order={1} size="h3" className={classes.paneTitle}>
        {config.title}
      </Title>
      <Stack gap="xs" className={classes.toolbar}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <SearchInput
            flex={1}
            miw={0}
            label={`Search by ${fieldLabel}`}
            value={query}
            onChange={setQuery}
            aria-describedby={countId}
            data-testid="prescription-search"
          />
          {searchBy}
        </Group>
        {statusFilter}
        <ListCount id={countId} hits={hits.length} total={complete ? rows?.length : undefined} stale={stale} testId="prescription-count" />
      </Stack>
      <div className={classes.listBody}>{body}</div>
    </>
  );
}
