// The server's side of the prescription actions (spec section 4): a status change under a row
// lock with its audit event, and Notify, whose email is queued in the same transaction as the
// stored answer, so a replay sends no second email.
import type { PrescriptionCollectionName, PrescriptionRecords } from '../../../../shared/collections';
import { NO_EMAIL_MESSAGE, RECORD_WORDS } from '../../../../shared/actions/prescription-actions';
import { anyAction, type ActionName } from '../../../../shared/actions/registry';
import type { Transfer } from '../../../../shared/entities';
import type { NotifyResponse } from '../../../../shared/prescription-api';
import { INVALID_EMAIL_CODE, invalidEmailMessage, recipientOf } from '../../../mail/recipient';
import { TRANSFER_COMPLETE_KIND, transferCompleteEmail } from '../../../mail/transfer-complete-email';
import { errorResult } from '../../../plugins/app/idempotency';
import { pharmacyContact } from '../../../plugins/app/mail-outbox';
import { enqueueEmail } from '../../../repositories/email-outbox';
import { findRecordForUpdate, writeStatus } from '../../../repositories/prescription-requests';
import { recordEffect, type ActionEffect } from './action-route';

/** A status change of one list, to the status the shared machine's `apply` gives. */
function statusEffect<K extends PrescriptionCollectionName>(action: ActionName, name: K): ActionEffect {
  const def = anyAction(action);
  return recordEffect<PrescriptionRecords[K]>(def, {
    load: (tx, id) => findRecordForUpdate(tx, name, id),
    notFound: (_args, id) => (id === null ? `${RECORD_WORDS[name]} was not found.` : `${RECORD_WORDS[name]} ${id} was not found.`),
    change: async (tx, before, args, { actor }) => {
      const machine = def.record!;
      const { status: to } = machine.apply(before, args) as PrescriptionRecords[K];
      const record = await writeStatus(tx, name, machine.key(args), { from: before.status, to }, actor);
      return { status: 200, body: record };
    },
  });
}

export const PRESCRIPTION_EFFECTS = {
  'transfer-status': statusEffect('transfer-status', 'transfers'),
  'refills-status': statusEffect('refills-status', 'refills'),
  'autofill-status': statusEffect('autofill-status', 'autofill'),
  'reminders-status': statusEffect('reminders-status', 'reminders'),
  'transfer-notify': recordEffect<Transfer>(anyAction('transfer-notify'), {
    // Locked so a concurrent "Mark as Incomplete" cannot slip between the check and the email.
    load: (tx, id) => findRecordForUpdate(tx, 'transfers', id),
    notFound: (_args, id) => (id === null ? 'Transfer was not found.' : `Transfer ${id} was not found.`),
    change: async (tx, transfer, _args, { app }) => {
      // The machine saw an email field; it may still hold no address (a phone number) or a bad one.
      const to = recipientOf(transfer.email);
      if (to.kind === 'none') return errorResult(409, 'no_email', NO_EMAIL_MESSAGE, transfer);
      if (to.kind === 'invalid') return errorResult(422, INVALID_EMAIL_CODE, invalidEmailMessage('email'));
      const email = transferCompleteEmail({
        firstName: transfer.first_name,
        previousPharmacy: transfer.pharmacy_name,
        pharmacy: pharmacyContact(app.config),
      });
      await enqueueEmail(tx, { kind: TRANSFER_COMPLETE_KIND, to: to.address, subject: email.subject, text: email.text });
      const body: NotifyResponse = { transfer_id: transfer.transfer_id, queued: true, record: transfer };
      return { status: 200, body, afterCommit: () => app.mailOutbox.nudge() };
    },
  }),
} satisfies Record<string, ActionEffect>;
