// The guard (spec section 6), one mechanism for every route: `beforeLoad` asks the session
// (lib/session-control.ts) and redirects. The router runs the guards again whenever the session
// changes state (app/router.ts), so a session that ends while a page is open leaves it too.
import { redirect } from '@tanstack/react-router';
import { ADMIN_TOKEN_KEY } from '../../shared/constants';
import { admittedPerson, type SessionState } from '../offline/session-state';

/**
 * The session's code comes with the first guarded route, not with the app: the sign-in screen
 * paints without it. Code that cannot load (offline before the service worker has it, an old tab
 * after a deploy) means nobody is admitted.
 */
export function sessionControl(): Promise<typeof import('../lib/session-control')> {
  return import('../lib/session-control');
}

function admission(): Promise<SessionState> {
  return sessionControl().then(
    (control) => control.admission(),
    (): SessionState => ({ status: 'denied', reason: 'role-check-failed' }),
  );
}

/** The admin layout: an admitted person, or the sign-in screen. While the device is wiped, nothing. */
export async function requireAdmin(): Promise<void> {
  const state = await admission();
  if (admittedPerson(state) || state.status === 'revoked') return;
  throw redirect({ to: '/login', replace: true });
}

/** The sign-in screen: an admitted person goes to the dashboard instead. */
export async function requireGuest(): Promise<void> {
  // adminToken lives while an admin session does: without it there is nobody to send on, and the
  // form shows at once instead of waiting for Firebase.
  if (!localStorage.getItem(ADMIN_TOKEN_KEY)) return;
  if (admittedPerson(await admission())) throw redirect({ to: '/dashboard', replace: true });
}
