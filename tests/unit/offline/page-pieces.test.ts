// A sync page's rows cut out of the server's text (page-pieces.ts) for the page to parse one
// piece a task: the pieces, parsed in order, are the page's rows, however the rows are written.
import { describe, expect, it } from 'vitest';
import { parsePageRows, rowPieces } from '../../../src/client/offline/page-pieces';

interface Row {
  transfer_id: number;
  notes: string | null;
  medication_names: string[];
  members?: { transfer_id?: number; name: string }[];
}

function rowOf(id: number): Row {
  return {
    transfer_id: id,
    // Strings that hold the row marker, escaped as any string holds a quote.
    notes: id % 3 === 0 ? `see {"transfer_id":${id + 1}} and ], "deleted":[ too` : id % 3 === 1 ? null : 'plain',
    medication_names: id % 2 ? ['A, b', '[c]'] : [],
    ...(id % 5 === 0 ? { members: [{ name: 'x' }] } : {}),
  };
}

const parsed = (pieces: string[]) => pieces.flatMap((piece) => JSON.parse(piece) as Row[]);

describe('a sync page cut into pieces of rows', () => {
  const rows = Array.from({ length: 2503 }, (_, i) => rowOf(i + 1));

  it('cuts a delta page into pieces of at most 1,000 rows that parse back to its rows', () => {
    const text = JSON.stringify({ items: rows, deleted: [7, 8], cursor: '2503', more: true });
    const pieces = rowPieces(text, rows);
    expect(pieces.map((piece) => (JSON.parse(piece) as Row[]).length)).toEqual([1000, 1000, 503]);
    expect(parsed(pieces)).toEqual(rows);
  });

  it('cuts the bare list of a server without deltas the same way, and as the database writes it', () => {
    expect(parsed(rowPieces(JSON.stringify(rows), rows, 700))).toEqual(rows);
    // PostgreSQL's text of a row may hold spaces between its fields' values.
    const spaced = `[${rows.map((row) => JSON.stringify(row).replace(/,"/g, ', "')).join(',')}]`;
    const pieces = rowPieces(spaced, rows, 1000);
    expect(pieces).toHaveLength(3);
    expect(parsed(pieces)).toEqual(rows);
  });

  it('sends a page of few rows, or one not as the server writes it, in one piece', () => {
    const few = rows.slice(0, 10);
    expect(rowPieces(JSON.stringify({ items: few, deleted: [], cursor: '1', more: false }), few)).toEqual([JSON.stringify(few)]);
    // Another field first in some rows: the marker does not count the rows, so no cut.
    const notesFirst = (row: Row) => Object.fromEntries([['notes', row.notes], ...Object.entries(row).filter(([field]) => field !== 'notes')]) as unknown as Row;
    const mixed = rows.map((row, i) => (i === 1500 ? notesFirst(row) : row));
    const text = JSON.stringify({ items: mixed, deleted: [], cursor: '1', more: false });
    expect(rowPieces(text, mixed)).toEqual([JSON.stringify(mixed)]);
    // Not a page at all: the rows as the worker parsed them.
    expect(parsed(rowPieces(' {"rows": []}', rows))).toEqual(rows);
  });
});

describe('a stored page parsed a piece a task', () => {
  const rows = Array.from({ length: 2503 }, (_, i) => rowOf(i + 1));

  it('gives back its rows, parsing its pieces in later tasks', async () => {
    let done = false;
    const parsing = parsePageRows(JSON.stringify({ items: rows, deleted: [7], cursor: '9', more: false })).then((parsed) => {
      done = true;
      return parsed;
    });
    // Not within this task: microtasks alone do not see it through.
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
    expect(done).toBe(false);
    expect(await parsing).toEqual(rows);
  });

  it('parses whole a text not written as the server writes it, and a bare list', async () => {
    expect(await parsePageRows(JSON.stringify({ items: rows, deleted: [], cursor: '1', more: false }, null, 1))).toEqual(rows);
    expect(await parsePageRows(JSON.stringify(rows))).toEqual(rows);
    await expect(parsePageRows('{"cursor":"1"}')).rejects.toThrow();
  });
});

