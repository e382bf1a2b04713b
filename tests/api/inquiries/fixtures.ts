// Shared parts of the patient and inquiry API tests: the booted app (a fresh database per file,
// real emulator tokens, a real HTTP listener) and rows written straight into the database.
import type { FastifyInstance } from 'fastify';
import type { User } from '../../../src/shared/entities';
import { bootTestApp, type BootOptions } from '../support/boot-test-app';
import { createTestUser } from '../support/tokens';
import { unique, type TestContext } from '../prescriptions/fixtures';

export interface InquiryContext extends TestContext {
  /** http://127.0.0.1:<port> of the real listener. */
  baseUrl: string;
}

export async function bootInquiryApp(options: BootOptions = {}): Promise<InquiryContext> {
  const [t, admin, otherAdmin, patient] = await Promise.all([
    bootTestApp(options),
    createTestUser('admin'),
    createTestUser('admin'),
    createTestUser('patient'),
  ]);
  return {
    app: t.app,
    dataDir: t.config.dataDir,
    baseUrl: t.baseUrl,
    tokens: { admin: admin.token, otherAdmin: otherAdmin.token, patient: patient.token },
    adminUid: admin.uid,
    close: () => t.close(),
  };
}

export type UserRow = Omit<User, 'user_id'>;

export async function insertUser(app: FastifyInstance, overrides: Partial<UserRow> = {}): Promise<number> {
  const row: UserRow = {
    first_name: 'Mary',
    last_name: unique('Pickford'),
    email: `${unique('mary')}@patients.test`,
    phone_number: '416-555-0120',
    date_of_birth: '1960-02-29',
    postal_code: 'M4C 1B5',
    status: 'active',
    ...overrides,
  };
  const [inserted] = await app.db.transaction((tx) =>
    tx.query<{ user_id: number }>(
      `INSERT INTO users (first_name, last_name, email, phone_number, date_of_birth, postal_code, status, address, city, province)
       VALUES ($1, $2, $3, $4, $5, $6, $7, '12 Secret Lane', 'Toronto', 'ON') RETURNING user_id`,
      [row.first_name, row.last_name, row.email, row.phone_number, row.date_of_birth, row.postal_code, row.status],
    ),
  );
  return inserted!.user_id;
}

export interface InquiryRow {
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  message: string;
  resolved: boolean;
  replied: boolean;
  reply: string | null;
}

export async function insertInquiry(app: FastifyInstance, overrides: Partial<InquiryRow> = {}): Promise<number> {
  const row: InquiryRow = {
    user_id: null,
    first_name: 'Gus',
    last_name: unique('Guest'),
    email: `${unique('guest')}@guests.test`,
    phone_number: '647-555-0133',
    message: 'Do you carry the shingles vaccine, and do I need an appointment?',
    resolved: false,
    replied: false,
    reply: null,
    ...overrides,
  };
  const [inserted] = await app.db.transaction((tx) =>
    tx.query<{ message_id: number }>(
      `INSERT INTO inquiries (user_id, first_name, last_name, email, phone_number, message, resolved, replied, reply)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING message_id`,
      [row.user_id, row.first_name, row.last_name, row.email, row.phone_number, row.message, row.resolved, row.replied, row.reply],
    ),
  );
  return inserted!.message_id;
}

export async function outboxTo(
  app: FastifyInstance,
  to: string,
): Promise<{ id: number; kind: string; subject: string; body_text: string; sent_at: string | null }[]> {
  return app.db.query('SELECT id, kind, subject, body_text, sent_at FROM email_outbox WHERE to_address = $1 ORDER BY id', [
    to,
  ]);
}
