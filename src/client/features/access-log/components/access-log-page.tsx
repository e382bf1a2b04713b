import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { ACCESS_ACTIONS, type AccessLogEntry } from '../../../../shared/access-log';
import { showAlert } from '../../../components/alerts';
import { useOnline } from '../../../hooks/use-online';
import { exportAccessLog, fetchAccessLog, fetchAccessLogStaff, type AccessLogFilters } from '../api/access-log-api';
import { accessLogPageMessages } from '../access-log.messages';
import { accessActionMessages } from '../access-words.messages';
import { AccessLogTable } from './access-log-table';

/**
 * The Access Log (issue 18): every view and change of patient data, newest first, filtered by
 * patient, staff member, action and days; Export CSV of the filtered rows (itself an entry).
 */
export function AccessLogPage() {
  const t = useStore(accessLogPageMessages);
  const actions = useStore(accessActionMessages);
  const online = useOnline();
  const [filters, setFilters] = useState<AccessLogFilters>({});
  const [patient, setPatient] = useState('');
  const [entries, setEntries] = useState<AccessLogEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [staff, setStaff] = useState<{ value: string; label: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (wanted: AccessLogFilters, before?: string) => {
    setBusy(true);
    setError(null);
    try {
      const page = await fetchAccessLog(wanted, before);
      setEntries((shown) => (before && shown ? [...shown, ...page.entries] : page.entries));
      setNext(page.next);
    } catch (problem) {
      setError(problem instanceof Error ? problem.message : String(problem));
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (!online) return;
    void load(filters);
  }, [filters, load, online]);

  useEffect(() => {
    if (!online) return;
    fetchAccessLogStaff()
      .then((people) => setStaff(people.map((person) => ({ value: person.uid, label: person.name ?? person.uid }))))
      .catch(() => undefined);
  }, [online]);

  // The patient's name is searched once the person pauses typing.
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => ({ ...f, patient: patient.trim() || undefined })), 400);
    return () => clearTimeout(timer);
  }, [patient]);

  const set = (name: keyof AccessLogFilters) => (value: string | null) =>
    setFilters((f) => ({ ...f, [name]: value || undefined }));

  const exportCsv = async () => {
    try {
      await exportAccessLog(filters);
    } catch (problem) {
      showAlert(problem instanceof Error ? problem.message : String(problem), 'error');
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t.title}
        </Title>
        <Button variant="light" onClick={() => void exportCsv()} disabled={!online} data-testid="access-log-export">
          {t.exportCsv}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput label={t.patient} placeholder={t.patientPlaceholder} value={patient} onChange={(e) => setPatient(e.currentTarget.value)} />
        <Select label={t.staff} data={staff} value={filters.staff ?? null} onChange={set('staff')} clearable placeholder={t.everyone} />
        <Select
          label={t.action}
          data={ACCESS_ACTIONS.map((action) => ({ value: action, label: actions[action] }))}
          value={filters.action ?? null}
          onChange={set('action')}
          clearable
          placeholder={t.everyAction}
        />
        <TextInput label={t.from} type="date" value={filters.from ?? ''} onChange={(e) => set('from')(e.currentTarget.value)} />
        <TextInput label={t.until} type="date" value={filters.to ?? ''} onChange={(e) => set('to')(e.currentTarget.value)} />
      </Group>
      {!online ? (
        <Alert color="gray" variant="light">
          {t.offline}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {entries === null ? (
        online ? <Loader size="sm" aria-label={t.loading} /> : null
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t.noMatch}</Text>
      ) : (
        <AccessLogTable entries={entries} />
      )}
      {next ? (
        <Button variant="default" loading={busy} onClick={() => void load(filters, next)} style={{ alignSelf: 'flex-start' }}>
          {t.older}
        </Button>
      ) : null}
    </Stack>
  );
}
