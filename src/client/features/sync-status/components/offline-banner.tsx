import { Alert, Box } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { useOnline } from '../../../hooks/use-online';
import { useOutbox } from '../../../hooks/use-outbox';
import { useSyncStatus } from '../../../hooks/use-sync-status';
import { offlineBannerMessages } from '../sync-status.messages';

/** A strip above the page while the server is out of reach or the queue waits for a sign-in. */
export function OfflineBanner() {
  const t = useStore(offlineBannerMessages);
  const online = useOnline();
  const { auth } = useSyncStatus();
  const unsent = useOutbox().length;
  const text = !online ? t.offline : auth === 'refused' && unsent > 0 ? t.signInExpired : null;
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
