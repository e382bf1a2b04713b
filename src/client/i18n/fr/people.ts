// French for messages (inquiries), users and patients, the access log.
import type { ComponentsJSON } from '@nanostores/i18n';

export const PEOPLE = {} satisfies ComponentsJSON;
