import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { BrandMark } from '../../../components/brand-mark';
import { LoginToasts, showLoginAlert } from '../../../components/login-toasts';
import {
  accessNoticeWords,
  forgetAccessNotice,
  readAccessNotice,
  SESSION_ENDED_WORDS,
  takeSessionEndedNotice,
} from '../../../lib/access-notice';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { OFFLINE_MESSAGE } from '../../../lib/offline-sign-in';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import type { SignInResult } from '../api/sign-in-as-admin';
import classes from './login-page.module.css';
import { loginMessages } from './login.messages';

// Not needed to paint the form: the sign-in's code (and Firebase behind it) is fetched once the
// form is painted.
const loadSignIn = () => import('../api/sign-in-as-admin');

/**
 * Signs in with the code loaded after the paint. Code that did not load is a failed sign-in in
 * words, not the browser's message about a module (which a browser may keep until a reload).
 */
function signInAsAdmin(email: string, password: string): Promise<SignInResult> {
  return loadSignIn().then(
    (m) => m.signInAsAdmin(email, password),
    () => ({ kind: 'failed', message: navigator.onLine ? SIGN_IN_CODE_MISSING : OFFLINE_MESSAGE }),
  );
}

const SIGN_IN_CODE_MISSING = 'The sign-in could not be loaded. Reload the page and try again.';

export function LoginPage() {
  const navigate = useNavigate();
  const t = useStore(loginMessages);
  const config = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  // Why the app ended the last session itself (the account lost its access), once.
  const [notice] = useState(readAccessNotice);
  // Or why the last session ended by itself (too old, signed out elsewhere, offline too long).
  const [ended] = useState(takeSessionEndedNotice);
  useEffect(() => {
    forgetAccessNotice();
    if (notice?.atSignIn) showLoginAlert('Access denied: Admins only.', 'error');
  }, [notice]);
  useEffect(
    () =>
      afterFirstPaint(() => {
        loadSignIn().catch(() => undefined);
        import('../../../lib/auth').then((auth) => auth.preloadAuth()).catch(() => undefined);
      }),
    [],
  );

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const result = await signInAsAdmin(String(form.get('email')), String(form.get('password')));
      if (result.kind === 'admin') {
        await navigate({ to: '/dashboard' });
        return;
      }
      if (result.kind === 'revoked') {
        // Loaded only now: the device database's code stays off the sign-in screen's first paint.
        const { endDeviceSession, wipeProblem } = await import('../../../lib/end-session');
        if (!(await endDeviceSession({ kind: 'revoked', uid: result.uid, atSignIn: true }))) {
          showLoginAlert(wipeProblem.get()?.message ?? '', 'error');
        }
        return;
      }
      if (result.kind === 'denied') showLoginAlert('Access denied: Admins only.', 'error');
      else showLoginAlert(`Login failed: ${result.message}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  // Plain elements styled by the module where Mantine's would only add weight: this screen's code
  // is all the first paint loads (issue 9: 120 KB gzip), and its other screens never need it.
  return (
    <main className={classes.page}>
      <LoginToasts />
      <Paper className={classes.card} withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="xs" align="center" mb="lg">
          <BrandMark size={56} />
          {config && (
            <p className={classes.pharmacy}>{config.pharmacyName}</p>
          )}
        </Stack>
        {notice ? (
          <p className={classes.notice} role="alert" data-testid="access-notice">
            {accessNoticeWords(notice)}
          </p>
        ) : null}
        {ended && !notice ? (
          <p className={classes.notice} role="status" data-testid="session-ended-notice">
            {SESSION_ENDED_WORDS[ended]}
          </p>
        ) : null}
        <h1 className={classes.heading}>{t.greeting}</h1>
        <p className={classes.prompt}>{t.prompt}</p>
        <Box component="form" onSubmit={handleSubmit}>
          <Stack gap="md">
            <TextInput label={t.email} name="email" type="email" autoComplete="username" required size="md" />
            <PasswordInput label={t.password} name="password" autoComplete="current-password" required size="md" />
            <Button type="submit" size="md" fullWidth loading={busy} disabled={busy} mt="xs">
              {t.signIn}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </main>
  );
}
