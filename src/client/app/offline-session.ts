import { getFreshToken } from '../lib/auth';
import { getLoadedConfig } from '../lib/runtime-config';
import { startOffline } from '../offline/start';

/** Once an admin is admitted: the cache, the outbox and persistent storage (DESIGN 4). */
export function startOfflineSession(): void {
  startOffline({ getToken: getFreshToken, runtimeConfig: getLoadedConfig() });
}
