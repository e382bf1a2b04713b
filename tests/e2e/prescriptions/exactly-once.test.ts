// 1,000 mixed changes (transfer actions and refill status changes) queued offline survive a
// reload and reach the server exactly once each, in order per record; the outbox ends empty.
import { defineReplayTest } from './replay';

const total = Number(process.env.E2E_OUTBOX_CHANGES ?? 1000);

defineReplayTest({ total, title: `${total} changes queued offline reach the server once each, in order per record` });
