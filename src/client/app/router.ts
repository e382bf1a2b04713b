import { createRouter } from '@tanstack/react-router';
import { sessionState } from '../offline/session-state';
import { routeTree } from '../route-tree.gen';
import { requireAdmin, requireGuest } from './guard';

export const router = createRouter({
  routeTree,
  context: { guard: { admin: requireAdmin, guest: requireGuest } },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

// Each change of the session's state runs the guards of the routes on screen again.
let status = sessionState.get().status;
sessionState.subscribe(() => {
  const next = sessionState.get().status;
  if (next === status) return;
  status = next;
  void router.invalidate();
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
