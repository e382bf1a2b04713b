import { useId, useMemo } from 'react';
import { Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { STATUS_FILTERS, type StatusFilter } from '../../../../shared/request-status';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { useFilteredRecords } from '../../../hooks/use-record-index';
import { useNow } from '../../../hooks/use-now';
import type { RecordIndex } from '../../../lib/record-index';
import { statusKeep } from '../filter-records';
import { fieldMessages } from '../fields.messages';
import type { AnyListConfig, AnyRecord, FieldName } from '../list-config';
import { listPaneMessages, statusFilterMessages } from './list-pane.messages';
import { RecordList } from './record-list';
import { ListBody, ListCount } from '../../../components/list-body';
import { PickOne } from '../../../components/pick-one';
import { paneClasses as classes } from '../../../components/two-pane';
import { SearchInput } from '../../../components/search-input';
import { useSearchRecord } from '../../../hooks/use-access-record';
import { useRemembered } from '../../../hooks/use-remembered';
import { bothKeep } from '../../../components/assignment/assignee-filter';
import { AssigneeFilterControl } from '../../../components/assignment/assignee-filter-control';
import { useAssigneeFilter } from '../../../components/assignment/use-assignee-filter';

interface RecordListPaneProps {
  config: AnyListConfig;
  index: RecordIndex<AnyRecord> | null;
  pending: Map<number, OutboxEntry[]>;
  error: string | null;
  selectedId: number | undefined;
  filter: StatusFilter;
  onSelect: (key: number) => void;
  onFilterChange: (filter: StatusFilter) => void;
}

type Field = keyof AnyRecord & string;

/** 'First name' reads 'first name' inside a sentence; 'Rx number' keeps its capital. */
const searchNoun = (label: string) => label.replace(/^(?!Rx)\p{Lu}/u, (c) => c.toLowerCase());

export function RecordListPane({
  config,
  index,
  pending,
  error,
  selectedId,
  filter,
  onSelect,
  onFilterChange,
}: RecordListPaneProps) {
  const t = useStore(listPaneMessages);
  const filterNames = useStore(statusFilterMessages);
  const fieldNames = useStore(fieldMessages);
  const texts = useStore(config.texts);
  const fields = config.searchFields as readonly { field: Field; label: FieldName }[];
  const [field, setField] = useRemembered<Field>(`${config.collection}:search-by`, fields[0]?.field as Field);
  const [query, setQuery] = useRemembered(`${config.collection}:search`, '');
  useSearchRecord(config.collection, query, field);
  // Lists that can be assigned (issue 19) also filter by assignee: Mine, Unassigned.
  const assignable = config.collection !== 'newPrescriptions';
  const assignee = useAssigneeFilter(config.collection);
  const keep = bothKeep<AnyRecord>(statusKeep(filter), assignable ? assignee.keep : null);
  const { hits, stale } = useFilteredRecords(index, field, query, keep);
  const rows = index?.rows;
  const now = useNow();
  const countId = useId();
  const fieldName = fields.find((f) => f.field === field)?.label;
  const fieldLabel = fieldName ? searchNoun(fieldNames[fieldName]) : '';

  // A keystroke renders the search box at once and the hits a frame later (useDeferredValue): the
  // parts that do not depend on the query are kept, so that first render is the input alone.
  const body = useMemo(
    () => (
      <ListBody
        total={rows?.length}
        hits={hits.length}
        error={error}
        errorText={texts.errorText}
        loadingText={texts.loadingText}
        emptyText={t.empty}
        emptyTestId="prescription-list-empty"
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
    [rows, hits, error, texts, t, config, pending, selectedId, now, onSelect],
  );
  const searchBy = useMemo(
    () =>
      fields.length > 1 ? (
        <PickOne
          w={150}
          aria-label={t.searchByLabel}
          data={fields.map((f) => ({ value: f.field as Field, label: fieldNames[f.label] }))}
          value={field}
          onChange={setField}
          maxDropdownHeight={320}
          data-testid="prescription-search-by"
        />
      ) : null,
    [fields, field, t, fieldNames],
  );
  const statusFilter = useMemo(
    () => (
      <SegmentedControl
        fullWidth
        size="xs"
        aria-label={t.statusFilter}
        data={STATUS_FILTERS.map((value) => ({ value, label: filterNames[value] }))}
        value={filter}
        onChange={(value) => onFilterChange(value as StatusFilter)}
        data-testid="prescription-status-filter"
      />
    ),
    [filter, onFilterChange, t, filterNames],
  );

  return (
    <>
      <Title order={1} size="h3" className={classes.paneTitle}>
        {texts.title}
      </Title>
      <Stack gap="xs" className={classes.toolbar}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <SearchInput
            flex={1}
            miw={0}
            label={t.searchBy({ field: fieldLabel })}
            value={query}
            onChange={setQuery}
            aria-describedby={countId}
            data-testid="prescription-search"
          />
          {searchBy}
        </Group>
        {statusFilter}
        {assignable ? <AssigneeFilterControl value={assignee.filter} onChange={assignee.setFilter} /> : null}
        <ListCount id={countId} hits={hits.length} total={rows?.length} stale={stale} testId="prescription-count" />
      </Stack>
      <div className={classes.listBody}>{body}</div>
    </>
  );
}
