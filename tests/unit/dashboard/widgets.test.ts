import { describe, expect, it } from 'vitest';
import { activeTransfers, firstRows, newMessages, prescriptionItems, upcomingItems, WIDGET_ROWS } from '../../../src/client/features/dashboard/widgets';
import type { Appointment, AutofillEnrolment, Inquiry, RefillReminder, RefillRequest, Transfer } from '../../../src/shared/entities';
import { countUnresolved } from '../../../src/shared/inquiry-api';
import { sampleAppointment } from '../appointments/sample-appointment';
import { sampleTransfer } from '../offline/test-device';

const rx = { user_id: null, first_name: 'A', last_name: 'B', phone_number: '1', email: null, date_of_birth: '1990-01-01' };

describe('dashboard counts (spec section 9) from the cache', () => {
  it('New Messages counts and shows the unresolved inquiries, newest first', () => {
    const inquiries = [
      { message_id: 1, resolved: false, replied: false, created_at: '2026-11-01T10:00:00Z' },
      { message_id: 2, resolved: true, replied: false, created_at: '2026-11-02T10:00:00Z' },
      { message_id: 3, resolved: true, replied: true, created_at: '2026-11-03T10:00:00Z' },
      { message_id: 4, resolved: false, replied: false, created_at: '2026-11-04T10:00:00Z' },
    ] as Inquiry[];
    expect(newMessages(inquiries).shown.map((i) => i.message_id)).toEqual([4, 1]);
    expect(newMessages(inquiries).count).toBe(2);
    expect(countUnresolved(inquiries)).toBe(2);
  });

  it('orders instants by time, whether written as the server writes them or otherwise', () => {
    const inquiries = [
      { message_id: 1, resolved: false, replied: false, created_at: '2026-11-01T10:00:00.000Z' },
      { message_id: 2, resolved: false, replied: false, created_at: '2026-11-01T10:30:00+01:00' }, // 09:30 UTC
      { message_id: 3, resolved: false, replied: false, created_at: '2026-11-01T09:45:00.000Z' },
      { message_id: 4, resolved: false, replied: false, created_at: '2026-11-01T10:00:00.000Z' },
    ] as Inquiry[];
    // Equal instants: the higher key first.
    expect(newMessages(inquiries).shown.map((i) => i.message_id)).toEqual([4, 1, 3, 2]);
  });

  it('Prescription Requests lists the active refill-type requests of the three lists, newest first', () => {
    const refills = [
      { id: 1, type: 'Refill', rx_number: 'RX1', created_at: '2026-11-01T10:00:00Z', status: 'active', ...rx },
      { id: 2, type: 'Renewal', rx_number: 'RX2', created_at: '2026-11-05T10:00:00Z', status: 'completed', ...rx },
    ] as RefillRequest[];
    const autofill = [{ refillId: 3, rx_number: 'RX3', created_at: '2026-11-03T10:00:00Z', status: 'active', ...rx }] as AutofillEnrolment[];
    const reminders = [{ id: 4, rx_number: 'RX4', created_at: '2026-11-04T10:00:00Z', status: 'flagged', ...rx }] as RefillReminder[];
    const items = prescriptionItems({ refills, autofill, reminders });
    expect(items.shown.map((i) => [i.collection, i.id, i.type])).toEqual([
      ['autofill', 3, 'Autofill'],
      ['refills', 1, 'Refill'],
    ]);
    expect(items.count).toBe(2);
  });

  it("Upcoming: scheduled vaccines and consultations from now on the pharmacy's clock, soonest first", () => {
    const now = { date: '2026-11-23', time: '14:30:00' };
    const list = [
      sampleAppointment(1, { date: '2026-11-23', start_time: '14:10:00' }),
      sampleAppointment(2, { date: '2026-11-23', start_time: '14:30:00' }),
      sampleAppointment(3, { date: '2026-11-24', start_time: '11:00:00', appointment_type: 'Consultation' }),
      sampleAppointment(4, { date: '2026-11-23', start_time: '16:00:00', status: 'cancelled' }),
      sampleAppointment(5, { date: '2026-11-23', start_time: '17:00:00', appointment_type: 'Blocked' }),
      sampleAppointment(6, { date: '2026-11-30', start_time: '10:50:00', status: 'completed' }),
    ] as Appointment[];
    expect(upcomingItems(list, now).shown).toEqual([
      { id: 2, appointment_type: 'Vaccine', date: '2026-11-23', start_time: '14:30' },
      { id: 3, appointment_type: 'Consultation', date: '2026-11-24', start_time: '11:00' },
    ]);
  });

  it('Active Transfers counts transfers with status active', () => {
    const transfers: Transfer[] = [sampleTransfer(1), sampleTransfer(2, 'completed'), sampleTransfer(3, 'flagged'), sampleTransfer(4)];
    expect(activeTransfers(transfers).shown.map((t) => t.transfer_id).sort()).toEqual([1, 4]);
    expect(activeTransfers(transfers).count).toBe(2);
  });
});

describe('a widget draws its first rows only (the badge counts all)', () => {
  it('shows everything up to the limit, then the first WIDGET_ROWS in order and how many more', () => {
    const ascending = (a: number, b: number) => a - b;
    const few = Array.from({ length: WIDGET_ROWS }, (_, i) => i);
    expect(firstRows(few, ascending)).toEqual({ shown: few, count: WIDGET_ROWS, more: 0 });
    // Out of order, with repeats, as a list in memory is (new records are appended).
    const many = Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 50_000);
    const { shown, count, more } = firstRows(many, ascending);
    expect(shown).toEqual([...many].sort(ascending).slice(0, WIDGET_ROWS));
    expect(count).toBe(100_000);
    expect(more).toBe(100_000 - WIDGET_ROWS);
  });

  it('keeps equal items in their order (a stable sort\'s first rows)', () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ rank: i % 3, at: i }));
    const { shown } = firstRows(items, (a, b) => a.rank - b.rank);
    expect(shown.map((item) => item.at)).toEqual(Array.from({ length: WIDGET_ROWS }, (_, i) => i * 3));
  });

  it('meets most rows of a list cached oldest first with one comparison', () => {
    // A cached list is in key order, and keys grow with time: oldest first.
    const items = Array.from({ length: 10_000 }, (_, i) => i);
    let comparisons = 0;
    const newestFirst = (a: number, b: number) => {
      comparisons += 1;
      return b - a;
    };
    expect(firstRows(items, newestFirst).shown).toEqual(items.slice(-WIDGET_ROWS).reverse());
    expect(comparisons).toBeLessThan(2 * items.length);
  });

  it('draws the newest active transfers of a year, not the first ones cached', () => {
    const transfers = Array.from({ length: 5000 }, (_, i) => ({
      ...sampleTransfer(i + 1, i % 3 === 0 ? 'completed' : 'active'),
      created_at: new Date(Date.UTC(2026, 0, 1) + ((i * 37) % 5000) * 60_000).toISOString(),
    }));
    const rows = activeTransfers(transfers);
    const expected = transfers
      .filter((t) => t.status === 'active')
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.transfer_id - a.transfer_id)
      .slice(0, WIDGET_ROWS);
    expect(rows.shown).toEqual(expected);
    expect(rows.count).toBe(transfers.filter((t) => t.status === 'active').length);
  });
});
