// Spec "Auth token": on every change of sign-in state the fresh ID token is stored as
// adminToken; on sign-out it is removed.
import { ADMIN_TOKEN_KEY } from '../../shared/constants';
import type { EntryOwner } from '../offline/outbox-entry';

export interface TokenHolder {
  getIdToken(): Promise<string>;
}

type TokenStorage = Pick<Storage, 'setItem' | 'removeItem'>;

/**
 * The onIdTokenChanged handler. Reading the token is async, so a sign-out can land while a
 * sign-in's token is still being read: only the latest change may write.
 */
export function createTokenWriter(storage: TokenStorage, onStored?: () => void) {
  let latest = 0;
  return async (user: TokenHolder | null): Promise<void> => {
    const change = ++latest;
    if (!user) {
      storage.removeItem(ADMIN_TOKEN_KEY);
      return;
    }
    let token: string;
    try {
      token = await user.getIdToken();
    } catch {
      // Offline with an expired token: keep what is stored; the next change writes again.
      return;
    }
    if (change !== latest) return;
    storage.setItem(ADMIN_TOKEN_KEY, token);
    onStored?.();
  };
}

export function removeStoredToken(storage: TokenStorage = localStorage): void {
  storage.removeItem(ADMIN_TOKEN_KEY);
}

type TokenStorage_ = Pick<Storage, 'getItem'>;

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The uid and email the stored ID token names: who this device last admitted, known before
 * Firebase has restored its session. Its signature is not checked here: nothing is sent on its
 * word (the server verifies every call); it only says whose cache may show.
 */
export function tokenHolder(storage: TokenStorage_ = localStorage): EntryOwner | null {
  const token = storage.getItem(ADMIN_TOKEN_KEY);
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = decodeSegment(payload) as { user_id?: unknown; sub?: unknown; email?: unknown };
    const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
    if (typeof uid !== 'string' || uid === '') return null;
    return { uid, email: typeof claims.email === 'string' ? claims.email : null };
  } catch {
    return null;
  }
}
