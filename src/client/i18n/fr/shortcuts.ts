// French for keyboard shortcuts and their help.
import type { ComponentsJSON } from '@nanostores/i18n';

export const SHORTCUTS = {} satisfies ComponentsJSON;
