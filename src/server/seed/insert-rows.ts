// One multi-row INSERT per batch, with $n parameters (both drivers), for seeding.
import type { Sql } from '../db/client';

/** PostgreSQL allows 65535 parameters per statement. */
const MAX_PARAMS = 60_000;

export async function insertRows<T = Record<string, unknown>>(
  tx: Sql,
  table: string,
  rows: Record<string, unknown>[],
  returning?: string,
): Promise<T[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const perBatch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const out: T[] = [];
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch);
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const slots = columns.map((column) => {
        params.push(row[column] ?? null);
        return `$${params.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    const sql =
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}` +
      (returning ? ` RETURNING ${returning}` : '');
    out.push(...(await tx.query<T>(sql, params)));
  }
  return out;
}
