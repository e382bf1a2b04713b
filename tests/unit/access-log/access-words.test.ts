// How the Access Log screen words an entry (issue 18): what was done, to which record or list, and
// the detail that says more (a search's words, a count, a whole sync, the dashboard, a widget).
import { describe, expect, it } from 'vitest';
import { whatWords } from '../../../src/client/features/access-log/access-words';
import type { AccessLogEntry } from '../../../src/shared/access-log';

function entry(over: Partial<AccessLogEntry>): AccessLogEntry {
  return {
    entry_id: 1,
    actor_uid: 'u1',
    actor_name: 'a@pharmacy.test',
    device_id: null,
    action: 'view',
    collection: null,
    record_id: null,
    patient_user_id: null,
    patient_name: null,
    detail: null,
    occurred_at: '2026-11-26T10:00:00.000Z',
    received_at: '2026-11-26T10:00:01.000Z',
    offline: false,
    ...over,
  };
}

describe('whatWords', () => {
  it('names the record viewed, and the list searched with its words', () => {
    expect(whatWords(entry({ action: 'view', collection: 'transfers', record_id: 12 }))).toMatch(/^Viewed .*#12$/);
    expect(whatWords(entry({ action: 'search', collection: 'users', detail: { query: 'smith' } }))).toMatch(/^Searched .* for “smith”$/);
  });

  it('says a whole list went to the device, with its count', () => {
    const words = whatWords(entry({ action: 'download', collection: 'transfers', detail: { count: 1200, sync: true } }));
    expect(words).toMatch(/^Downloaded the list .*\(1,200\) to the device$/);
    expect(whatWords(entry({ action: 'download', collection: 'transfers', detail: { count: 3 } }))).not.toMatch(/device/);
  });

  it('names the dashboard, a widget and a booking’s people', () => {
    expect(whatWords(entry({ action: 'list', detail: { screen: 'dashboard' } }))).toBe('Opened the dashboard');
    expect(whatWords(entry({ action: 'list', detail: { widget: 'prescriptions', count: 4 } }))).toBe('Read the prescriptions widget (4)');
    expect(whatWords(entry({ action: 'view', detail: { vaccine_booking: 7, members: 3 } }))).toBe('Viewed the people of vaccine booking #7');
  });
});
