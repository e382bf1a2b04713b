// What every cached list shows around its rows: the error or the loading text until the device's
// copy is read, the empty text when nothing matches, and the "N of M" count line.
import type { ReactNode } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { intlLocale } from '../i18n/locale';
import { listMessages } from './components.messages';

interface ListBodyProps {
  /** Every record of the list (undefined until read from the device). */
  total: number | undefined;
  hits: number;
  error: unknown;
  errorText: string;
  loadingText: string;
  emptyText: string;
  emptyTestId: string;
  /** The rows, drawn when something matches. */
  children: () => ReactNode;
}

export function ListBody({ total, hits, error, errorText, loadingText, emptyText, emptyTestId, children }: ListBodyProps) {
  if (total === undefined || (total === 0 && error)) {
    return error ? (
      <Alert color="red" variant="light" role="alert" m="sm">
        {errorText}
      </Alert>
    ) : (
      <Group gap="xs" p="sm" role="status">
        <Loader size="xs" />
        <Text size="sm">{loadingText}</Text>
      </Group>
    );
  }
  if (hits === 0) {
    return (
      <Text c="dimmed" p="sm" role="status" data-testid={emptyTestId}>
        {emptyText}
      </Text>
    );
  }
  return <>{children()}</>;
}

/** "12 of 340", announced politely; dimmed while the hits lag behind the query (`stale`). */
export function ListCount({ id, hits, total, stale = false, testId }: { id?: string; hits: number; total: number | undefined; stale?: boolean; testId: string }) {
  const t = useStore(listMessages);
  const number = (value: number) => value.toLocaleString(intlLocale());
  return (
    <Text
      id={id}
      size="xs"
      c="dimmed"
      aria-live="polite"
      style={{ opacity: stale ? 0.6 : 1 }}
      data-testid={testId}
      data-stale={stale || undefined}
    >
      {total === undefined ? '\u00a0' : t.count({ hits: number(hits), total: number(total) })}
    </Text>
  );
}
