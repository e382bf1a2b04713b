import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '../../shared/constants';
import { textsOf } from '../i18n/i18n';
import { alertMessages } from './components.messages';

export type AlertKind = 'success' | 'error' | 'info';

const COLORS: Record<AlertKind, string> = { success: 'teal', error: 'red', info: 'blue' };

/**
 * The spec's "alert": a toast that closes after 3000 ms. The store takes it at once; the outlet
 * that shows it is part of the admin layout's code. The sign-in screen loads both after its first
 * paint (components/login-toasts.tsx). The same words are not stacked: while a toast says them,
 * saying them again (ten changes tapped offline in a row) adds none.
 */
export function showAlert(message: string, kind: AlertKind = 'info'): void {
  notifications.show({
    id: `alert:${kind}:${message}`,
    message,
    color: COLORS[kind],
    autoClose: TOAST_MS,
    withBorder: true,
    // Mantine's close button has no name of its own (axe: button-name).
    closeButtonProps: { 'aria-label': textsOf(alertMessages).closeNotification },
    'data-alert-kind': kind,
  });
}
