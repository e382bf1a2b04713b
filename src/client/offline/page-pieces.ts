// A sync page's rows, cut out of the server's text for the page the sync worker sends them to
// (view-store.ts applyWrittenPage), which parses one piece a task: a page's 5,000 rows parsed at
// once kept its main thread 30-55 ms on a loaded machine (issue 22: no task over 50 ms during a
// first sync). Cut without parsing the text again: the server writes each row as an object
// whose first field opens it (`{"<field>":`), which no string holds unescaped and no nested
// object repeats (its access log counts a list's rows the same way). A text not as the server
// writes it goes whole, in one piece.
import { SEGMENT_ROWS } from './segments';

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
 * another, they give `rows` (the page as the worker parsed it).
 */
export function rowPieces(text: string, rows: readonly object[], per = SEGMENT_ROWS): string[] {
  const items = itemsText(text);
  if (items === null) return [JSON.stringify(rows)];
  if (rows.length <= per) return [items];
  const first = /^\[\s*\{"([^"\\]*)":/.exec(items);
  if (!first) return [items];
  const marker = `{"${first[1]}":`;
  const starts: number[] = [];
  for (let at = items.indexOf(marker); at !== -1; at = items.indexOf(marker, at + marker.length)) starts.push(at);
  if (starts.length !== rows.length) return [items];
  const pieces: string[] = [];
  for (let i = 0; i < starts.length; i += per) {
    const next = starts[i + per];
    // Up to the comma before the next piece's first row, or to the list's closing bracket.
    const end = next === undefined ? items.lastIndexOf(']') : items.lastIndexOf(',', next);
    pieces.push(`[${items.slice(starts[i], end)}]`);
  }
  return pieces;
}
