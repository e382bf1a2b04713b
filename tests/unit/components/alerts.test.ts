// The alerts (spec: a toast that closes after 3000 ms) do not stack the same words: ten changes
// tapped offline in a row say "Saved on this device…" once while it shows.
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { showAlert } from '../../../src/client/components/alerts';

afterEach(() => notifications.clean());

const shown = () => notificationsStore.getState().notifications.map((n) => [n.message, n.color]);

describe('alerts', () => {
  it('shows the same words once while they show, and other words beside them', () => {
    for (let i = 0; i < 10; i += 1) showAlert('Saved on this device. It will be sent when the connection returns.', 'info');
    showAlert('Could not send the change.', 'error');
    showAlert('Could not send the change.', 'error');
    expect(shown()).toEqual([
      ['Saved on this device. It will be sent when the connection returns.', 'blue'],
      ['Could not send the change.', 'red'],
    ]);
  });

  it('shows the words again once their toast has closed', () => {
    showAlert('Request marked as completed.', 'success');
    notifications.hide('alert:success:Request marked as completed.');
    expect(shown()).toEqual([]);
    showAlert('Request marked as completed.', 'success');
    expect(shown()).toEqual([['Request marked as completed.', 'teal']]);
  });
});
