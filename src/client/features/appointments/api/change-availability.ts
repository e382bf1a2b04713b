// Blocking and unblocking availability: the server decides (it checks the range against every
// booking), so these go straight to it, never through the outbox. Offline, the page says so
// instead of offering them. After a change the cached appointment list catches up at once.
import { pathOf } from '../../../../shared/actions/define';
import { anyAction } from '../../../../shared/actions/registry';
import type { BlockRangeResponse, RangeBody, UnblockRangeResponse } from '../../../../shared/appointment-api';
import { textsOf } from '../../../i18n/i18n';
import { newIdempotencyKey } from '../../../offline/enqueue';
import { apiRequest, HttpError, NetworkError } from '../../../offline/http';
import { getToken } from '../../../offline/session';
import { syncCollection } from '../../../offline/sync-engine';
import { availabilityMessages } from '../availability.messages';

export type AvailabilityAction = 'block' | 'unblock';

/** Their entries in the registry: the route the server registers, and its method. */
const ACTIONS = { block: anyAction('availability-block'), unblock: anyAction('availability-unblock') } as const;

const TIMEOUT_MS = 30_000;

/** The server's words for a refusal (shown after the spec's failure text), or ours. */
export function availabilityErrorText(error: unknown): string {
  if (error instanceof NetworkError) return textsOf(availabilityMessages).unreachable;
  if (error instanceof HttpError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** How many slots were blocked or unblocked. Throws HttpError / NetworkError. */
export async function changeAvailability(action: AvailabilityAction, body: RangeBody): Promise<number> {
  const idempotencyKey = newIdempotencyKey();
  const send = async (forceRefresh: boolean) => {
    const session = await getToken(forceRefresh);
    if (!session) throw new Error(textsOf(availabilityMessages).signInAgain);
    const def = ACTIONS[action];
    return apiRequest<BlockRangeResponse | UnblockRangeResponse>(pathOf(def.route, {}), {
      method: def.method,
      body,
      token: session.token,
      idempotencyKey,
      timeoutMs: TIMEOUT_MS,
    });
  };
  let answer: BlockRangeResponse | UnblockRangeResponse;
  try {
    answer = await send(false);
  } catch (error) {
    // A token that expired a moment ago: one fresh try, with the same key.
    if (!(error instanceof HttpError && error.status === 401)) throw error;
    answer = await send(true);
  }
  syncCollection('appointments').catch(() => undefined);
  return 'blocked' in answer ? answer.blocked : answer.unblocked;
}
