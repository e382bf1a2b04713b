// How the UI runs a staff action (src/shared/actions/registry.ts): queued on the device, checked
// against the record as the person sees it, sent by the outbox when it can. `waitForOutboxResult`
// tells when the server has answered, whichever tab or the service worker sent it.
import type { ActionCall } from '../../shared/actions/registry';
import { enqueueAction } from './enqueue';
import type { OutboxEntry } from './outbox-entry';
import { afterEnqueue } from './outbox-triggers';

export { ChangeNotAllowedError, ChangeNotValidError } from './enqueue';
export { waitForOutboxResult } from './outbox-results';

/** Queues `call` (on `shown`, the record as the screen shows it) and sets the outbox going. */
export async function queueAction(call: ActionCall, shown?: object): Promise<OutboxEntry> {
  const entry = await enqueueAction(call, shown);
  afterEnqueue();
  return entry;
}
