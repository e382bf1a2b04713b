import type { ReactNode } from 'react';
import { Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatListDate } from '../../../lib/dates';
import type { PatientRecords } from '../hooks/use-patient-records';

const newestFirst = <T extends { created_at: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Stack gap={4} component="section" aria-label={title} data-testid="patient-records-section">
      <Title order={3} size="h6">
        {title} ({count})
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          None on this device.
        </Text>
      ) : (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/** Spec section 2 "User detail", side panel: the patient's own records on this device. */
export function PatientRecordsPanel({ records, now }: { records: PatientRecords | undefined; now: Date }) {
  if (!records) {
    return (
      <Paper withBorder radius="md" p="md">
        <Loader size="xs" />
      </Paper>
    );
  }
  const refillType = [
    ...records.refills.map((r) => ({ key: `refills-${r.id}`, label: `${r.type} · Rx ${r.rx_number}`, created_at: r.created_at, status: r.status, to: '/prescriptions/refills-and-renewals' as const, id: r.id })),
    ...records.autofill.map((r) => ({ key: `autofill-${r.refillId}`, label: `Autofill · Rx ${r.rx_number}`, created_at: r.created_at, status: r.status, to: '/prescriptions/autofill' as const, id: r.refillId })),
    ...records.reminders.map((r) => ({ key: `reminders-${r.id}`, label: `Refill reminder · Rx ${r.rx_number}`, created_at: r.created_at, status: r.status, to: '/prescriptions/refill-reminders' as const, id: r.id })),
  ];
  const appointments = [...records.appointments].sort((a, b) => `${b.date}${b.start_time}`.localeCompare(`${a.date}${a.start_time}`));
  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label="Patient's records" data-testid="patient-records">
      <Stack gap="md">
        <Title order={2} size="h4">
          Records
        </Title>
        <Section title="Transfers" count={records.transfers.length}>
          {newestFirst(records.transfers).map((t) => (
            <li key={t.transfer_id}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/prescriptions/transfers" search={{ id: t.transfer_id, filter: 'all' }} />}>
                From {t.pharmacy_name} · {formatListDate(t.created_at, now)} · {t.status}
              </Anchor>
            </li>
          ))}
        </Section>
        <Section title="Refills, renewals and enrolments" count={refillType.length}>
          {newestFirst(refillType).map((r) => (
            <li key={r.key}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to={r.to} search={{ id: r.id, filter: 'all' }} />}>
                {r.label} · {formatListDate(r.created_at, now)} · {r.status}
              </Anchor>
            </li>
          ))}
        </Section>
        <Section title="Appointments" count={appointments.length}>
          {appointments.map((a) => (
            <li key={a.appointment_id}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/appointments/list-view-page" search={{ id: a.appointment_id }} />}>
                {a.appointment_type} · {a.date} {a.start_time.slice(0, 5)} · {a.status}
              </Anchor>
            </li>
          ))}
        </Section>
        <Section title="Inquiries" count={records.inquiries.length}>
          {newestFirst(records.inquiries).map((q) => (
            <li key={q.message_id}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/messages" search={{ id: q.message_id, filter: 'All' }} />}>
                {formatListDate(q.created_at, now)} · {q.replied ? 'Replied' : q.resolved ? 'Resolved' : 'New'} · {q.message.slice(0, 30)}
              </Anchor>
            </li>
          ))}
        </Section>
      </Stack>
    </Paper>
  );
}
