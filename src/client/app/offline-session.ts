import { decideAccess } from '../lib/role-cache';
import { getSessionToken, onAccountGone } from '../lib/auth';
import { endRevokedSession } from '../lib/revoked-access';
import { getLoadedConfig, subscribeRuntimeConfig } from '../lib/runtime-config';
import { db } from '../offline/db';
import { applyKeyRetention } from '../offline/key-retention';
import { onOutboxMessage } from '../offline/outbox-channel';
import type { EntryOwner } from '../offline/outbox-entry';
import { startOffline } from '../offline/start';

let listening = false;

/** Once per page: what this page does when the device's data is wiped or an account is gone. */
function listen(): void {
  if (listening) return;
  listening = true;
  onOutboxMessage((message, local) => {
    // Another tab is wiping the device: let go of the database and leave with nothing in memory.
    if (message.type !== 'wiped' || local) return;
    db.close({ disableAutoOpen: true });
    window.location.replace('/login');
  });
  // The server's settings may arrive after the admission (a remembered copy was used first).
  subscribeRuntimeConfig(() => applyKeyRetention(getLoadedConfig()));
  // Firebase would not renew the token: the account is disabled or deleted.
  onAccountGone((uid) => {
    if (decideAccess(localStorage, uid, { kind: 'account-gone' }) === 'revoked') void endRevokedSession();
  });
}

/** Once an admin is admitted: the cache, the outbox and persistent storage (DESIGN 4). */
export function startOfflineSession(person: EntryOwner): void {
  listen();
  startOffline({
    person,
    getToken: getSessionToken,
    runtimeConfig: getLoadedConfig(),
  });
}
