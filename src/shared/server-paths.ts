// The paths this origin's server answers itself, named once: the server's proxy and 404s, the
// dev server's proxy and the service worker's navigation denylist all read them.
import { API_ALIAS_BASE, API_BASE } from './constants';

/** The identity provider's REST hosts (Firebase Auth); a real project is called there directly. */
export const IDENTITY_HOSTS = ['identitytoolkit.googleapis.com', 'securetoken.googleapis.com'] as const;

/** In emulator mode the server proxies `/<host>/…` on its own origin (connectAuthEmulator(origin)). */
export const IDENTITY_PATH_PREFIXES = IDENTITY_HOSTS.map((host) => `/${host}`);

/**
 * The only emulator REST calls the proxy forwards, all POST: what firebase/auth 12 sends for an
 * email/password sign-in (signInWithPassword, then accounts:lookup to load the user), to keep the
 * session (securetoken's token refresh) and for a password-reset email (accounts:sendOobCode).
 * Never the emulator's own pages or admin API (`/emulator/…`).
 */
export const IDENTITY_REST_PATHS = [
  '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
  '/identitytoolkit.googleapis.com/v1/accounts:lookup',
  '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
  '/securetoken.googleapis.com/v1/token',
] as const;

/** Path prefixes that are never one of the app's pages. */
export const SERVER_PATH_PREFIXES = [
  API_BASE.slice(0, API_BASE.indexOf('/', 1)),
  API_ALIAS_BASE,
  '/healthz',
  ...IDENTITY_PATH_PREFIXES,
];
