import { describe, expect, it } from 'vitest';
import { IndexTracker } from '../../../src/client/lib/index-tracker';
import { buildIndex, type RecordIndex } from '../../../src/client/lib/record-index';
import type { RowsChange } from '../../../src/client/offline/list-view';

interface Row {
  id: number;
  created_at: string;
}

const row = (id: number, day: number): Row => ({ id, created_at: new Date(Date.UTC(2026, 0, 1 + (day % 300))).toISOString() });

/** Snapshots as the list view publishes them: each names the one before it and the positions it changed. */
function snapshots() {
  const steps = new WeakMap<readonly Row[], RowsChange>();
  return {
    stepOf: (rows: readonly Row[]) => steps.get(rows),
    /** `previous` with rows changed at `positions` and `added` appended. */
    next(previous: readonly Row[], positions: number[], added: number, seed: number): Row[] {
      const rows = previous.slice();
      for (const position of positions) rows[position] = row(rows[position]!.id, seed + position);
      const touched = [...positions];
      for (let i = 0; i < added; i += 1) {
        touched.push(rows.length);
        rows.push(row(1_000_000 + seed * 10_000 + i, seed + i));
      }
      steps.set(rows, { previous, touched });
      return rows;
    },
  };
}

function tracker(stepOf: (rows: readonly Row[]) => RowsChange | undefined) {
  const waiting: (() => void)[] = [];
  const index = new IndexTracker<Row>('transfers', 'id', stepOf, () => waiting.splice(0).forEach((resolve) => resolve()));
  return {
    index,
    /** Schedules and waits for builds in slices until the index shown is that of `rows`. */
    async settle(rows: readonly Row[]): Promise<RecordIndex<Row>> {
      while (index.current(rows)?.rows !== rows) {
        const built = new Promise<void>((resolve) => waiting.push(resolve));
        index.schedule();
        await built;
      }
      return index.current(rows)!;
    },
  };
}

/** A tracker showing the index of 30,000 rows, built in slices. */
async function trackerOfLargeList(stepOf: (rows: readonly Row[]) => RowsChange | undefined) {
  const first = Array.from({ length: 30_000 }, (_, i) => row(i + 1, i * 13));
  const t = tracker(stepOf);
  await t.settle(first);
  return { t, first };
}

const sameOrder = (index: RecordIndex<Row> | null, rows: readonly Row[]) => {
  expect(index?.rows).toBe(rows);
  expect([...index!.order]).toEqual([...buildIndex(rows, 'id').order]);
};

describe('the index a screen shows (issue 22: large builds in slices)', () => {
  it('builds a small list in the render, a large one in slices and shows nothing of it meanwhile', async () => {
    const { stepOf } = snapshots();
    const small = Array.from({ length: 500 }, (_, i) => row(i + 1, i * 7));
    sameOrder(tracker(stepOf).index.current(small), small);

    const large = Array.from({ length: 30_000 }, (_, i) => row(i + 1, i * 13));
    const u = tracker(stepOf);
    expect(u.index.current(large)).toBeNull();
    sameOrder(await u.settle(large), large);
  });

  it('shows the last index built while it lags, then patches through every step it missed', async () => {
    const { stepOf, next } = snapshots();
    const { t, first } = await trackerOfLargeList(stepOf);
    // Snapshots of thousands of changed rows offered while the builds in slices run.
    const second = next(first, Array.from({ length: 5000 }, (_, i) => i * 3), 2000, 17);
    expect(t.index.current(second)?.rows).toBe(first);
    t.index.schedule();
    const third = next(second, Array.from({ length: 5000 }, (_, i) => i * 5 + 1), 2000, 29);
    expect(t.index.current(third)?.rows).toBe(first);
    t.index.schedule();
    const fourth = next(third, [7, 8, 9], 0, 31);
    sameOrder(await t.settle(fourth), fourth);
    // A step it cannot follow (not from the rows offered before) is built whole, and right.
    const other = next(first, [1, 2, 3], 5000, 41);
    expect(t.index.current(other)?.rows).toBe(fourth);
    sameOrder(await t.settle(other), other);
  });

  it('a build stopped half way leaves the next one whole and right', async () => {
    const { stepOf, next } = snapshots();
    const { t, first } = await trackerOfLargeList(stepOf);
    const second = next(first, Array.from({ length: 6000 }, (_, i) => i * 4), 0, 11);
    t.index.current(second);
    t.index.schedule();
    t.index.stop();
    const third = next(second, [5, 6], 0, 13);
    sameOrder(await t.settle(third), third);
  });
});
