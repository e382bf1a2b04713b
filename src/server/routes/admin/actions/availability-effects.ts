// Blocking and unblocking availability (spec sections 4, 5 and 7). The body carries the UTC
// date and time parts of the selection; the slots are the pharmacy's wall-clock ones the range
// touches inside opening hours, every day of it. Blocking checks for a booked or blocked slot
// and inserts in one transaction under the write lock: of two overlapping blocks one wins.
import type { ActionArgs } from '../../../../shared/actions/define';
import { MAX_RANGE_DAYS, type BlockRangeResponse, type RangeBody, type UnblockRangeResponse } from '../../../../shared/appointment-api';
import { slotsOverlapping, type InstantRange, type Slot } from '../../../../shared/appointment-slots';
import { CALENDAR_END, CALENDAR_START } from '../../../../shared/constants';
import { utcInstant } from '../../../../shared/time';
import type { Sql } from '../../../db/client';
import { errorResult, type IdempotentResult } from '../../../plugins/app/idempotency';
import { deleteBlockedSlots, insertBlockedSlots, rangeIsTaken, recordAvailabilityEvent } from '../../../repositories/availability';
import type { ActionContext, ActionEffect } from './action-route';

/** Spec section 5, word for word: the app shows it after 'Failed to block availabilities.'. */
export const BLOCK_OVERLAP_MESSAGE =
  'Cannot block these availabilities as there is either a booked appointment or already a blocked time slot in this time range.';

const DAY_MS = 24 * 60 * 60 * 1000;
const hhmm = (time: string) => time.slice(0, 5);
const NO_SLOT_MESSAGE = `The range holds no appointment slot: slots run from ${hhmm(CALENDAR_START)} to ${hhmm(CALENDAR_END)}.`;

/** The range as instants and the slots it touches, or why it is not one (a 400's message). */
interface ParsedRange {
  range: InstantRange;
  slots: Slot[];
}

function rangeOf(args: ActionArgs, timeZone: string): ParsedRange | string {
  const body = args.body as RangeBody;
  const start = utcInstant(body.startDate, body.startTime);
  if (!start) return 'startDate is not a real date.';
  const end = utcInstant(body.endDate, body.endTime);
  if (!end) return 'endDate is not a real date.';
  if (end <= start) return 'The end of the range (endDate, endTime) must be after its start.';
  if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS) return `The range is longer than ${MAX_RANGE_DAYS} days.`;
  const range = { start, end };
  const slots = slotsOverlapping(range, timeZone);
  return slots.length === 0 ? NO_SLOT_MESSAGE : { range, slots };
}

type RangeChange = (tx: Sql, parsed: ParsedRange, context: ActionContext) => Promise<IdempotentResult>;

/** The 400s come before any key is claimed; the run works on the same range again. */
function rangeEffect(change: RangeChange): ActionEffect {
  return {
    prepare: (args, app) => {
      const parsed = rangeOf(args, app.config.timeZone);
      return typeof parsed === 'string' ? parsed : null;
    },
    run: (tx, args, context) => change(tx, rangeOf(args, context.app.config.timeZone) as ParsedRange, context),
  };
}

export const AVAILABILITY_EFFECTS = {
  'availability-block': rangeEffect(async (tx, { range, slots }, { app, actor }) => {
    if (await rangeIsTaken(tx, range, app.config.timeZone)) return errorResult(409, 'slot_taken', BLOCK_OVERLAP_MESSAGE);
    const blocked = await insertBlockedSlots(tx, slots);
    await recordAvailabilityEvent(tx, { action: 'block', range, slots: blocked, actor });
    const body: BlockRangeResponse = { blocked };
    return { status: 200, body };
  }),
  'availability-unblock': rangeEffect(async (tx, { range, slots }, { actor }) => {
    const unblocked = await deleteBlockedSlots(tx, slots);
    if (unblocked > 0) await recordAvailabilityEvent(tx, { action: 'unblock', range, slots: unblocked, actor });
    const body: UnblockRangeResponse = { unblocked };
    return { status: 200, body };
  }),
} satisfies Record<string, ActionEffect>;
