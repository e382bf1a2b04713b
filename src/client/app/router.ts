import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../route-tree.gen';
import type { RouterContext } from './router-context';

/**
 * The session's code is loaded when a route first asks for it, not with the app: the sign-in
 * screen paints without it (the admin layout brings it along with the guard).
 */
const auth = () => import('../lib/auth');
const session: RouterContext['session'] = {
  // Code that cannot load (offline before the service worker has it, an old tab after a deploy)
  // means nobody to send on: the sign-in form shows, as when Firebase has no settings yet.
  getCurrentUser: () =>
    auth().then(
      (m) => m.getCurrentUser(),
      () => null,
    ),
  checkAdminAccess: (user, options) => auth().then((m) => m.checkAdminAccess(user, options)),
};

export const router = createRouter({
  routeTree,
  context: { session },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
