import { useCallback, useId, useMemo } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { ListBody, ListCount } from '../../../components/list-body';
import { PickOne } from '../../../components/pick-one';
import { paneClasses as classes } from '../../../components/two-pane';
import { VirtualList } from '../../../components/virtual-list';
import { useNow } from '../../../hooks/use-now';
import { useFilteredRecords } from '../../../hooks/use-record-index';
import type { RecordIndex } from '../../../lib/record-index';
import { INQUIRY_FILTERS, type InquiryFilter } from '../../../lib/search-params';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import {
  EMPTY_TEXT,
  ERROR_TEXT,
  LOADING_TEXT,
  MESSAGES_TITLE,
  SEARCH_BY,
  inquiryKeep,
  type InquiryRow as Row,
  type SearchByField,
} from '../inquiry-list';
import { InquiryRow, ROW_HEIGHT } from './inquiry-row';
import { SearchInput } from '../../../components/search-input';
import { useSearchRecord } from '../../../hooks/use-access-record';
import { useRemembered } from '../../../hooks/use-remembered';

interface InquiryListPaneProps {
  index: RecordIndex<Row> | null;
  pending: Map<number, OutboxEntry[]>;
  error: string | null;
  selectedId: number | undefined;
  filter: InquiryFilter;
  onSelect: (key: number) => void;
  onFilterChange: (filter: InquiryFilter) => void;
}

export function InquiryListPane({ index, pending, error, selectedId, filter, onSelect, onFilterChange }: InquiryListPaneProps) {
  const [field, setField] = useRemembered<SearchByField>('inquiries:search-by', 'full_name');
  const [query, setQuery] = useRemembered('inquiries:search', '');
  useSearchRecord('inquiries', query, field);
  const { hits, stale } = useFilteredRecords(index, field, query, inquiryKeep(filter));
  const rows = index?.rows;
  const now = useNow();
  const countId = useId();
  const fieldLabel = SEARCH_BY.find((f) => f.value === field)?.label.toLowerCase() ?? '';
  const keyAt = useCallback((i: number) => (rows?.[hits[i] as number] as Row).message_id, [rows, hits]);

  // A keystroke renders the search box at once and the hits a frame later (useDeferredValue): the
  // parts that do not depend on the query are kept, so that first render is the input alone.
  const body = useMemo(
    () => (
      <ListBody
        total={rows?.length}
        hits={hits.length}
        error={error}
        errorText={ERROR_TEXT}
        loadingText={LOADING_TEXT}
        emptyText={EMPTY_TEXT}
        emptyTestId="inquiry-list-empty"
      >
        {() => (
          <VirtualList
            label={MESSAGES_TITLE}
            count={hits.length}
            keyAt={keyAt}
            rowHeight={ROW_HEIGHT}
            selectedKey={selectedId}
            data-testid="inquiry-list"
            renderRow={(i, key) => (
              <InquiryRow
                inquiry={rows![hits[i] as number] as Row}
                selected={key === selectedId}
                entries={pending.get(key)}
                now={now}
                onSelect={onSelect}
              />
            )}
          />
        )}
      </ListBody>
    ),
    [rows, hits, keyAt, error, selectedId, pending, now, onSelect],
  );
  const controls = useMemo(
    () => (
      <Group gap="xs" grow wrap="nowrap">
        <PickOne
          label="Search by"
          size="xs"
          data={SEARCH_BY.map((f) => ({ value: f.value as SearchByField, label: f.label }))}
          value={field}
          onChange={setField}
          data-testid="inquiry-search-by"
        />
        <PickOne label="Filter" size="xs" data={INQUIRY_FILTERS} value={filter} onChange={onFilterChange} data-testid="inquiry-filter" />
      </Group>
    ),
    [field, filter, onFilterChange],
  );

  return (
    <>
      <Title order={1} size="h3" className={classes.paneTitle}>
        {MESSAGES_TITLE}
      </Title>
      <Stack gap="xs" className={classes.toolbar}>
        <SearchInput
          label={`Search by ${fieldLabel}`}
          value={query}
          onChange={setQuery}
          aria-describedby={countId}
          data-testid="inquiry-search"
        />
        {controls}
        <ListCount id={countId} hits={hits.length} total={rows?.length} stale={stale} testId="inquiry-count" />
      </Stack>
      <div className={classes.listBody}>{body}</div>
    </>
  );
}
