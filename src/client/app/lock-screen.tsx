import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { BrandMark } from '../components/brand-mark';
import type { EntryOwner } from '../offline/outbox-entry';

/**
 * The idle lock (issue 18): nothing of a patient is on the page, only who is signed in. The
 * screens behind it come back as they were once the same person enters their password.
 */
export function LockScreen({ person }: { person: EntryOwner }) {
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
      if (result.kind === 'wrong') {
        setProblem(`That password is not right. ${result.triesLeft === 1 ? 'One more try' : `${result.triesLeft} more tries`} before you are signed out.`);
      } else if (result.kind === 'needs-network') {
        setProblem('This device cannot check your password offline yet. Connect to the network and try again.');
      }
    } catch (error) {
      console.error('Unlocking failed', error);
      setProblem('Your password could not be checked. Try again.');
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
            Locked
          </Title>
          <Text ta="center" size="sm">
            Signed in as {person.email ?? 'a staff member'}. Enter your password to go on.
          </Text>
          {problem ? (
            <Alert color="red" variant="light" role="alert" data-testid="unlock-problem">
              {problem}
            </Alert>
          ) : null}
          <form onSubmit={(event) => void unlock(event)}>
            <Stack gap="sm">
              <PasswordInput label="Password" name="password" autoComplete="current-password" required autoFocus />
              <Button type="submit" loading={busy} fullWidth>
                Unlock
              </Button>
            </Stack>
          </form>
          {/* Wraps rather than cut its words on a phone. */}
          <Button variant="subtle" onClick={notMe} h="auto" py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}>
            Not you? Sign in as someone else
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
