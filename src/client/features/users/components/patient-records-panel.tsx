import type { ReactNode } from 'react';
import { Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { intlLocale } from '../../../i18n/locale';
import { formatListDate } from '../../../lib/dates';
import type { PatientRecords } from '../hooks/use-patient-records';
import { patientRecordsMessages, recordValueMessages } from '../patient-records.messages';

const newestFirst = <T extends { created_at: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const t = useStore(patientRecordsMessages);
  return (
    <Stack gap={4} component="section" aria-label={title} data-testid="patient-records-section">
      <Title order={3} size="h6">
        {t.section({ title, count })}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
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
  const t = useStore(patientRecordsMessages);
  const values: Record<string, string> = useStore(recordValueMessages);
  if (!records) {
    return (
      <Paper withBorder radius="md" p="md">
        <Loader size="xs" />
      </Paper>
    );
  }
  const word = (value: string) => values[value] ?? value;
  const date = (iso: string) => formatListDate(iso, now, { locale: intlLocale() });
  const refillType = [
    ...records.refills.map((r) => ({ key: `refills-${r.id}`, label: t.refill({ type: word(r.type), rx: r.rx_number }), created_at: r.created_at, status: r.status, to: '/prescriptions/refills-and-renewals' as const, id: r.id })),
    ...records.autofill.map((r) => ({ key: `autofill-${r.refillId}`, label: t.autofill({ rx: r.rx_number }), created_at: r.created_at, status: r.status, to: '/prescriptions/autofill' as const, id: r.refillId })),
    ...records.reminders.map((r) => ({ key: `reminders-${r.id}`, label: t.reminder({ rx: r.rx_number }), created_at: r.created_at, status: r.status, to: '/prescriptions/refill-reminders' as const, id: r.id })),
  ];
  const appointments = [...records.appointments].sort((a, b) => `${b.date}${b.start_time}`.localeCompare(`${a.date}${a.start_time}`));
  return (
    <Paper withBorder radius="md" p="md" component="aside" aria-label={t.panelLabel} data-testid="patient-records">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t.title}
        </Title>
        <Section title={t.transfers} count={records.transfers.length}>
          {newestFirst(records.transfers).map((r) => (
            <li key={r.transfer_id}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/prescriptions/transfers" search={{ id: r.transfer_id, filter: 'all' }} />}>
                {t.transfer({ pharmacy: r.pharmacy_name, date: date(r.created_at), status: word(r.status) })}
              </Anchor>
            </li>
          ))}
        </Section>
        <Section title={t.refills} count={refillType.length}>
          {newestFirst(refillType).map((r) => (
            <li key={r.key}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to={r.to} search={{ id: r.id, filter: 'all' }} />}>
                {r.label} · {date(r.created_at)} · {word(r.status)}
              </Anchor>
            </li>
          ))}
        </Section>
        <Section title={t.appointments} count={appointments.length}>
          {appointments.map((a) => (
            <li key={a.appointment_id}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/appointments/list-view-page" search={{ id: a.appointment_id }} />}>
                {word(a.appointment_type)} · {a.date} {a.start_time.slice(0, 5)} · {word(a.status)}
              </Anchor>
            </li>
          ))}
        </Section>
        <Section title={t.inquiries} count={records.inquiries.length}>
          {newestFirst(records.inquiries).map((q) => (
            <li key={q.message_id}>
              <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/messages" search={{ id: q.message_id, filter: 'All' }} />}>
                {date(q.created_at)} · {q.replied ? t.inquiryReplied : q.resolved ? t.inquiryResolved : t.inquiryNew} · {q.message.slice(0, 30)}
              </Anchor>
            </li>
          ))}
        </Section>
      </Stack>
    </Paper>
  );
}
