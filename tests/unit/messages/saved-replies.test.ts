// Saved replies (issue 19), the pure parts: placeholders filled from the inquiry, the limits, the
// search, the three actions' checks, and the list as a device shows it while its creates, edits
// and deletes wait in the outbox.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { savedReplyCreateCall, savedReplyDeleteCall, savedReplyEditCall } from '../../../src/shared/actions/calls';
import { anyAction } from '../../../src/shared/actions/registry';
import {
  blankSavedReply,
  fillPlaceholders,
  newSavedReplyId,
  savedReplyProblem,
  searchSavedReplies,
  SAVED_REPLY_MAX_ID,
  type SavedReply,
} from '../../../src/shared/saved-replies';
import { shownSavedReplies } from '../../../src/client/features/messages/saved-reply-list';
import { db } from '../../../src/client/offline/db';
import { enqueueAction, ChangeNotAllowedError, ChangeNotValidError } from '../../../src/client/offline/enqueue';
import { entriesByKey } from '../../../src/client/offline/overlay';
import { resetDevice } from '../offline/test-device';
import { cachedList } from '../../support/cached-list';

const values = { first_name: 'Ana', last_name: 'Lima', pharmacy_name: 'Trillium Street Pharmacy' };

describe('fillPlaceholders', () => {
  it('fills first name, last name and the pharmacy name, every time they appear', () => {
    expect(fillPlaceholders('Hello {first_name} {last_name},\n{pharmacy_name} — {first_name}', values)).toBe(
      'Hello Ana Lima,\nTrillium Street Pharmacy — Ana',
    );
  });

  it('sets a value in as written (no second pass, no replacement patterns) and leaves other braces alone', () => {
    expect(fillPlaceholders('{first_name} / {last_name} {unknown}', { ...values, first_name: "{last_name} $& $'" })).toBe(
      "{last_name} $& $' / Lima {unknown}",
    );
  });

  it('leaves out a missing name without doubled spaces or a space before punctuation', () => {
    expect(fillPlaceholders('Hello {first_name} {last_name}, thanks.', { ...values, last_name: null })).toBe('Hello Ana, thanks.');
    expect(fillPlaceholders('Hi {first_name}!\n\n  Indented line', { ...values, first_name: '  ' })).toBe('Hi!\n\n  Indented line');
    expect(fillPlaceholders('Plain text\n  kept', { ...values, first_name: null })).toBe('Plain text\n  kept');
  });
});

describe('limits, search and keys', () => {
  it('wants a title and a text, trimmed, within their lengths', () => {
    expect(savedReplyProblem({ title: ' Hours ', text: ' We open at 9. ' })).toBeNull();
    expect(savedReplyProblem({ title: '  ', text: 'x' })).toMatch(/^title must not be empty/);
    expect(savedReplyProblem({ title: 'x', text: '\n' })).toMatch(/^text must not be empty/);
    expect(savedReplyProblem({ title: 'x'.repeat(101), text: 'x' })).toMatch(/^title must be at most 100/);
    expect(savedReplyProblem({ title: '🙂'.repeat(100), text: 'x'.repeat(5000) })).toBeNull();
    expect(savedReplyProblem({ title: 'x', text: 'x'.repeat(5001) })).toMatch(/^text must be at most 5,000/);
  });

  it('finds every word typed in the title or the text, any case, in title order', () => {
    const replies: SavedReply[] = [
      { saved_reply_id: 1, title: 'Refill ready', text: 'Your refill is ready for pickup.' },
      { saved_reply_id: 2, title: 'hours', text: 'We open at 9.' },
      { saved_reply_id: 3, title: 'Parking', text: 'Parking is behind the store; pickup at the side door.' },
    ];
    expect(searchSavedReplies(replies, '').map((r) => r.title)).toEqual(['hours', 'Parking', 'Refill ready']);
    expect(searchSavedReplies(replies, 'PICKUP').map((r) => r.saved_reply_id)).toEqual([3, 1]);
    expect(searchSavedReplies(replies, 'pickup side').map((r) => r.saved_reply_id)).toEqual([3]);
  });

  it('draws keys from 1 to the largest integer key', () => {
    expect(newSavedReplyId(() => 0)).toBe(1);
    expect(newSavedReplyId(() => 0.999999999999)).toBeLessThanOrEqual(SAVED_REPLY_MAX_ID);
  });
});

describe('the actions on a saved reply', () => {
  const create = anyAction('saved-reply-create').record!;
  const edit = anyAction('saved-reply-edit').record!;
  const remove = anyAction('saved-reply-delete').record!;
  const hours: SavedReply = { saved_reply_id: 5, title: 'Hours', text: 'We open at 9.' };

  it('create: a change on a blank, a repeat with the same words, refused with others', () => {
    const call = savedReplyCreateCall(5, { title: ' Hours ', text: 'We open at 9. ' });
    expect(create.check(blankSavedReply(5), call.args).kind).toBe('change');
    expect(create.apply(blankSavedReply(5), call.args)).toEqual(hours);
    expect(create.check(hours, call.args).kind).toBe('noop');
    expect(create.check({ ...hours, text: 'Other' }, call.args).kind).toBe('forbidden');
  });

  it('edit: refused once gone; delete: a repeat once gone', () => {
    const call = savedReplyEditCall(5, { title: 'Hours', text: 'We open at 8.' });
    expect(edit.check(hours, call.args).kind).toBe('change');
    expect(edit.apply(hours, call.args)).toEqual({ ...hours, text: 'We open at 8.' });
    expect(edit.check(blankSavedReply(5), call.args)).toMatchObject({ kind: 'forbidden', code: 'not_found' });
    const del = savedReplyDeleteCall(5);
    expect(remove.check(hours, del.args).kind).toBe('change');
    expect(remove.check(remove.apply(hours, del.args), del.args).kind).toBe('noop');
  });
});

describe('the list as this device shows it', () => {
  beforeEach(async () => {
    await resetDevice('token-1');
  });

  async function shown(rows: SavedReply[]): Promise<SavedReply[]> {
    return shownSavedReplies(rows, entriesByKey(await db.outbox.toArray()));
  }

  it('shows a reply created offline at once, with its edits, and hides one deleted offline', async () => {
    const cached: SavedReply[] = [{ saved_reply_id: 7, title: 'Parking', text: 'Behind the store.' }];
    await cachedList('savedReplies').bulkPut(cached);
    await enqueueAction(savedReplyCreateCall(9, { title: 'Hours', text: 'We open at 9.' }), blankSavedReply(9));
    expect(await shown(cached)).toEqual([
      { saved_reply_id: 9, title: 'Hours', text: 'We open at 9.' },
      { saved_reply_id: 7, title: 'Parking', text: 'Behind the store.' },
    ]);
    await enqueueAction(savedReplyEditCall(9, { title: 'Hours', text: 'We open at 8.' }), blankSavedReply(9));
    await enqueueAction(savedReplyDeleteCall(7), blankSavedReply(7));
    // The view store lays the delete over the cached row; here the row is laid by hand.
    const parking = remove7(cached[0]!);
    expect(await shown([parking])).toEqual([{ saved_reply_id: 9, title: 'Hours', text: 'We open at 8.' }]);

    await enqueueAction(savedReplyDeleteCall(9), blankSavedReply(9));
    expect(await shown([parking])).toEqual([]);
    expect(await db.outbox.count()).toBe(4);
  });

  it('queues nothing the server would refuse: an empty title, an edit of a reply that is gone', async () => {
    await expect(enqueueAction(savedReplyCreateCall(3, { title: ' ', text: 'x' }), blankSavedReply(3))).rejects.toBeInstanceOf(ChangeNotValidError);
    await expect(enqueueAction(savedReplyEditCall(3, { title: 'x', text: 'x' }), blankSavedReply(3))).rejects.toBeInstanceOf(ChangeNotAllowedError);
    expect(await db.outbox.count()).toBe(0);
  });
});

function remove7(row: SavedReply): SavedReply {
  return anyAction('saved-reply-delete').record!.apply(row, savedReplyDeleteCall(7).args) as SavedReply;
}
