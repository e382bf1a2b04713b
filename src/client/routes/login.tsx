import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context: { guard } }) => guard.guest(),
  component: LoginPage,
  // Not split off: the sign-in screen comes with the app's entry, not one request later.
  codeSplitGroupings: [],
});
