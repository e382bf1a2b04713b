// French (Canada) for every text of the interface, one file per area (each keyed by the message
// groups' names, as `i18n('area/group', …)` defines them). Loaded only when French is shown.
import type { ComponentsJSON } from '@nanostores/i18n';
import { APPOINTMENTS } from './appointments';
import { ASSIGNMENT } from './assignment';
import { HISTORY } from './history';
import { PEOPLE } from './people';
import { PRESENCE } from './presence';
import { PRESCRIPTIONS } from './prescriptions';
import { SHELL } from './shell';
import { SHORTCUTS } from './shortcuts';

export const FR: ComponentsJSON = {
  ...SHELL,
  ...PRESCRIPTIONS,
  ...APPOINTMENTS,
  ...PEOPLE,
  ...PRESENCE,
  ...SHORTCUTS,
  ...ASSIGNMENT,
  ...HISTORY,
};
