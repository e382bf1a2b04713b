// Notify (spec section 4): email the patient that their transfer is complete. The server reads
// the transfer itself (never the body's copy of it, nor its email) and queues the email in the
// same transaction as the stored idempotent response, so a replay sends no second email.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotifyBodySchema, NotifyResponseSchema, type NotifyResponse } from '../../../../shared/prescription-api';
import { NOTIFY_NEEDS_COMPLETED } from '../../../../shared/texts';
import { errorResult, runIdempotent } from '../../../plugins/app/idempotency';
import { pharmacyContact } from '../../../plugins/app/mail-outbox';
import { enqueueEmail } from '../../../repositories/email-outbox';
import { findRecordForUpdate } from '../../../repositories/prescription-requests';
import { TRANSFER_COMPLETE_KIND, transferCompleteEmail } from '../../../mail/transfer-complete-email';
import { adminPath, recordId } from './params';

export const NO_EMAIL_MESSAGE = 'This patient has no email address on file.';

export const prescriptionNotifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    adminPath('/admin/prescription-request-notify/transfer'),
    { schema: { body: NotifyBodySchema, response: { 200: NotifyResponseSchema } } },
    async (request, reply) => {
      const transferId = recordId(request.body.transfer_id);

      return runIdempotent(request, reply, async (tx) => {
        // Locked so a concurrent "Mark as Incomplete" cannot slip between the check and the email.
        const transfer = transferId === null ? undefined : await findRecordForUpdate(tx, 'transfers', transferId);
        if (!transfer) return errorResult(404, 'not_found', transferId === null ? 'Transfer was not found.' : `Transfer ${transferId} was not found.`);
        if (transfer.status !== 'completed') {
          return errorResult(409, 'not_completed', NOTIFY_NEEDS_COMPLETED, transfer);
        }
        if (!transfer.email) return errorResult(409, 'no_email', NO_EMAIL_MESSAGE, transfer);
        const email = transferCompleteEmail({
          firstName: transfer.first_name,
          previousPharmacy: transfer.pharmacy_name,
          pharmacy: pharmacyContact(app.config),
        });
        await enqueueEmail(tx, {
          kind: TRANSFER_COMPLETE_KIND,
          to: transfer.email,
          subject: email.subject,
          text: email.text,
        });
        const body: NotifyResponse = { transfer_id: transfer.transfer_id, queued: true, record: transfer };
        return { status: 200, body, afterCommit: () => app.mailOutbox.nudge() };
      });
    },
  );
};
