// Words for values the records hold: the request status (src/shared/request-status.ts) and a
// refill request's type (src/shared/entities.ts), keyed by the value itself.
import { i18n } from '../../i18n/i18n';

export const statusMessages = i18n('prescriptions/status', {
  active: 'Active',
  completed: 'Completed',
  flagged: 'Flagged',
});

export const refillTypeMessages = i18n('prescriptions/refill-types', {
  Refill: 'Refill',
  Renewal: 'Renewal',
});
