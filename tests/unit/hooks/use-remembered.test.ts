// What a screen's person set up (searches, scroll) outlives the screen, for that person only
// (issue 18: the idle lock takes the screens down; a colleague must not see the last searches).
import { describe, expect, it } from 'vitest';
import { rememberedNumber } from '../../../src/client/hooks/use-remembered';
import { sessionState } from '../../../src/client/offline/session-state';

const person = (uid: string) => ({ uid, email: `${uid}@pharmacy.test` });

describe('remembered screen state', () => {
  it('stays through the lock, and is forgotten when another person or nobody is admitted', () => {
    sessionState.set({ status: 'verified', person: person('a') });
    rememberedNumber.set('scroll:transfers', 480);
    sessionState.set({ status: 'locked', person: person('a') });
    sessionState.set({ status: 'verified', person: person('a') });
    expect(rememberedNumber.get('scroll:transfers')).toBe(480);

    sessionState.set({ status: 'verified', person: person('b') });
    expect(rememberedNumber.get('scroll:transfers')).toBeUndefined();

    rememberedNumber.set('scroll:transfers', 120);
    sessionState.set({ status: 'denied', reason: 'signed-out' });
    expect(rememberedNumber.get('scroll:transfers')).toBeUndefined();
  });
});
