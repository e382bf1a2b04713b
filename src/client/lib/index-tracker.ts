// The index of a list's newest snapshot for a screen (hooks/use-record-index.ts), built at once
// when that is little work and in slices (sliced.ts) when it is much.
import type { RowsChange } from '../offline/list-view';
import { indexSteps, type FilterableRecord, type RecordIndex } from './record-index';
import { runSliced, runToEnd, SLICE_MS, WAITED_SLICE_MS, type Steps } from './sliced';

/** Rows of work below which an index is built (or patched) in the render that needs it. */
const AT_ONCE = 4096;

/**
 * The index of a list's newest snapshot, built in slices (lib/sliced.ts) when that is much work:
 * a first sync publishes 5,000 rows at a time over 100,000, and building or patching the index in
 * the render made main-thread tasks of 50-160 ms. Meanwhile the last index built is shown. Each
 * snapshot's step (`changeOf`) is gathered as it comes, so the next build patches the index it
 * starts from, however many snapshots it lags behind.
 */
export class IndexTracker<T extends FilterableRecord> {
  private built: RecordIndex<T> | null = null;
  /** The newest rows offered. */
  private target: readonly T[] | undefined;
  /** Positions where `target` differs from the rows the next build starts from; null: build whole. */
  private touched: Set<number> | null = null;
  /** Stops the build under way in slices, if any. */
  private job: (() => void) | null = null;

  constructor(
    readonly list: string,
    readonly key: keyof T & string,
    /** How a snapshot differs from the one before it (list-view.ts `changeOf`). */
    private readonly stepOf: (rows: readonly T[]) => RowsChange | undefined,
    private readonly onBuilt: () => void,
  ) {}

  /** The index to show for `rows` now: theirs when it is little work or done, else the last one built. */
  current(rows: readonly T[] | undefined): RecordIndex<T> | null {
    if (!rows) {
      this.stop();
      this.target = undefined;
      this.built = null;
      return null;
    }
    this.offer(rows);
    if (this.built?.rows === rows) return this.built;
    const work = this.touched && this.built ? this.touched.size : rows.length;
    if (!this.job && work <= AT_ONCE) this.built = runToEnd(this.stepsFor(rows));
    return this.built;
  }

  /** Starts building the newest rows in slices, unless that is done or under way. */
  schedule(): void {
    const rows = this.target;
    if (!rows || this.job || this.built?.rows === rows) return;
    // Nothing shown yet: the person waits on this one, so it goes in longer slices.
    const sliceMs = this.built ? SLICE_MS : WAITED_SLICE_MS;
    this.job = runSliced(
      this.stepsFor(rows),
      (index) => {
        this.job = null;
        this.built = index;
        this.schedule();
        this.onBuilt();
      },
      sliceMs,
    );
  }

  /** Stops a build under way: the steps gathered since it began start from rows never built, so the next build is whole. */
  stop(): void {
    if (!this.job) return;
    this.job();
    this.job = null;
    this.touched = null;
  }

  /** Records the step from the rows offered before (or that it cannot be followed). */
  private offer(rows: readonly T[]): void {
    if (rows === this.target) return;
    const change = this.stepOf(rows);
    if (this.touched && this.target && change?.previous === this.target) change.touched.forEach((p) => this.touched!.add(p));
    else this.touched = null;
    this.target = rows;
  }

  /** The steps building `rows`' index from the one the gathered steps start from; steps from `rows` on are gathered anew. */
  private stepsFor(rows: readonly T[]): Steps<RecordIndex<T>> {
    const from = this.built;
    const patch = this.touched && from ? { from, touched: [...this.touched] } : undefined;
    this.touched = new Set();
    return indexSteps(rows, this.key, patch);
  }
}
