// The spec's "confirm" (DESIGN 5: a Mantine modal with Confirm and Cancel). Mantine's modals
// manager is mounted with the admin layout, so the code that asks is loaded whenever a page that
// asks is on screen: a question can never fail to load and be silently answered "no".
import { useCallback } from 'react';
import { useModals } from '@mantine/modals';
import { useStore } from '@nanostores/react';
import { confirmMessages } from './components.messages';

export type Confirm = (message: string) => Promise<boolean>;

export function useConfirm(): Confirm {
  const { openConfirmModal } = useModals();
  const t = useStore(confirmMessages);
  return useCallback(
    (message) =>
      new Promise<boolean>((resolve) => {
        openConfirmModal({
          // The question is the dialog's title, so screen readers announce it.
          title: message,
          labels: { confirm: t.confirm, cancel: t.cancel },
          centered: true,
          size: 'sm',
          confirmProps: { 'data-autofocus': true },
          // Named like every other dialog's X (axe `button-name`: an icon alone says nothing).
          closeButtonProps: { 'aria-label': t.close },
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          // Escape, the X or a click outside: not confirmed.
          onClose: () => resolve(false),
        });
      }),
    [openConfirmModal, t],
  );
}
