// Business constants of spec section 9 and the API contract shared by both sides.

export const API_BASE = '/nodejsapp/api';
/** The spec's other reading of the prefix; the server answers both. */
export const API_ALIAS_BASE = '/api';

export const TOAST_MS = 3000;
export const APPOINTMENT_MINUTES = 20;
export const CALENDAR_START = '10:50:00';
export const CALENDAR_END = '18:30:00';
export const SLOT_ROW_PX = 60;
export const MESSAGE_PREVIEW_CHARS = 30;
export const WIDGET_MAX_HEIGHT = '18rem';

/** The local-storage key the spec names for the ID token. */
export const ADMIN_TOKEN_KEY = 'adminToken';

/** Idempotency keys are kept at least this long (DESIGN.md section 3). */
export const IDEMPOTENCY_TTL_DAYS = 7;
/** Largest page of a delta sync (`?since=`). */
export const SYNC_PAGE_LIMIT = 5000;
