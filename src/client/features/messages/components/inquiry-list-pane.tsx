import { useCallback, useId, useMemo } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { ListBody, ListCount } from '../../../components/list-body';
import { PickOne } from '../../../components/pick-one';
import { paneClasses as classes } from '../../../components/two-pane';
import { VirtualList } from '../../../components/virtual-list';
import { useNow } from '../../../hooks/use-now';
import { useFilteredRecords } from '../../../hooks/use-record-index';
import type { RecordIndex } from '../../../lib/record-index';
import { INQUIRY_FILTERS, type InquiryFilter } from '../../../lib/search-params';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { SEARCH_BY, inquiryKeep, type InquiryRow as Row, type SearchByField } from '../inquiry-list';
import { inquiryFilterMessages, inquiryListMessages, searchFieldMessages } from '../inquiry-list.messages';
import { InquiryRow, ROW_HEIGHT } from './inquiry-row';
import { SavedRepliesButton } from './saved-replies-panel';
import { SearchInput } from '../../../components/search-input';
import { useSearchRecord } from '../../../hooks/use-access-record';
import { useRemembered } from '../../../hooks/use-remembered';
import { bothKeep } from '../../../components/assignment/assignee-filter';
import { AssigneeFilterControl } from '../../../components/assignment/assignee-filter-control';
import { useAssigneeFilter } from '../../../components/assignment/use-assignee-filter';

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
  // Mine, Unassigned (issue 19) beside the spec's filter.
  const assignee = useAssigneeFilter('inquiries');
  const keep = bothKeep<Row>(inquiryKeep(filter), assignee.keep);
  const { hits, stale } = useFilteredRecords(index, field, query, keep);
  const rows = index?.rows;
  const now = useNow();
  const countId = useId();
  const t = useStore(inquiryListMessages);
  const fields = useStore(searchFieldMessages);
  const filters = useStore(inquiryFilterMessages);
  const keyAt = useCallback((i: number) => (rows?.[hits[i] as number] as Row).message_id, [rows, hits]);

  // A keystroke renders the search box at once and the hits a frame later (useDeferredValue): the
  // parts that do not depend on the query are kept, so that first render is the input alone.
  const body = useMemo(
    () => (
      <ListBody
        total={rows?.length}
        hits={hits.length}
        error={error}
        errorText={t.error}
        loadingText={t.loading}
        emptyText={t.empty}
        emptyTestId="inquiry-list-empty"
      >
        {() => (
          <VirtualList
            label={t.title}
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
    [rows, hits, keyAt, error, selectedId, pending, now, onSelect, t],
  );
  const controls = useMemo(
    () => (
      <Group gap="xs" grow wrap="nowrap">
        <PickOne
          label={t.searchBy}
          size="xs"
          data={SEARCH_BY.map((value) => ({ value, label: fields[value] }))}
          value={field}
          onChange={setField}
          data-testid="inquiry-search-by"
        />
        <PickOne
          label={t.filter}
          size="xs"
          data={INQUIRY_FILTERS.map((value) => ({ value, label: filters[value] }))}
          value={filter}
          onChange={onFilterChange}
          data-testid="inquiry-filter"
        />
      </Group>
    ),
    [field, filter, onFilterChange, t, fields, filters],
  );

  return (
    <>
      <Group className={classes.paneTitle} justify="space-between" gap="xs" wrap="nowrap">
        <Title order={1} size="h3">
          {t.title}
        </Title>
        <SavedRepliesButton />
      </Group>
      <Stack gap="xs" className={classes.toolbar}>
        <SearchInput
          label={t.searchByField({ field: fields[field].toLowerCase() })}
          value={query}
          onChange={setQuery}
          aria-describedby={countId}
          data-testid="inquiry-search"
        />
        {controls}
        <AssigneeFilterControl value={assignee.filter} onChange={assignee.setFilter} />
        <ListCount id={countId} hits={hits.length} total={rows?.length} stale={stale} testId="inquiry-count" />
      </Stack>
      <div className={classes.listBody}>{body}</div>
    </>
  );
}
