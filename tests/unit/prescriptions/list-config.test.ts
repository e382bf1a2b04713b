import { describe, expect, it } from 'vitest';
import type { RefillRequest, Transfer } from '../../../src/shared/entities';
import { textsOf } from '../../../src/client/i18n/i18n';
import { listPaneMessages } from '../../../src/client/features/prescriptions/components/list-pane.messages';
import { fieldMessages } from '../../../src/client/features/prescriptions/fields.messages';
import {
  AUTOFILL_LIST,
  NEW_PRESCRIPTIONS_LIST,
  REFILLS_LIST,
  REMINDERS_LIST,
  TRANSFERS_LIST,
  type DetailField,
  type ValueWords,
} from '../../../src/client/features/prescriptions/list-config';
import { refillTypeMessages, statusMessages } from '../../../src/client/features/prescriptions/values.messages';

const words: ValueWords = {
  fields: textsOf(fieldMessages),
  status: textsOf(statusMessages),
  refillType: textsOf(refillTypeMessages),
  locale: undefined,
};

describe('spec texts of the list pages', () => {
  it('uses the exact titles, loading and fetch-failure texts', () => {
    const texts = [
      TRANSFERS_LIST,
      REFILLS_LIST,
      AUTOFILL_LIST,
      REMINDERS_LIST,
      NEW_PRESCRIPTIONS_LIST,
    ].map((list) => textsOf(list.texts)).map((texts) => [texts.title, texts.loadingText, texts.errorText]);
    expect(texts).toEqual([
      ['Transfers', 'Loading transfers...', 'Failed to fetch transfers.'],
      ['Refills and Renewals', 'Loading refills...', 'Failed to fetch refills.'],
      ['Patients Enrolled in Autofill Service', 'Loading refills...', 'Failed to fetch refills.'],
      ['Patients Enrolled in Refill Reminders', 'Loading refills...', 'Failed to fetch refills.'],
      ['New Prescriptions', 'Loading refills...', 'Failed to fetch prescriptions.'],
    ]);
    expect(textsOf(listPaneMessages).empty).toBe('No prescriptions available.');
    expect(textsOf(listPaneMessages).select).toBe('Select a prescription to view details.');
  });

  it('keys each list by the spec key and searches refill-type lists by rx_number', () => {
    expect(TRANSFERS_LIST.key).toBe('transfer_id');
    expect(AUTOFILL_LIST.key).toBe('refillId');
    expect(REMINDERS_LIST.key).toBe('id');
    expect(NEW_PRESCRIPTIONS_LIST.key).toBe('prescription_id');
    for (const list of [REFILLS_LIST, AUTOFILL_LIST, REMINDERS_LIST]) {
      expect(list.searchFields.map((f) => f.field)).toEqual(['rx_number']);
    }
  });

  it('offers status changes on all but new prescriptions, notify on transfers only', () => {
    expect(TRANSFERS_LIST.statusActions).toBe('transfer');
    expect([REFILLS_LIST, AUTOFILL_LIST, REMINDERS_LIST].map((l) => l.statusActions)).toEqual([
      'status',
      'status',
      'status',
    ]);
    expect(NEW_PRESCRIPTIONS_LIST.statusActions).toBe('none');
    expect(textsOf(TRANSFERS_LIST.texts).flagSuccess).toBe('Transfer flagged successfully.');
    expect(textsOf(REFILLS_LIST.texts).flagSuccess).toBe('Prescription flagged successfully.');
    expect([TRANSFERS_LIST, REFILLS_LIST, NEW_PRESCRIPTIONS_LIST].map((l) => l.notify)).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('detail fields', () => {
  const transfer: Transfer = {
    transfer_id: 7,
    user_id: 12,
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_number: '416-555-0100',
    email: null,
    date_of_birth: '1990-01-02T00:00:00.000Z',
    created_at: '2026-11-21T12:00:00.000Z',
    postal_code: 'M5V 2T6',
    pharmacy_name: 'Corner Drugs',
    pharmacy_number: '905-555-0199',
    status: 'completed',
  };
  const show = <T>(fields: readonly DetailField<T>[], row: T) =>
    Object.fromEntries(fields.map((f) => [words.fields[f.label], f.value(row, words)]));

  it('shows every transfer field, N/A for a missing email, DOB as its first 10 characters', () => {
    expect(show(TRANSFERS_LIST.detailFields, transfer)).toMatchObject({
      Name: 'Ada Lovelace',
      Phone: '416-555-0100',
      Email: 'N/A',
      'Date of birth': '1990-01-02',
      'Postal code': 'M5V 2T6',
      'Previous pharmacy': 'Corner Drugs',
      'Pharmacy phone': '905-555-0199',
      Status: 'Completed',
    });
    expect(Object.keys(show(TRANSFERS_LIST.detailFields, transfer))).toContain('Created at');
  });

  it('shows the refill type on refills and renewals', () => {
    const refill: RefillRequest = {
      ...transfer,
      id: 3,
      type: 'Renewal',
      rx_number: 'RX-1',
      status: 'active',
    };
    expect(show(REFILLS_LIST.detailFields, refill)).toMatchObject({
      'Rx number': 'RX-1',
      Type: 'Renewal',
      Status: 'Active',
    });
    expect(REFILLS_LIST.secondary(refill, words)).toBe('RX-1 · Renewal');
  });
});
