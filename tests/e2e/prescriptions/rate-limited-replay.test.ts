// A tablet back online replays its queue into the server's rate limit: the outbox waits as the
// 429s say and finishes on its own, and its token refresh is not starved by the API's allowance.
import { defineReplayTest } from './replay';

defineReplayTest({
  // The test spends the minute's allowance just before the device comes back: the replay must
  // wait out a 429 and go on by itself.
  total: 30,
  serverEnv: { RATE_LIMIT_PER_MINUTE: '60' },
  expectRateLimited: true,
  title: '30 changes replayed into a spent rate limit (60 a minute) all arrive, once each, in order',
});
