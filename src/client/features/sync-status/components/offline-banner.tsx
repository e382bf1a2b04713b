import { Alert, Box } from '@mantine/core';
import { useOnline } from '../../../hooks/use-online';
import { useOutbox } from '../../../hooks/use-outbox';
import { useSyncStatus } from '../../../hooks/use-sync-status';

export const OFFLINE_TEXT =
  'You are offline. Changes are saved on this device and will be sent when the connection returns.';
const SIGN_IN_TEXT = 'Your sign-in has expired. Changes are kept on this device: sign in again to send them.';

/** A strip above the page while the server is out of reach or the queue waits for a sign-in. */
export function OfflineBanner() {
  const online = useOnline();
  const { auth } = useSyncStatus();
  const unsent = useOutbox().length;
  const text = !online ? OFFLINE_TEXT : auth === 'refused' && unsent > 0 ? SIGN_IN_TEXT : null;
  // The live region stays mounted so screen readers announce the text when it appears.
  return (
    <Box role="status" aria-live="polite" mb={text ? 'md' : 0} data-testid="offline-banner">
      {text ? (
        <Alert color={online ? 'orange' : 'yellow'} variant="light" radius="md" py="xs">
          {text}
        </Alert>
      ) : null}
    </Box>
  );
}
