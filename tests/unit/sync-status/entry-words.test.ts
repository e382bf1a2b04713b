import { describe, expect, it } from 'vitest';
import { ownerWords, queuedWords, recordWords } from '../../../src/client/features/sync-status/entry-words';
import { recordNameMessages } from '../../../src/client/lib/record-names.messages';
import { unsentMessages } from '../../../src/client/features/sync-status/sync-status.messages';
import { textsOf } from '../../../src/client/i18n/i18n';

const t = textsOf(unsentMessages);
const names = textsOf(recordNameMessages);

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

describe('ownerWords', () => {
  it("names a colleague's changes by their staff name, else their email (issue 19)", () => {
    expect(ownerWords(t, { uid: 'u1', email: 'priya@pharmacy.test', name: 'Priya Shah' })).toBe('Priya Shah');
    // An account with no name, and an entry queued before names existed.
    expect(ownerWords(t, { uid: 'u1', email: 'priya@pharmacy.test', name: null })).toBe('priya@pharmacy.test');
    expect(ownerWords(t, { uid: 'u1', email: 'priya@pharmacy.test' })).toBe('priya@pharmacy.test');
    expect(ownerWords(t, { uid: 'u1', email: null })).toBe(t.colleague);
    expect(ownerWords(t, null)).toBe(t.colleague);
  });
});

describe('recordWords', () => {
  it('names a record by its list and key, a saved reply by its title (its key is a random number)', () => {
    expect(recordWords(t, names, { collection: 'transfers', recordKey: 12, args: { params: { transfer_id: '12' }, body: undefined } })).toBe('Transfer #12');
    const body = { saved_reply_id: 1482937465, title: ' Parking ', text: 'Behind the store.' };
    expect(recordWords(t, names, { collection: 'savedReplies', recordKey: 1482937465, args: { params: {}, body } })).toBe('Saved reply “Parking”');
    // A delete carries no title.
    expect(recordWords(t, names, { collection: 'savedReplies', recordKey: 7, args: { params: { saved_reply_id: '7' }, body: undefined } })).toBe('Saved reply #7');
    expect(recordWords(t, names, { collection: null, recordKey: null, args: { params: {}, body: undefined } })).toBe(t.accessLog);
  });
});
