// staff.name kept in step with the name read with the role (issue 19): written the first time a
// process sees a staff member and when their name changes, never on other requests; after a
// failed write (the database away), tried again only a while later.
import { describe, expect, it } from 'vitest';
import { noteStaffName } from '../../../src/server/auth/staff';
import type { Sql } from '../../../src/server/db/client';
import type { AuthUser } from '../../../src/server/types';

function fakeDb(fail = () => false) {
  const written: unknown[][] = [];
  const db = {
    query: async (_text: string, params?: unknown[]) => {
      if (fail()) throw new Error('database away');
      written.push(params ?? []);
      return [];
    },
  } as unknown as Sql;
  return { db, written };
}

const user = (name: string | null): AuthUser => ({ uid: 'u1', email: 'u1@pharmacy.test', name, role: 'admin', expiresAtMs: 0 });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('noteStaffName', () => {
  it('writes at first sight and on a new name only', async () => {
    const { db, written } = fakeDb();
    const errors: unknown[] = [];
    for (const name of ['Priya Shah', 'Priya Shah', 'Priya Shah', 'Priya Shah-Patel', 'Priya Shah-Patel', null]) {
      noteStaffName(db, user(name), (error) => errors.push(error));
      await settle();
    }
    expect(written.map((params) => params[3])).toEqual(['Priya Shah', 'Priya Shah-Patel', null]);
    expect(errors).toEqual([]);
  });

  it('after a failure, tries again only 30 s later', async () => {
    let away = true;
    const { db, written } = fakeDb(() => away);
    const errors: unknown[] = [];
    const t0 = 1_000_000;
    noteStaffName(db, user('Priya Shah'), (error) => errors.push(error), t0);
    await settle();
    expect(errors).toHaveLength(1);
    away = false;
    noteStaffName(db, user('Priya Shah'), (error) => errors.push(error), Date.now() + 1_000);
    await settle();
    expect(written).toEqual([]);
    noteStaffName(db, user('Priya Shah'), (error) => errors.push(error), Date.now() + 31_000);
    await settle();
    expect(written.map((params) => params[3])).toEqual(['Priya Shah']);
    expect(errors).toHaveLength(1);
  });
});
