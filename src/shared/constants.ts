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

/**
 * Idempotency keys are kept this long by default (`IDEMPOTENCY_KEY_DAYS`; DESIGN.md section 3
 * asks for at least 7). A queued change older than the server's retention is not replayed
 * blindly: its key may be gone, and a replay could apply it twice.
 */
export const IDEMPOTENCY_TTL_DAYS = 30;
/** Largest page of a delta sync (`?since=`). */
export const SYNC_PAGE_LIMIT = 5000;
/**
 * A sync page asked for as the server keeps it, gzipped, and stored so on the device (the sync
 * worker's `Accept`; client offline/packed.ts). Pages too small to be kept come as JSON.
 */
export const PACKED_PAGE_TYPE = 'application/vnd.pharmacy.sync-page+gzip';

/** Every call of the app says which device made it (the access log). */
export const DEVICE_ID_HEADER = 'Device-Id';
/** On a queued change: when the person made it on the device (an ISO instant). */
export const OCCURRED_AT_HEADER = 'Occurred-At';
/** On a queued change: `1` when it was made while the server could not be reached. */
export const MADE_OFFLINE_HEADER = 'Made-Offline';

/** The idle lock's default (IDLE_LOCK_AFTER), until the server's settings say otherwise. */
export const DEFAULT_IDLE_LOCK_MS = 5 * 60 * 1000;
