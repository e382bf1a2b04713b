// The dashboard's strip and widgets (spec sections 2 and 9), computed from the device's cache so
// the dashboard works offline. The selections are the server's widget calls' (shared/inquiry-api).
import type { CollectionRecords } from '../../../shared/collections';
import type { Appointment, Inquiry, Transfer } from '../../../shared/entities';
import {
  isActive,
  WIDGET_SERVICE,
  type AppointmentWidgetItem,
  type PrescriptionWidgetItem,
} from '../../../shared/inquiry-api';
import type { WallClock } from '../../../shared/time';

/**
 * Rows a widget (or the strip) draws: its count badge counts everything, but a year of a busy
 * pharmacy has tens of thousands of active requests, and drawing each one froze the dashboard.
 * The rest is one "more" row that opens the list.
 */
export const WIDGET_ROWS = 100;

export interface WidgetRows<T> {
  /** The first rows in the widget's order, at most WIDGET_ROWS. */
  shown: readonly T[];
  /** How many the widget lists in all. */
  count: number;
  /** How many it does not draw. */
  more: number;
}

/**
 * The first `limit` of `items` in `order`, in one pass that keeps the best `limit` (binary
 * insertion; equal items keep their order). The dashboard computes its widgets again whenever a
 * list changes, and a year of requests is not sorted whole to draw 100 of them. The pass runs
 * from the end: a cached list is in key order, oldest first, so walked forwards every row would
 * beat the kept ones and be inserted; walked backwards most fail the first comparison.
 */
export function firstRows<T>(items: readonly T[], order: (a: T, b: T) => number, limit = WIDGET_ROWS): WidgetRows<T> {
  const best: T[] = [];
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index]!;
    // An item met later comes earlier in `items`: it goes before the kept items equal to it.
    if (best.length === limit && order(item, best[limit - 1]!) > 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (order(item, best[middle]!) <= 0) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, item);
    if (best.length > limit) best.pop();
  }
  return { shown: best, count: items.length, more: Math.max(0, items.length - limit) };
}

/** `YYYY-MM-DDTHH:mm:ss.sssZ`, as the server sends every instant: its text order is its time order. */
const canonical = (instant: string) => instant.length === 24 && instant[10] === 'T' && instant[23] === 'Z';

/**
 * Later instant first. The server's instants compare as text: parsing two dates in each comparison
 * took 19 of the 21 ms the dashboard spent on 100,000 transfers after every change.
 */
function laterFirst(a: string, b: string): number {
  if (a === b) return 0;
  if (canonical(a) && canonical(b)) return a < b ? 1 : -1;
  return Date.parse(b) - Date.parse(a);
}

/** Newest `created_at` first, then highest key first. */
function newestFirst<T extends { created_at: string }>(keyOf: (item: T) => number): (a: T, b: T) => number {
  return (a, b) => laterFirst(a.created_at, b.created_at) || keyOf(b) - keyOf(a);
}

/** Unresolved inquiries (the badge of spec section 9 counts these), newest first. */
export function newMessages(inquiries: readonly Inquiry[]): WidgetRows<Inquiry> {
  return firstRows(
    inquiries.filter((inquiry) => !inquiry.resolved),
    newestFirst((inquiry) => inquiry.message_id),
  );
}

type RefillLists = Pick<CollectionRecords, 'refills' | 'autofill' | 'reminders'>;

/** 'Prescription Requests': the active requests of the three refill-type lists, newest first. */
export function prescriptionItems(lists: { [K in keyof RefillLists]: readonly RefillLists[K][] }): WidgetRows<PrescriptionWidgetItem> {
  const items: PrescriptionWidgetItem[] = [
    ...lists.refills.filter(isActive).map((r) => ({ service: WIDGET_SERVICE.refills, rx_number: r.rx_number, status: r.status, type: r.type, created_at: r.created_at, collection: 'refills' as const, id: r.id })),
    ...lists.autofill.filter(isActive).map((r) => ({ service: WIDGET_SERVICE.autofill, rx_number: r.rx_number, status: r.status, type: 'Autofill' as const, created_at: r.created_at, collection: 'autofill' as const, id: r.refillId })),
    ...lists.reminders.filter(isActive).map((r) => ({ service: WIDGET_SERVICE.reminders, rx_number: r.rx_number, status: r.status, type: 'Refill Reminder' as const, created_at: r.created_at, collection: 'reminders' as const, id: r.id })),
  ];
  return firstRows(
    items,
    newestFirst((item) => item.id),
  );
}

/**
 * 'Upcoming': scheduled vaccine and consultation appointments starting now or later on the
 * pharmacy's clock, soonest first.
 */
export function upcomingItems(appointments: readonly Appointment[], now: WallClock): WidgetRows<AppointmentWidgetItem> {
  const from = `${now.date}T${now.time.slice(0, 5)}`;
  // Dates and times are fixed-width digits: their text order is their time order.
  const soonest = (a: Appointment, b: Appointment) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.start_time !== b.start_time ? (a.start_time < b.start_time ? -1 : 1) : a.appointment_id - b.appointment_id;
  const rows = firstRows(
    appointments.filter((a) => a.status === 'scheduled' && a.appointment_type !== 'Blocked' && `${a.date}T${a.start_time.slice(0, 5)}` >= from),
    soonest,
  );
  return {
    ...rows,
    shown: rows.shown.map((a) => ({ id: a.appointment_id, appointment_type: a.appointment_type, date: a.date, start_time: a.start_time.slice(0, 5) })),
  };
}

/** 'Active Transfers': transfers with status active, newest first. */
export function activeTransfers(transfers: readonly Transfer[]): WidgetRows<Transfer> {
  return firstRows(
    transfers.filter(isActive),
    newestFirst((transfer) => transfer.transfer_id),
  );
}
