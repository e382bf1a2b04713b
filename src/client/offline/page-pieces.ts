// A sync page's rows, cut out of the server's text for the page the sync worker sends them to
// (view-store.ts applyWrittenPage), and out of a stored page unpacked (segments.ts openSegment),
// parsed one piece a task: a page's 5,000 rows parsed at
// once kept its main thread 30-55 ms on a loaded machine (issue 22: no task over 50 ms during a
// first sync). Cut without parsing the text again: the server writes each row as an object
// whose first field opens it (`{"<field>":`), which no string holds unescaped and no nested
// object repeats (its access log counts a list's rows the same way). A text not as the server
// writes it goes whole, in one piece.
import { nextTask } from './next-task';

/** Rows parsed (or read, or written: segments.ts) in one task: about 10 ms of work. */
export const ROWS_PER_TASK = 1000;

/** The JSON text of a page's rows: the `items` of a delta page, or the bare list; null if neither. */
function itemsText(text: string): string | null {
  if (text.startsWith('[')) return text;
  const open = '{"items":';
  if (!text.startsWith(open)) return null;
  const end = text.lastIndexOf(',"deleted":[');
  return end === -1 ? null : text.slice(open.length, end);
}

/**
 * The page's rows as JSON array texts of at most `per` rows each, in order: parsed one after
 * another, they give `rows` (the page as the worker parsed it). Without `rows` (a stored page
 * not parsed yet: openSegment), the count is not checked; a piece cut wrong does not parse.
 */
export function rowPieces(text: string, rows: readonly object[] | null, per = ROWS_PER_TASK): string[] {
  const items = itemsText(text);
  if (items === null) return rows ? [JSON.stringify(rows)] : [];
  if (rows && rows.length <= per) return [items];
  const first = /^\[\s*\{"([^"\\]*)":/.exec(items);
  if (!first) return [items];
  const marker = `{"${first[1]}":`;
  const starts: number[] = [];
  for (let at = items.indexOf(marker); at !== -1; at = items.indexOf(marker, at + marker.length)) starts.push(at);
  if (rows && starts.length !== rows.length) return [items];
  if (starts.length <= per) return [items];
  const pieces: string[] = [];
  for (let i = 0; i < starts.length; i += per) {
    const next = starts[i + per];
    // Up to the comma before the next piece's first row, or to the list's closing bracket.
    const end = next === undefined ? items.lastIndexOf(']') : items.lastIndexOf(',', next);
    pieces.push(`[${items.slice(starts[i], end)}]`);
  }
  return pieces;
}

/**
 * Pieces parsed one a task, in order, into one list of rows; null once `wanted` says no more
 * (asked before each piece). A piece that does not parse throws.
 */
export async function parsePieces(pieces: readonly string[], wanted: () => boolean = () => true): Promise<object[] | null> {
  const rows: object[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (i > 0) await nextTask();
    if (!wanted()) return null;
    for (const row of JSON.parse(piece) as object[]) rows.push(row);
  }
  return rows;
}

/**
 * The rows of a page's JSON text (a delta page or a bare list), parsed a piece a task. A text
 * not cut as the server writes it is parsed whole.
 */
export async function parsePageRows(text: string): Promise<object[]> {
  const pieces = rowPieces(text, null);
  if (pieces.length > 0) {
    try {
      return (await parsePieces(pieces))!;
    } catch {
      // Cut wrong: parsed whole below.
    }
  }
  const page = JSON.parse(text) as { items?: unknown } | unknown[];
  const items = Array.isArray(page) ? page : page.items;
  if (!Array.isArray(items)) throw new Error('A stored page holds no rows');
  return items as object[];
}
