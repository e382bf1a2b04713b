// What a staff action says while it waits for the connection (hooks/use-queued-change.ts).
import { i18n } from '../i18n/i18n';

export const queuedChangeMessages = i18n('shell/queued-change', {
  savedOffline: 'Saved on this device. It will be sent when the connection returns.',
});
