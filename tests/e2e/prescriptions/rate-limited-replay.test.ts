// A tablet back online replays its queue into the server's rate limit: the outbox waits as the
// 429s say and finishes on its own, and its token refresh is not starved by the API's allowance.
// The window is 5 s (RATE_LIMIT_WINDOW), so waiting out a 429 takes seconds, not a minute.
import { defineReplayTest } from './replay';

defineReplayTest({
  // The test spends the window's allowance just before the device comes back: the replay must
  // wait out a 429 and go on by itself.
  total: 30,
  rateLimit: { requests: 40, windowSeconds: 5 },
  title: '30 changes replayed into a spent rate limit (40 per 5 s) all arrive, once each, in order',
});
