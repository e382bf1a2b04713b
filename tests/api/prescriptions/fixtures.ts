// Shared parts of the prescription API tests: the booted app (the foundation's test helpers:
// a fresh database per file, real emulator tokens), request shortcuts and rows written straight
// into the database.
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../../src/shared/constants';
import { bootTestApp, type BootOptions } from '../support/boot-test-app';
import { createTestUser } from '../support/tokens';

export interface TestContext {
  app: FastifyInstance;
  dataDir: string;
  /** ID tokens of two different admins and of a patient. */
  tokens: { admin: string; otherAdmin: string; patient: string };
  /** Firebase uid of `tokens.admin`. */
  adminUid: string;
  close(): Promise<void>;
}

export async function bootPrescriptionApp(options: BootOptions = {}): Promise<TestContext> {
  const [t, admin, otherAdmin, patient] = await Promise.all([
    bootTestApp(options),
    createTestUser('admin'),
    createTestUser('admin'),
    createTestUser('patient'),
  ]);
  return {
    app: t.app,
    dataDir: t.config.dataDir,
    tokens: { admin: admin.token, otherAdmin: otherAdmin.token, patient: patient.token },
    adminUid: admin.uid,
    close: () => t.close(),
  };
}

export type Row = Record<string, unknown>;

/** The API's error body (ErrorBody), with the record a 409 carries. */
export interface ErrorResponse {
  error: { code: string; message: string };
  record?: Row;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export async function call<T = unknown>(
  ctx: TestContext,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  options: { token?: string | null; body?: unknown; key?: string; base?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? ctx.tokens.admin : options.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  const response = await ctx.app.inject({
    method,
    url: `${options.base ?? API_BASE}${url}`,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return {
    status: response.statusCode,
    body: (response.body ? JSON.parse(response.body) : null) as T,
    headers: response.headers,
  };
}

let seq = 0;
/** Unique per run, so rows of an earlier run (a shared PostgreSQL) never match. */
export const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}-${RUN}-${seq}`;
}

export interface TransferRow {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string | null;
  date_of_birth: string;
  postal_code: string;
  pharmacy_name: string;
  pharmacy_number: string;
  status: 'active' | 'completed' | 'flagged';
}

export async function insertTransfer(app: FastifyInstance, overrides: Partial<TransferRow> = {}): Promise<number> {
  const row: TransferRow = {
    first_name: 'Ada',
    last_name: unique('Lovelace'),
    phone_number: '416-555-0101',
    email: `${unique('ada')}@patients.test`,
    date_of_birth: '1985-12-10',
    postal_code: 'M5V 2T6',
    pharmacy_name: 'Bayview Drug Mart',
    pharmacy_number: '416-555-0199',
    status: 'active',
    ...overrides,
  };
  const [inserted] = await app.db.transaction((tx) =>
    tx.query<{ transfer_id: number }>(
      `INSERT INTO transfers (user_id, first_name, last_name, phone_number, email, date_of_birth,
         postal_code, pharmacy_name, pharmacy_number, status)
       VALUES (NULL, $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING transfer_id`,
      [
        row.first_name,
        row.last_name,
        row.phone_number,
        row.email,
        row.date_of_birth,
        row.postal_code,
        row.pharmacy_name,
        row.pharmacy_number,
        row.status,
      ],
    ),
  );
  return inserted!.transfer_id;
}

export type RxTable = 'refill_requests' | 'autofill_enrolments' | 'refill_reminder_enrolments';
export const RX_KEY: Record<RxTable, string> = {
  refill_requests: 'id',
  autofill_enrolments: 'refill_id',
  refill_reminder_enrolments: 'id',
};

export async function insertRx(
  app: FastifyInstance,
  table: RxTable,
  overrides: { status?: string; type?: 'Refill' | 'Renewal'; rx_number?: string } = {},
): Promise<number> {
  const columns = ['rx_number', 'first_name', 'last_name', 'phone_number', 'email', 'date_of_birth', 'status'];
  const values: unknown[] = [
    overrides.rx_number ?? unique('RX'),
    'Grace',
    'Hopper',
    '416-555-0102',
    'grace@patients.test',
    '1970-01-31',
    overrides.status ?? 'active',
  ];
  if (table === 'refill_requests') {
    columns.push('type');
    values.push(overrides.type ?? 'Refill');
  }
  const [row] = await app.db.transaction((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING ${RX_KEY[table]} AS id`,
      values,
    ),
  );
  return row!.id;
}

export async function insertNewPrescription(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.transaction((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO new_prescriptions (first_name, last_name, phone_number, email, date_of_birth,
         medication, prescriber_name, notes)
       VALUES ('Alan', $1, '416-555-0103', NULL, '1954-06-23', 'Amoxicillin 500 mg', 'Dr. Banting', NULL)
       RETURNING prescription_id AS id`,
      [unique('Turing')],
    ),
  );
  return row!.id;
}

export async function changeNoOf(app: FastifyInstance, table: string, keyColumn: string, id: number): Promise<number> {
  const [row] = await app.db.query<{ change_no: number }>(
    `SELECT change_no FROM ${table} WHERE ${keyColumn} = $1`,
    [id],
  );
  return row!.change_no;
}

/** A cursor for "now": every change so far is at or below it. */
export async function currentCursor(app: FastifyInstance): Promise<string> {
  const [row] = await app.db.query<{ n: number }>('SELECT last_value AS n FROM change_seq');
  return String(row!.n);
}
