import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { BrandMark } from '../components/brand-mark';
import { textsOf } from '../i18n/i18n';
import type { EntryOwner } from '../offline/outbox-entry';
import { lockMessages } from './shell.messages';

/**
 * The idle lock (issue 18): nothing of a patient is on the page, only who is signed in. The
 * screens behind it come back as they were once the same person enters their password.
 */
export function LockScreen({ person }: { person: EntryOwner }) {
  const t = useStore(lockMessages);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const unlock = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return;
    setBusy(true);
    setProblem(null);
    try {
      const { unlockWith } = await import('../lib/lock');
      const result = await unlockWith(password);
      // The words of the moment the answer came (the language may have changed while it was checked).
      const words = textsOf(lockMessages);
      if (result.kind === 'wrong') {
        setProblem(words.wrong(result.triesLeft));
      } else if (result.kind === 'needs-network') {
        setProblem(words.needsNetwork);
      }
    } catch (error) {
      console.error('Unlocking failed', error);
      setProblem(textsOf(lockMessages).checkFailed);
    } finally {
      setBusy(false);
    }
  };

  const notMe = () => void import('../lib/lock').then(({ notMe }) => notMe());

  return (
    <Center mih="100dvh" bg="var(--app-background)" p="md">
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={420} component="main" data-testid="lock-screen">
        <Stack gap="md">
          <Center>
            <BrandMark size={48} />
          </Center>
          <Title order={1} size="h3" ta="center">
            {t.title}
          </Title>
          <Text ta="center" size="sm">
            {t.signedInAs({ person: person.name ?? person.email ?? t.staffMember })}
          </Text>
          {problem ? (
            <Alert color="red" variant="light" role="alert" data-testid="unlock-problem">
              {problem}
            </Alert>
          ) : null}
          <form onSubmit={(event) => void unlock(event)}>
            <Stack gap="sm">
              <PasswordInput
                label={t.password}
                name="password"
                autoComplete="current-password"
                required
                autoFocus
                visibilityToggleButtonProps={{ 'aria-label': t.showPassword }}
              />
              <Button type="submit" loading={busy} fullWidth>
                {t.unlock}
              </Button>
            </Stack>
          </form>
          {/* Wraps rather than cut its words on a phone. */}
          <Button variant="subtle" onClick={notMe} h="auto" py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}>
            {t.notMe}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
