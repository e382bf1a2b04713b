import { useEffect, useId, useState, type FormEvent } from 'react';
import { Box, Button, Paper, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { BrandMark } from '../../../components/brand-mark';
import { LoginToasts, showLoginAlert } from '../../../components/login-toasts';
import { textsOf } from '../../../i18n/i18n';
import {
  accessNoticeWords,
  forgetAccessNotice,
  readAccessNotice,
  sessionEndedWords,
  takeSessionEndedNotice,
} from '../../../lib/access-notice';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { signInMessages } from '../../../lib/sign-in.messages';
import type { SignInResult } from '../api/sign-in-as-admin';
import classes from './login-page.module.css';
import { loginMessages } from './login.messages';
import { PasswordField } from './password-field';

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
    () => {
      const words = textsOf(signInMessages);
      return { kind: 'failed', message: navigator.onLine ? words.codeMissing : words.offline };
    },
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const t = useStore(loginMessages);
  const words = useStore(signInMessages);
  const emailId = useId();
  const passwordId = useId();
  const config = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  // Why the app ended the last session itself (the account lost its access), once.
  const [notice] = useState(readAccessNotice);
  // Or why the last session ended by itself (too old, signed out elsewhere, offline too long).
  const [ended] = useState(takeSessionEndedNotice);
  useEffect(() => {
    forgetAccessNotice();
    if (notice?.atSignIn) showLoginAlert(textsOf(signInMessages).accessDenied, 'error');
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
        const [{ endDeviceSession, wipeProblem }, { problemWordsNow }] = await Promise.all([
          import('../../../lib/end-session'),
          import('../../../lib/problem-words'),
        ]);
        if (!(await endDeviceSession({ kind: 'revoked', uid: result.uid, atSignIn: true }))) {
          const problem = wipeProblem.get();
          showLoginAlert(problem ? problemWordsNow(problem.problem, problem.message) : '', 'error');
        }
        return;
      }
      if (result.kind === 'denied') showLoginAlert(words.accessDenied, 'error');
      else showLoginAlert(words.loginFailed({ message: result.message }), 'error');
    } finally {
      setBusy(false);
    }
  };

  // Plain elements styled by the module where Mantine's would only add weight (its input code alone
  // is 5 KB gzip): this screen's code is all the first paint loads (issue 9: 120 KB gzip), and its
  // other screens never need it.
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
            {accessNoticeWords(words, notice)}
          </p>
        ) : null}
        {ended && !notice ? (
          <p className={classes.notice} role="status" data-testid="session-ended-notice">
            {sessionEndedWords(words, ended)}
          </p>
        ) : null}
        <h1 className={classes.heading}>{t.greeting}</h1>
        <p className={classes.prompt}>{t.prompt}</p>
        <Box component="form" onSubmit={handleSubmit}>
          <Stack gap="md">
            <div className={classes.field}>
              <label className={classes.label} htmlFor={emailId}>
                {t.email}
                <span className={classes.required} aria-hidden="true">
                  {' *'}
                </span>
              </label>
              <input id={emailId} className={classes.input} name="email" type="email" autoComplete="username" required />
            </div>
            <PasswordField id={passwordId} label={t.password} toggleLabel={words.showPassword} />
            <Button type="submit" size="md" fullWidth loading={busy} disabled={busy} mt="xs">
              {t.signIn}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </main>
  );
}
