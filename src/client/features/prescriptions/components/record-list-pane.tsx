import { useId, useState } from 'react';
import {
  Alert,
  CloseButton,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { STATUS_FILTERS, type StatusFilter } from '../../../../shared/request-status';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { useFilteredRecords } from '../hooks/use-filtered-records';
import { useNow } from '../hooks/use-now';
import type { RecordIndex } from '../filter-records';
import { EMPTY_TEXT, type AnyListConfig, type AnyRecord } from '../list-config';
import { RecordList } from './record-list';
import classes from './prescriptions.module.css';

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
  selectedId,
  filter,
  onSelect,
  onFilterChange,
}: RecordListPaneProps) {
  const fields = config.searchFields as readonly { field: Field; label: string }[];
  const [field, setField] = useState<Field>(fields[0]?.field as Field);
  const [query, setQuery] = useState('');
  const { hits, stale } = useFilteredRecords(index, field, query, filter);
  const rows = index?.rows;
  const now = useNow();
  const countId = useId();
  const fieldLabel = searchNoun(fields.find((f) => f.field === field)?.label ?? '');

  let body;
  if (rows === undefined || (rows.length === 0 && error)) {
    body = error ? (
      <Alert color="red" variant="light" role="alert" m="sm">
        {config.errorText}
      </Alert>
    ) : (
      <Group gap="xs" p="sm" role="status">
        <Loader size="xs" />
        <Text size="sm">{config.loadingText}</Text>
      </Group>
    );
  } else if (hits.length === 0) {
    body = (
      <Text c="dimmed" p="sm" role="status" data-testid="prescription-list-empty">
        {EMPTY_TEXT}
      </Text>
    );
  } else {
    body = (
      <RecordList
        config={config}
        rows={rows}
        hits={hits}
        pending={pending}
        selectedId={selectedId}
        now={now}
        onSelect={onSelect}
      />
    );
  }

  return (
    <>
      <Title order={1} size="h3" className={classes.paneTitle}>
        {config.title}
      </Title>
      <Stack gap="xs" className={classes.toolbar}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            flex={1}
            miw={0}
            type="search"
            aria-label={`Search by ${fieldLabel}`}
            placeholder={`Search by ${fieldLabel}`}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            aria-describedby={countId}
            data-testid="prescription-search"
            rightSection={
              query ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} />
              ) : null
            }
          />
          {fields.length > 1 ? (
            <Select
              w={150}
              aria-label="Search by"
              data={fields.map((f) => ({ value: f.field, label: f.label }))}
              value={field}
              onChange={(value) => value && setField(value as Field)}
              allowDeselect={false}
              checkIconPosition="right"
              maxDropdownHeight={320}
              comboboxProps={{ withinPortal: true }}
              data-testid="prescription-search-by"
            />
          ) : null}
        </Group>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-label="Status filter"
          data={FILTER_DATA}
          value={filter}
          onChange={(value) => onFilterChange(value as StatusFilter)}
          data-testid="prescription-status-filter"
        />
        <Text
          id={countId}
          size="xs"
          c="dimmed"
          aria-live="polite"
          style={{ opacity: stale ? 0.6 : 1 }}
          data-testid="prescription-count"
          data-stale={stale || undefined}
        >
          {rows ? `${hits.length.toLocaleString()} of ${rows.length.toLocaleString()}` : '\u00a0'}
        </Text>
      </Stack>
      <div className={classes.listBody}>{body}</div>
    </>
  );
}
