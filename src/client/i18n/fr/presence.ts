// French for presence (issue 19, section 2).
import type { ComponentsJSON } from '@nanostores/i18n';

export const PRESENCE = {
  'presence/line': {
    viewing: '{name} consulte',
    replying: '{name} répond…',
  },
} satisfies ComponentsJSON;
