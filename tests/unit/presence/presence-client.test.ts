// The device's side of presence (src/client/offline/presence.ts), with fetch answered here: one
// POST per change of state and none while the device has no stream; a second tab (a second copy
// of the module, over the same BroadcastChannel) is told what the streaming tab hears and says
// its own state once it knows the stream is up.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { PresenceEntry, PresenceState } from '../../../src/shared/presence';

type Presence = typeof import('../../../src/client/offline/presence');
type Stream = typeof import('../../../src/client/offline/change-stream');
type Session = typeof import('../../../src/client/offline/session');

const said: PresenceState[] = [];

async function loadTab(): Promise<{ presence: Presence; stream: Stream }> {
  vi.resetModules();
  const session = (await import('../../../src/client/offline/session')) as Session;
  session.setTokenSource(async () => ({ uid: 'priya', token: 'token' }));
  const presence = (await import('../../../src/client/offline/presence')) as Presence;
  const stream = (await import('../../../src/client/offline/change-stream')) as Stream;
  presence.startPresence();
  return { presence, stream };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(() => {
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      said.push(JSON.parse(String(init.body)) as PresenceState);
      return new Response(null, { status: 204 });
    }),
  );
});

afterAll(() => {
  vi.unstubAllGlobals();
});

it('says a change of state once, and nothing while the device has no stream', async () => {
  const { presence, stream } = await loadTab();
  stream.changeStreamState.set('connecting');
  const claim = presence.claimPresence('inquiries', '12');
  await settle();
  expect(said).toEqual([]);

  stream.changeStreamState.set('live');
  await settle();
  expect(said.map(({ list, id, typing }) => [list, id, typing])).toEqual([['inquiries', '12', false]]);

  // Typing: said when it starts and when it stops, not per key.
  for (const typing of [true, true, true, false, false]) {
    claim.setTyping(typing);
    await settle();
  }
  claim.release();
  await settle();
  expect(said.slice(1).map(({ list, typing }) => [list, typing])).toEqual([
    ['inquiries', true],
    ['inquiries', false],
    [null, false],
  ]);
  said.length = 0;
});

it("a second tab is told what the streaming tab hears, and says its own state once it knows the stream is up", async () => {
  const first = await loadTab();
  first.stream.changeStreamState.set('live');
  await settle();
  const second = await loadTab();
  second.stream.changeStreamState.set('standby');
  const claim = second.presence.claimPresence('transfers', '7');
  await settle();
  expect(said).toEqual([]);

  const omar: PresenceEntry = { device: 'tablet', tab: 't', uid: 'omar', name: 'Omar Haddad', list: 'transfers', id: '7', typing: false };
  first.presence.receivePresence({ all: [omar] });
  await settle();
  expect([...second.presence.presenceEntries.get().values()]).toEqual([omar]);
  expect(said.map(({ list, id }) => [list, id])).toEqual([['transfers', '7']]);

  // The stream drops: the other tab forgets what it was told.
  first.stream.changeStreamState.set('waiting');
  await settle();
  expect(second.presence.presenceEntries.get().size).toBe(0);
  claim.release();
});
