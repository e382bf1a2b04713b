import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../../../src/shared/constants';
import { createTokenWriter, removeStoredToken } from '../../../src/client/lib/auth-token';
import { MemoryStorage } from './memory-storage';

function userWithToken(token: string) {
  return { getIdToken: () => Promise.resolve(token) };
}

function deferredUser() {
  let resolve!: (token: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { user: { getIdToken: () => promise }, resolve };
}

describe('adminToken follows the ID token (spec "Auth token")', () => {
  it('stores the fresh token on every change and tells the outbox', async () => {
    const storage = new MemoryStorage();
    const onStored = vi.fn();
    const write = createTokenWriter(storage, onStored);
    await write(userWithToken('first'));
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBe('first');
    await write(userWithToken('refreshed'));
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBe('refreshed');
    expect(onStored).toHaveBeenCalledTimes(2);
  });

  it('removes the token on sign-out', async () => {
    const storage = new MemoryStorage();
    const write = createTokenWriter(storage);
    await write(userWithToken('t'));
    await write(null);
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it('a sign-out landing while the sign-in token is still read wins', async () => {
    const storage = new MemoryStorage();
    const onStored = vi.fn();
    const write = createTokenWriter(storage, onStored);
    const slow = deferredUser();
    const signingIn = write(slow.user);
    await write(null);
    slow.resolve('late-token');
    await signingIn;
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(onStored).not.toHaveBeenCalled();
  });

  it('keeps the stored token when a refresh fails offline', async () => {
    const storage = new MemoryStorage();
    const write = createTokenWriter(storage);
    await write(userWithToken('kept'));
    await write({ getIdToken: () => Promise.reject(new Error('auth/network-request-failed')) });
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBe('kept');
  });

  it('removeStoredToken clears adminToken only', () => {
    const storage = new MemoryStorage();
    storage.setItem(ADMIN_TOKEN_KEY, 't');
    storage.setItem('other', 'x');
    removeStoredToken(storage);
    expect(storage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(storage.getItem('other')).toBe('x');
  });
});
