import { useState } from 'react';
import { Button, Group, Modal } from '@mantine/core';

export interface ConfirmModalProps {
  /** The question; the modal is open while it is set. */
  message: string | undefined;
  onSettle: (confirmed: boolean) => void;
}

/** Confirm and Cancel, as the design asks (DESIGN 5). */
export function ConfirmModal({ message, onSettle }: ConfirmModalProps) {
  // Keep the last question on screen while the modal fades out.
  const [shown, setShown] = useState(message);
  if (message !== undefined && message !== shown) setShown(message);
  return (
    <Modal.Root opened={message !== undefined} onClose={() => onSettle(false)} centered size="sm">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          {/* The question is the dialog's title, so screen readers announce it. */}
          <Modal.Title fw={500} fz="md" mb="lg">
            {shown}
          </Modal.Title>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onSettle(false)}>
              Cancel
            </Button>
            <Button onClick={() => onSettle(true)} data-autofocus>
              Confirm
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
