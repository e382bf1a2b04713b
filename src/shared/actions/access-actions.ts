// Recording what happened only on a device (a view from the cache, a search…) in the access log:
// queued through the outbox like a change, so entries made offline arrive, exactly once.
import { AccessRecordBodySchema, AccessRecordResponseSchema } from '../access-log';
import { defineAction } from './define';

export const accessRecord = defineAction({
  name: 'access-record',
  method: 'POST',
  route: '/admin/access-log',
  params: undefined,
  body: AccessRecordBodySchema,
  answer: AccessRecordResponseSchema,
  label: () => 'Access log entry',
  queued: true,
});
