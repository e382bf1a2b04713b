import { createFileRoute, redirect } from '@tanstack/react-router';
import { ADMIN_TOKEN_KEY } from '../../shared/constants';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  beforeLoad: async ({ context: { session } }) => {
    // adminToken lives while an admin session does: without it there is nobody to send on, and
    // the sign-in form shows at once instead of waiting for Firebase.
    if (!localStorage.getItem(ADMIN_TOKEN_KEY)) return;
    const user = await session.getCurrentUser();
    if (user && (await session.checkAdminAccess(user)) === 'admin') {
      throw redirect({ to: '/dashboard', replace: true });
    }
  },
  component: LoginPage,
  // Not split off: the sign-in screen comes with the app's entry, not one request later.
  codeSplitGroupings: [],
});
