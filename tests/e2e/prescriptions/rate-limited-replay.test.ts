// A tablet back online replays its queue into the server's rate limit: the outbox waits as the
// 429s say and finishes on its own, and its token refresh is not starved by the API's allowance.
import { defineReplayTest } from './replay';

defineReplayTest({
  // More changes than one minute's allowance (with the sync's own requests, two windows): the
  // replay must wait out a 429 and go on by itself.
  total: 60,
  serverEnv: { RATE_LIMIT_PER_MINUTE: '60' },
  expectRateLimited: true,
  title: '60 changes replayed into a limit of 60 requests a minute all arrive, once each, in order',
});
