import { createRouter } from '@tanstack/react-router';
import { checkAdminAccess, getCurrentUser } from '../lib/auth';
import { routeTree } from '../route-tree.gen';

export const router = createRouter({
  routeTree,
  context: { session: { getCurrentUser, checkAdminAccess } },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
