// POST /admin/presence (issue 19 §2): a tab says what record it has open now, and whether its
// person is writing a reply; the device is the request's Device-Id, which must have its change
// stream open on this instance (the presence ends with that stream). One small request per
// change of state: opening or leaving a record, starting or stopping to type.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { DEVICE_ID_PATTERN } from '../../../shared/access-log';
import { DEVICE_ID_HEADER } from '../../../shared/constants';
import { PRESENCE_ID_MAX, PRESENCE_LISTS, PRESENCE_PATH, PRESENCE_TAB_PATTERN } from '../../../shared/presence';
import { staffWords } from '../../auth/staff-name';
import { HttpError } from '../../errors';
import { adminPath } from './support';

const PresenceStateSchema = Type.Object(
  {
    tab: Type.String({ pattern: PRESENCE_TAB_PATTERN.source, description: '1 to 64 letters, digits or dashes' }),
    list: Type.Union([...PRESENCE_LISTS.map((list) => Type.Literal(list)), Type.Null()], {
      description: `one of ${PRESENCE_LISTS.join(', ')}, or null`,
    }),
    id: Type.Union([Type.String({ minLength: 1, maxLength: PRESENCE_ID_MAX }), Type.Null()], {
      description: `a record id of 1 to ${PRESENCE_ID_MAX} characters, or null`,
    }),
    typing: Type.Boolean({ description: 'true or false' }),
  },
  { additionalProperties: false },
);

export const presenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    adminPath(PRESENCE_PATH),
    { schema: { body: PresenceStateSchema, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const { body } = request;
      const device = request.headers[DEVICE_ID_HEADER.toLowerCase()];
      if (typeof device !== 'string' || !DEVICE_ID_PATTERN.test(device)) {
        throw new HttpError(400, 'device_required', `The ${DEVICE_ID_HEADER} header must name this device (letters, digits, dashes).`);
      }
      if ((body.list === null) !== (body.id === null)) {
        throw new HttpError(400, 'bad_request', 'list and id go together: both set, or both null.');
      }
      if (body.typing && body.list === null) throw new HttpError(400, 'bad_request', 'typing needs a record open.');
      // Presence lives as long as the device's stream: without one here, it would have no end.
      if (!app.presence.hasStream(device)) {
        throw new HttpError(409, 'no_stream', 'This device has no change stream open on this server: open it first.');
      }
      const name = staffWords(request.user) ?? request.user.uid;
      app.presence.say(device, { uid: request.user.uid, name }, body);
      return reply.code(204).send(null);
    },
  );
};
