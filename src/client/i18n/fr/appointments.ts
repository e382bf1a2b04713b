// French for the calendar, the appointment list, availability.
import type { ComponentsJSON } from '@nanostores/i18n';

export const APPOINTMENTS = {} satisfies ComponentsJSON;
