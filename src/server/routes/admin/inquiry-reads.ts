// Patients and inquiries beyond their cached lists (spec section 7): one patient, one inquiry.
// The inquiry actions are staff actions of the registry (../actions). The app reads both from its
// cache (and records those views itself); a read here is a view the server records.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { InquirySchema, UserSchema, type Inquiry, type User } from '../../../shared/entities';
import { InquiryParamsSchema, UserParamsSchema, inquiryNotFoundMessage, userNotFoundMessage } from '../../../shared/inquiry-api';
import { HttpError } from '../../errors';
import { INQUIRY_LIST } from '../../repositories/inquiries';
import { findRecord } from '../../repositories/synced-list';
import { USER_LIST } from '../../repositories/users';
import { recordAccess } from './access';
import { adminPath, recordId } from './support';

export const inquiryReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    adminPath('/admin/users/:userId'),
    { schema: { params: UserParamsSchema, response: { 200: Type.Array(UserSchema) } } },
    async (request) => {
      const id = recordId(request.params.userId);
      const user = id === null ? undefined : await findRecord<User>(app.db, USER_LIST, id);
      if (!user) throw new HttpError(404, 'not_found', userNotFoundMessage(request.params.userId));
      await recordAccess(app.db, request, { action: 'view', collection: 'users', record_id: user.user_id, patient: user });
      return [user];
    },
  );

  app.get(
    adminPath('/admin/inquiries/:messageId'),
    { schema: { params: InquiryParamsSchema, response: { 200: Type.Array(InquirySchema) } } },
    async (request) => {
      const id = recordId(request.params.messageId);
      const inquiry = id === null ? undefined : await findRecord<Inquiry>(app.db, INQUIRY_LIST, id);
      if (!inquiry) throw new HttpError(404, 'not_found', inquiryNotFoundMessage(request.params.messageId));
      await recordAccess(app.db, request, { action: 'view', collection: 'inquiries', record_id: inquiry.message_id, patient: inquiry });
      return [inquiry];
    },
  );
};
