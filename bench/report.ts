// How every part of `npm run bench` prints a figure beside its baseline (issue 17 item 9): these
// machines' absolute speed differs up to threefold between hosts and hours, so each figure is
// printed with a baseline measured in the same run, on the same machine, and their ratio; and each
// part says how loaded the machine was when it started and when it ended.
import { cpus, loadavg } from 'node:os';

/** The machine's load when a part (or a phase of one) started, and when `end()` was called. */
export interface PartLoad {
  /** Notes the load now as the end (else the end is when `words()` is called). */
  end(): PartLoad;
  words(): string;
}

function loadWords(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join('/');
}

export function partLoad(): PartLoad {
  const start = loadWords();
  let end: string | null = null;
  const load: PartLoad = {
    end: () => {
      end = loadWords();
      return load;
    },
    words: () => `load average (1/5/15 min) ${start} at start, ${end ?? loadWords()} at end; ${cpus().length} cores`,
  };
  return load;
}

export type Unit = 's' | 'ms' | 'req/s';

/** The number as printed in `unit`, without the unit. */
function formatNumber(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return String(value);
  if (unit === 's') return (value / 1000).toFixed(2);
  if (unit === 'ms') return value.toFixed(value >= 100 ? 0 : 1);
  return value.toFixed(0);
}

export function formatValue(value: number, unit: Unit): string {
  return `${formatNumber(value, unit)} ${unit}`;
}

/** The middle value (the lower of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** A figure's runs, in milliseconds (unit 's' or 'ms') or requests per second. */
export interface Series {
  /** What the figure's ratio columns call it. */
  key: string;
  label: string;
  values: number[];
  unit: Unit;
  /** Keys of the rows (above or below) this one is divided by. */
  vs?: string[];
}

/**
 * A figure's cost over a baseline's: time over time, or the baseline's requests per second over
 * the figure's; 2× always means "twice the machine's own limit". Runs taken side by side (the same
 * count, run i of each in the same round) also give the ratio of each round, whose spread says
 * how much of it the machine's noise explains.
 */
export function ratio(figure: Series, baseline: Series): string {
  const of = (f: number, b: number) => (figure.unit === 'req/s' ? b / f : f / b);
  const ratioWords = (value: number) => value.toFixed(value >= 10 ? 0 : value >= 1 ? 1 : 2);
  const main = `${ratioWords(of(median(figure.values), median(baseline.values)))}×`;
  if (figure.values.length !== baseline.values.length || figure.values.length < 2) return main;
  const paired = figure.values.map((value, i) => of(value, baseline.values[i]!));
  return `${main} (${ratioWords(Math.min(...paired))}–${ratioWords(Math.max(...paired))})`;
}

/**
 * Prints `rows` as a compact table: median, min–max and run count of each, then its ratio to each
 * baseline row it names. `heading` says what was measured; `load` how loaded the machine was.
 */
export function printTable(heading: string, load: PartLoad, rows: Series[]): void {
  const cells = rows.map((row) => {
    const sorted = [...row.values].sort((a, b) => a - b);
    const ratios = (row.vs ?? []).map((key) => {
      const base = rows.find((r) => r.key === key);
      if (!base) throw new Error(`bench: no baseline row ${key} for ${row.label}`);
      return `${key} ${ratio(row, base)}`;
    });
    return [
      `${row.key.padEnd(5)} ${row.label}`,
      formatValue(median(row.values), row.unit),
      `${formatNumber(sorted[0]!, row.unit)}–${formatValue(sorted.at(-1)!, row.unit)}`,
      String(row.values.length),
      ratios.join(', '),
    ];
  });
  const header = ['', 'median', 'min–max', 'runs', 'ratio to each baseline (range of the per-run ratios)'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    `    ${c[0]!.padEnd(widths[0]!)}  ${c[1]!.padStart(widths[1]!)}  ${c[2]!.padEnd(widths[2]!)}  ${c[3]!.padStart(widths[3]!)}  ${c[4]}`.trimEnd();
  console.log(`  ${heading}`);
  console.log(`    (${load.words()})`);
  console.log(line(header));
  cells.forEach((c) => console.log(line(c)));
}
