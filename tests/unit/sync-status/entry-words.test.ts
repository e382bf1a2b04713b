import { describe, expect, it } from 'vitest';
import { queuedWords } from '../../../src/client/features/sync-status/entry-words';
import { unsentMessages } from '../../../src/client/features/sync-status/sync-status.messages';
import { textsOf } from '../../../src/client/i18n/i18n';

const t = textsOf(unsentMessages);

describe('queuedWords', () => {
  it("says 'Today at' and the time for a change queued today on the device's clock", () => {
    const now = new Date(2026, 10, 24, 15, 30);
    const queued = new Date(2026, 10, 24, 9, 5);
    const time = queued.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(queuedWords(t, queued.getTime(), now)).toBe(`Today at ${time}`);
  });

  it('gives the locale date and the time for an earlier day', () => {
    const now = new Date(2026, 10, 24, 0, 10);
    const queued = new Date(2026, 10, 23, 23, 50);
    const time = queued.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
    expect(queuedWords(t, queued.getTime(), now)).toBe(`${queued.toLocaleDateString()} at ${time}`);
  });
});
