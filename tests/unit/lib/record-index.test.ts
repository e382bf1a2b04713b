import { describe, expect, it } from 'vitest';
import { buildIndex, filterIndex, indexSteps } from '../../../src/client/lib/record-index';
import { runSliced, type Steps } from '../../../src/client/lib/sliced';

interface Row {
  id: number;
  created_at: string;
  name: string;
}

function row(id: number, day: number, name: string): Row {
  return { id, created_at: new Date(Date.UTC(2026, 0, 1 + day)).toISOString(), name };
}

/** A tiny deterministic random source, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('record index patched by the change', () => {
  it('ends exactly where a fresh build of the same rows ends, through random puts, appends and deletes', () => {
    const next = random(42);
    let rows: Row[] = Array.from({ length: 500 }, (_, i) => row(i + 1, Math.floor(next() * 40), `Name${i % 37}`));
    let index = buildIndex(rows, 'id');
    index.haystack('name');
    let nextId = 501;
    for (let round = 0; round < 60; round++) {
      const updated = rows.slice();
      const touched = new Set<number>();
      for (let k = 0; k < 1 + Math.floor(next() * 20); k++) {
        const what = next();
        if (what < 0.4 && updated.length > 0) {
          const position = Math.floor(next() * updated.length);
          updated[position] = row(updated[position]!.id, Math.floor(next() * 40), `Renamed${Math.floor(next() * 9)}`);
          touched.add(position);
        } else if (what < 0.7) {
          touched.add(updated.length);
          updated.push(row(nextId++, Math.floor(next() * 40), `New${round}`));
        } else if (updated.length > 1) {
          // As view-store deletes: the last row moves into the hole.
          const position = Math.floor(next() * updated.length);
          const last = updated.pop()!;
          touched.delete(updated.length);
          if (position < updated.length) {
            updated[position] = last;
            touched.add(position);
          }
        }
      }
      const patched = buildIndex(updated, 'id', { from: index, touched: [...touched] });
      const fresh = buildIndex(updated, 'id');
      expect([...patched.order]).toEqual([...fresh.order]);
      expect(patched.haystack('name')).toEqual(fresh.haystack('name'));
      for (const query of ['renamed', 'new', 'name3']) {
        expect([...filterIndex(patched, { field: 'name', query })]).toEqual([...filterIndex(fresh, { field: 'name', query })]);
      }
      expect(patched.positionOf(updated[0]!.id)).toBe(0);
      rows = updated;
      index = patched;
    }
    expect(nextId).toBeGreaterThan(550);
  });

  it('narrows the hits of a shorter query to the same result as a whole scan', () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(i, i % 30, `Patient ${i}`));
    const index = buildIndex(rows, 'id');
    const first = filterIndex(index, { field: 'name', query: 'nt 1' });
    const narrowed = filterIndex(index, { field: 'name', query: 'nt 12' }, first);
    expect([...narrowed]).toEqual([...filterIndex(index, { field: 'name', query: 'nt 12' })]);
    expect(narrowed.length).toBeGreaterThan(0);
  });

  it('sorts and patches lists of many steps (runs merged) as a plain sort does', () => {
    const next = random(7);
    const rows: Row[] = Array.from({ length: 11_000 }, (_, i) => row(i + 1, Math.floor(next() * 400), `N${i}`));
    const plain = (list: readonly Row[]) =>
      list
        .map((_, position) => position)
        .sort((a, b) => Date.parse(list[b]!.created_at) - Date.parse(list[a]!.created_at) || list[b]!.id - list[a]!.id);
    const index = buildIndex(rows, 'id');
    expect([...index.order]).toEqual(plain(rows));
    // 5,000 rows changed and 3,000 appended: the touched rows are sorted in runs and merged too.
    const updated = rows.slice();
    const touched: number[] = [];
    for (let position = 0; position < 5000; position += 1) {
      updated[position * 2] = row(rows[position * 2]!.id, Math.floor(next() * 400), 'changed');
      touched.push(position * 2);
    }
    for (let i = 0; i < 3000; i += 1) {
      touched.push(updated.length);
      updated.push(row(20_000 + i, Math.floor(next() * 400), 'new'));
    }
    expect([...buildIndex(updated, 'id', { from: index, touched }).order]).toEqual(plain(updated));
  });

  it('builds in slices, each a task of its own, to the same index; a stopped build tells nothing', async () => {
    const next = random(3);
    const rows: Row[] = Array.from({ length: 60_000 }, (_, i) => row(i + 1, Math.floor(next() * 400), `N${i}`));
    // The tasks the steps ran in: a microtask queued in a task runs when that task ends, before the
    // next (counting timers between the slices instead failed under load: Node hands a port's
    // messages over one after another before its timers).
    let tasks = 0;
    let taskOpen = false;
    function* counted<T>(steps: Steps<T>): Steps<T> {
      for (;;) {
        if (!taskOpen) {
          taskOpen = true;
          queueMicrotask(() => {
            taskOpen = false;
            tasks += 1;
          });
        }
        const next = steps.next();
        if (next.done) return next.value;
        yield;
      }
    }
    const sliced = await new Promise<ReturnType<typeof buildIndex<Row>>>((resolve) => runSliced(counted(indexSteps(rows, 'id')), resolve, 1));
    expect([...sliced.order]).toEqual([...buildIndex(rows, 'id').order]);
    // Several tasks, each a slice (between them a browser paints and answers keys).
    expect(tasks).toBeGreaterThan(1);
    let told = false;
    const stop = runSliced(indexSteps(rows, 'id'), () => (told = true));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toBe(false);
  });
});
