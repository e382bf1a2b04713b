// Cancellation through the offline outbox (hooks/use-queued-change.ts): after the spec's
// confirm, the cached appointment is cancelled at once with a pending mark; the spec's success
// text waits for the server's 2xx, a refusal reads 'Error: {message}'.
import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import type { Appointment } from '../../../../shared/entities';
import { useConfirm } from '../../../components/confirm-dialog';
import { useQueuedChange } from '../../../hooks/use-queued-change';
import { cancelCall } from '../../../../shared/actions/calls';
import { queueAction } from '../../../offline/actions';
import { detailsMessages } from '../appointment-details.messages';

export function useCancelAppointment() {
  const t = useStore(detailsMessages);
  const confirm = useConfirm();
  const { busy, run } = useQueuedChange<'cancel'>();

  /** Resolves once the person has answered the confirm (true: queued), not when the server has. */
  const cancel = useCallback(
    async (appointment: Appointment): Promise<boolean> => {
      if (!(await confirm(t.cancelConfirm))) return false;
      void run('cancel', () => queueAction(cancelCall(appointment), appointment), {
        log: 'Failed to cancel the appointment',
        success: t.cancelSuccess,
        failure: (reason) => t.cancelFailure({ reason }),
      });
      return true;
    },
    [confirm, run, t],
  );

  return { cancelling: busy === 'cancel', cancel };
}
