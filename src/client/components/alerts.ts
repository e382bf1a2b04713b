import { TOAST_MS } from '../../shared/constants';

export type AlertKind = 'success' | 'error' | 'info';

const COLORS: Record<AlertKind, string> = { success: 'teal', error: 'red', info: 'blue' };

/**
 * The spec's "alert": a toast that closes after 3000 ms. The notifications package loads with
 * the first toast (or soon after start), not before the sign-in screen can paint.
 */
export function showAlert(message: string, kind: AlertKind = 'info'): void {
  import('./toast-outlet')
    .then(({ notifications }) =>
      notifications.show({
        message,
        color: COLORS[kind],
        autoClose: TOAST_MS,
        withBorder: true,
        'data-alert-kind': kind,
      }),
    )
    .catch(() => console.warn(`Toast not shown (its code could not load): ${message}`));
}
