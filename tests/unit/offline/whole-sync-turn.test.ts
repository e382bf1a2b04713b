import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
// The database first: it installs the view middleware (db.ts and view-store.ts import each other).
import '../../../src/client/offline/db';
import { collectionViews } from '../../../src/client/offline/view-store';
import { wholeSyncTurn } from '../../../src/client/offline/whole-sync-turn';
import type { CollectionName } from '../../../src/shared/collections';

let unwatch: (() => void) | null = null;

afterEach(() => {
  unwatch?.();
  unwatch = null;
});

/** Asks for a turn and notes when it starts; returns the release once started. */
function ask(name: CollectionName, started: CollectionName[]): Promise<() => void> {
  return wholeSyncTurn(name).then((release) => {
    started.push(name);
    return release;
  });
}

describe('lists read whole take turns', () => {
  it('writes one list at a time, the one a screen shows first, then in list order', async () => {
    const started: CollectionName[] = [];
    const first = await ask('transfers', started);
    const waiting = [ask('users', started), ask('autofill', started), ask('inquiries', started)];
    // A screen opens the inquiries while the transfers are written: they go next.
    unwatch = collectionViews('inquiries').subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual(['transfers']);

    first();
    first(); // a second release of the same turn hands nothing on
    const inquiries = await waiting[2]!;
    expect(started).toEqual(['transfers', 'inquiries']);
    inquiries();
    const autofill = await waiting[1]!;
    expect(started).toEqual(['transfers', 'inquiries', 'autofill']);
    autofill();
    (await waiting[0]!)();
    expect(started).toEqual(['transfers', 'inquiries', 'autofill', 'users']);

    // Free again: the next one starts at once.
    (await ask('refills', started))();
    expect(started.at(-1)).toBe('refills');
  });

  it('puts the list opened last first, not one the bell has shown from the start', async () => {
    const started: CollectionName[] = [];
    const unwatchBell = collectionViews('transfers').subscribe(() => undefined);
    unwatch = collectionViews('refills').subscribe(() => undefined);
    const first = await ask('users', started);
    const waiting = [ask('transfers', started), ask('refills', started)];
    first();
    (await waiting[1]!)();
    (await waiting[0]!)();
    expect(started).toEqual(['users', 'refills', 'transfers']);
    unwatchBell();
  });
});
