// Blocking and unblocking availability (spec sections 4, 5 and 7). The body carries the UTC
// date and time parts of the selection; the slots are the pharmacy's wall-clock ones the range
// touches inside opening hours, every day of it. Blocking checks for a booked or blocked slot
// and inserts in one transaction under the write lock: of two overlapping blocks one wins.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BlockRangeResponseSchema,
  MAX_RANGE_DAYS,
  RangeBodySchema,
  UnblockRangeResponseSchema,
  type BlockRangeResponse,
  type RangeBody,
  type UnblockRangeResponse,
} from '../../../../shared/appointment-api';
import { slotsOverlapping, type InstantRange, type Slot } from '../../../../shared/appointment-slots';
import { CALENDAR_END, CALENDAR_START } from '../../../../shared/constants';
import type { Sql } from '../../../db/client';
import { errorResult, runIdempotent, type IdempotentResult } from '../../../plugins/app/idempotency';
import {
  deleteBlockedSlots,
  insertBlockedSlots,
  rangeIsTaken,
  recordAvailabilityEvent,
} from '../../../repositories/availability';
import { adminPath, badRequest } from '../prescriptions/params';
import { actorOf } from '../prescriptions/status';

/** Spec section 5, word for word: the app shows it after 'Failed to block availabilities.'. */
export const BLOCK_OVERLAP_MESSAGE =
  'Cannot block these availabilities as there is either a booked appointment or already a blocked time slot in this time range.';

const DAY_MS = 24 * 60 * 60 * 1000;
const hhmm = (time: string) => time.slice(0, 5);
const NO_SLOT_MESSAGE = `The range holds no appointment slot: slots run from ${hhmm(CALENDAR_START)} to ${hhmm(CALENDAR_END)}.`;

/** A date and time the schema accepted, as an instant; null when the date does not exist. */
function utcInstant(date: string, time: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = '0'] = time.replace(/Z$/, '').split(':');
  const instant = new Date(Date.UTC(y, m - 1, d, Number(hh), Number(mm)) + Math.round(Number(ss) * 1000));
  const real = instant.getUTCFullYear() === y && instant.getUTCMonth() === m - 1 && instant.getUTCDate() === d;
  return real ? instant : null;
}

/** The range as instants, or why it is not one (a 400's message). */
function parseRange(body: RangeBody): InstantRange | string {
  const start = utcInstant(body.startDate, body.startTime);
  if (!start) return 'startDate is not a real date.';
  const end = utcInstant(body.endDate, body.endTime);
  if (!end) return 'endDate is not a real date.';
  if (end <= start) return 'The end of the range (endDate, endTime) must be after its start.';
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS) return `The range is longer than ${MAX_RANGE_DAYS} days.`;
  return { start, end };
}

type RangeChange = (tx: Sql, range: InstantRange, slots: Slot[], request: FastifyRequest) => Promise<IdempotentResult>;

/** Validates the range and finds its slots (400s before any key is claimed), then runs `change`. */
function rangeHandler(timeZone: string, change: RangeChange) {
  return async (request: FastifyRequest<{ Body: RangeBody }>, reply: FastifyReply) => {
    const range = parseRange(request.body);
    if (typeof range === 'string') return badRequest(reply, range);
    const slots = slotsOverlapping(range, timeZone);
    if (slots.length === 0) return badRequest(reply, NO_SLOT_MESSAGE);
    return runIdempotent(request, reply, (tx) => change(tx, range, slots, request));
  };
}

export const availabilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { timeZone } = app.config;

  app.post(
    adminPath('/admin/appointments/block-range'),
    { schema: { body: RangeBodySchema, response: { 200: BlockRangeResponseSchema } } },
    rangeHandler(timeZone, async (tx, range, slots, request) => {
      if (await rangeIsTaken(tx, range, timeZone)) return errorResult(409, 'slot_taken', BLOCK_OVERLAP_MESSAGE);
      const blocked = await insertBlockedSlots(tx, slots);
      await recordAvailabilityEvent(tx, { action: 'block', range, slots: blocked, actor: actorOf(request) });
      const body: BlockRangeResponse = { blocked };
      return { status: 200, body };
    }),
  );

  app.post(
    adminPath('/admin/appointments/unblock-range'),
    { schema: { body: RangeBodySchema, response: { 200: UnblockRangeResponseSchema } } },
    rangeHandler(timeZone, async (tx, range, slots, request) => {
      const unblocked = await deleteBlockedSlots(tx, slots);
      if (unblocked > 0) {
        await recordAvailabilityEvent(tx, { action: 'unblock', range, slots: unblocked, actor: actorOf(request) });
      }
      const body: UnblockRangeResponse = { unblocked };
      return { status: 200, body };
    }),
  );
};
