// French for transfers, refills and renewals, autofill, reminders, and the actions' labels.
import type { ComponentsJSON } from '@nanostores/i18n';

export const PRESCRIPTIONS = {} satisfies ComponentsJSON;
