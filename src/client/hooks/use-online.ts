import { useSyncExternalStore } from 'react';
import { isOnline, serverReachable } from '../offline/connectivity';

function subscribe(notify: () => void): () => void {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  const stop = serverReachable.subscribe(notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
    stop();
  };
}

/** False when the browser is offline or the server stopped answering our requests. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
