import { describe, expect, it } from 'vitest';
import { tokenHolder } from '../../../src/client/lib/auth-token';
import { decideAccess, isTrustedAdmin, rememberRole } from '../../../src/client/lib/role-cache';
import { ADMIN_TOKEN_KEY } from '../../../src/shared/constants';
import { MemoryStorage } from './memory-storage';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function withToken(claims: object): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(ADMIN_TOKEN_KEY, `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`);
  return storage;
}

describe('the remembered admin (a repeat visit paints from the cache)', () => {
  it("reads the uid and email of the stored ID token, non-ASCII emails included", () => {
    const storage = withToken({ user_id: 'u1', sub: 'u1', email: 'zoë@pharmacy.test' });
    expect(tokenHolder(storage)).toEqual({ uid: 'u1', email: 'zoë@pharmacy.test' });
  });

  it('is nobody without a token, with a malformed one, or without a uid', () => {
    expect(tokenHolder(new MemoryStorage())).toBeNull();
    const bad = new MemoryStorage();
    bad.setItem(ADMIN_TOKEN_KEY, 'not-a-jwt');
    expect(tokenHolder(bad)).toBeNull();
    bad.setItem(ADMIN_TOKEN_KEY, 'a.!!!.c');
    expect(tokenHolder(bad)).toBeNull();
    expect(tokenHolder(withToken({ email: 'x@pharmacy.test' }))).toBeNull();
  });

  it('is trusted only as an admin this device verified, and only within the offline trust', () => {
    const storage = withToken({ user_id: 'u1', email: 'a@pharmacy.test' });
    const day = 24 * 3600 * 1000;
    const verified = new Date('2026-11-20T09:00:00Z');
    const trust = 3 * day;
    expect(isTrustedAdmin(storage, 'u1', verified.getTime(), trust)).toBe(false);
    rememberRole(storage, 'u2', 'admin', verified);
    expect(isTrustedAdmin(storage, 'u1', verified.getTime(), trust)).toBe(false);
    rememberRole(storage, 'u1', 'admin', verified);
    expect(isTrustedAdmin(storage, 'u1', verified.getTime() + trust, trust)).toBe(true);
    // Three days and a minute without reaching the server: no patient data until an online sign-in.
    expect(isTrustedAdmin(storage, 'u1', verified.getTime() + trust + 60_000, trust)).toBe(false);
    expect(decideAccess(storage, 'u1', { kind: 'unreachable' }, { now: verified.getTime() + trust + 60_000, trustMs: trust })).toBe('denied');
    expect(decideAccess(storage, 'u1', { kind: 'unreachable' }, { now: verified.getTime() + day, trustMs: trust })).toBe('admin');
    rememberRole(storage, 'u1', 'patient');
    expect(isTrustedAdmin(storage, 'u1', verified.getTime(), trust)).toBe(false);
  });
});
