// Spec "Auth token": on every change of sign-in state the fresh ID token is stored as
// adminToken; on sign-out it is removed.
import { ADMIN_TOKEN_KEY } from '../../shared/constants';

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
