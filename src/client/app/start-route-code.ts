// Issue 22: a guarded screen's code used to be fetched only after the guard had decided, itself
// after the session's code had arrived: one wave of chunks after another before the first paint.
// At boot, when this device holds an admin's session, both begin at once, beside the guard. The
// guard decides as before (it awaits the same modules); a chunk that fails here is fetched again
// when the router needs it.
import { ADMIN_TOKEN_KEY } from '../../shared/constants';
import { sessionControl } from './guard';
import { router } from './router';

export function startRouteCode(): void {
  // A guest is sent to /login, whose code is in the entry: nothing to fetch early.
  if (!localStorage.getItem(ADMIN_TOKEN_KEY)) return;
  void sessionControl().catch(() => undefined);
  const [routes] = router.getMatchedRoutes(location.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
