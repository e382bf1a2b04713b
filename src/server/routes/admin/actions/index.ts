// Every staff action's route, from the registry (src/shared/actions/registry.ts): the types make
// sure each action has its server effect, and the role-matrix test finds every route here.
import type { FastifyPluginAsync } from 'fastify';
import { STATUS_KIND_COLLECTION } from '../../../../shared/prescription-api';
import { ACTION_LIST, type ActionName } from '../../../../shared/actions/registry';
import { adminPath, badRequest } from '../support';
import { ACCESS_EFFECTS } from './access-effects';
import { registerAction, type ActionEffect } from './action-route';
import { ASSIGNMENT_EFFECTS } from './assignment-effects';
import { AVAILABILITY_EFFECTS } from './availability-effects';
import { CANCEL_EFFECTS } from './cancel-effects';
import { INQUIRY_EFFECTS } from './inquiry-effects';
import { PRESCRIPTION_EFFECTS } from './prescription-effects';
import { SAVED_REPLY_EFFECTS } from './saved-reply-effects';

const EFFECTS: Record<ActionName, ActionEffect> = {
  ...PRESCRIPTION_EFFECTS,
  ...CANCEL_EFFECTS,
  ...AVAILABILITY_EFFECTS,
  ...INQUIRY_EFFECTS,
  ...ACCESS_EFFECTS,
  ...SAVED_REPLY_EFFECTS,
  ...ASSIGNMENT_EFFECTS,
};

export const actionRoutes: FastifyPluginAsync = async (app) => {
  for (const def of ACTION_LIST) registerAction(app, def, EFFECTS[def.name]);
  // An unknown `{kind}` of the spec's status path: say which kinds there are.
  app.put(adminPath('/admin/:kind/status/:id'), { schema: { summary: 'Any other kind: answered 400' } }, async (_request, reply) =>
    badRequest(reply, `kind must be one of ${Object.keys(STATUS_KIND_COLLECTION).join(', ')}.`),
  );
};
