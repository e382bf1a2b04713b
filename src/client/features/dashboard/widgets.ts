// The dashboard's strip and widgets (spec sections 2 and 9), computed from the device's cache so
// the dashboard works offline. The selections are the server's widget calls' (shared/inquiry-api).
import type { CollectionRecords } from '../../../shared/collections';
import type { Appointment, Inquiry, Transfer } from '../../../shared/entities';
import {
  WIDGET_SERVICE,
  type AppointmentWidgetItem,
  type PrescriptionWidgetItem,
} from '../../../shared/inquiry-api';
import type { WallClock } from '../../../shared/wall-clock';

export const DASHBOARD_TITLE = 'Admin Dashboard';
export const NEW_MESSAGES = 'New Messages';
export const PRESCRIPTION_REQUESTS = 'Prescription Requests';
export const UPCOMING = 'Upcoming';
export const ACTIVE_TRANSFERS = 'Active Transfers';

/**
 * Rows a widget (or the strip) draws: its count badge counts everything, but a year of a busy
 * pharmacy has tens of thousands of active requests, and drawing each one froze the dashboard.
 * The rest is one "more" row that opens the list.
 */
export const WIDGET_ROWS = 100;

export function firstRows<T>(items: readonly T[], limit = WIDGET_ROWS): { shown: readonly T[]; more: number } {
  return { shown: items.length > limit ? items.slice(0, limit) : items, more: Math.max(0, items.length - limit) };
}

const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  Date.parse(b.created_at) - Date.parse(a.created_at);

/** Unresolved inquiries (the badge of spec section 9 counts these), newest first. */
export function newMessages(inquiries: readonly Inquiry[]): Inquiry[] {
  return inquiries.filter((inquiry) => !inquiry.resolved).sort((a, b) => newestFirst(a, b) || b.message_id - a.message_id);
}

type RefillLists = Pick<CollectionRecords, 'refills' | 'autofill' | 'reminders'>;

/** 'Prescription Requests': the active requests of the three refill-type lists, newest first. */
export function prescriptionItems(lists: { [K in keyof RefillLists]: readonly RefillLists[K][] }): PrescriptionWidgetItem[] {
  const items: PrescriptionWidgetItem[] = [
    ...lists.refills.map((r) => ({ service: WIDGET_SERVICE.refills, rx_number: r.rx_number, status: r.status, type: r.type, created_at: r.created_at, collection: 'refills' as const, id: r.id })),
    ...lists.autofill.map((r) => ({ service: WIDGET_SERVICE.autofill, rx_number: r.rx_number, status: r.status, type: 'Autofill' as const, created_at: r.created_at, collection: 'autofill' as const, id: r.refillId })),
    ...lists.reminders.map((r) => ({ service: WIDGET_SERVICE.reminders, rx_number: r.rx_number, status: r.status, type: 'Refill Reminder' as const, created_at: r.created_at, collection: 'reminders' as const, id: r.id })),
  ];
  return items.filter((item) => item.status === 'active').sort((a, b) => newestFirst(a, b) || b.id - a.id);
}

/**
 * 'Upcoming': scheduled vaccine and consultation appointments starting now or later on the
 * pharmacy's clock, soonest first.
 */
export function upcomingItems(appointments: readonly Appointment[], now: WallClock): AppointmentWidgetItem[] {
  const from = `${now.date}T${now.time.slice(0, 5)}`;
  return appointments
    .filter((a) => a.status === 'scheduled' && a.appointment_type !== 'Blocked' && `${a.date}T${a.start_time.slice(0, 5)}` >= from)
    .sort((a, b) => `${a.date}T${a.start_time}`.localeCompare(`${b.date}T${b.start_time}`) || a.appointment_id - b.appointment_id)
    .map((a) => ({ id: a.appointment_id, appointment_type: a.appointment_type, date: a.date, start_time: a.start_time.slice(0, 5) }));
}

/** 'Active Transfers': transfers with status active, newest first. */
export function activeTransfers(transfers: readonly Transfer[]): Transfer[] {
  return transfers.filter((t) => t.status === 'active').sort((a, b) => newestFirst(a, b) || b.transfer_id - a.transfer_id);
}
