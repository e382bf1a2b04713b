// Presence (issue 19 §2): who else has a record open, on its detail and on its list row.
import { i18n, params } from '../../i18n/i18n';

export const presenceMessages = i18n('presence/line', {
  viewing: params('{name} is viewing'),
  replying: params('{name} is replying…'),
});
