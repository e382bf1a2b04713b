// GET /admin/history/{collection}/{id} (issue 19, section 5): a record's History, from the access
// log. A patient's (`users`) is every change to them and to their records. Reading it is not
// logged: it is part of viewing the record, which the detail logs once (a 'view' entry); an entry
// per read would double the log for every detail shown and again at every live refresh, and
// would say nothing the view entry does not (the history holds no data beyond the record's own).
import type { FastifyPluginAsync } from 'fastify';
import {
  HISTORY_PATH,
  HistoryParamsSchema,
  HistoryResponseSchema,
  historyNotFoundMessage,
  type HistoryCollection,
  type HistoryResponse,
} from '../../../shared/record-history';
import { HttpError } from '../../errors';
import { readRecordHistory } from '../../repositories/record-history';
import { SYNCED_LISTS } from '../../repositories/list-registry';
import { findRecord } from '../../repositories/synced-list';
import { adminPath, recordId } from './support';

export const recordHistoryRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    adminPath(HISTORY_PATH),
    { schema: { params: HistoryParamsSchema, response: { 200: HistoryResponseSchema } } },
    async (request) => {
      const params = request.params as { collection: HistoryCollection; id: string };
      const id = recordId(params.id);
      const record = id === null ? undefined : await findRecord(app.db, SYNCED_LISTS[params.collection], id);
      if (id === null || !record) throw new HttpError(404, 'not_found', historyNotFoundMessage(params.collection, params.id));
      const entries = await readRecordHistory(
        app.db,
        params.collection === 'users' ? { patientUserId: id } : { collection: params.collection, recordId: id },
      );
      const answer: HistoryResponse = { entries };
      return answer;
    },
  );
};
