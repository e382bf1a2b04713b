import { describe, expect, it } from 'vitest';
import { rememberedAdmin, tokenHolder } from '../../../src/client/lib/remembered-admin';
import { rememberRole } from '../../../src/client/lib/role-cache';
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

  it('is only a holder this device verified as an admin', () => {
    const storage = withToken({ user_id: 'u1', email: 'a@pharmacy.test' });
    expect(rememberedAdmin(storage)).toBeNull();
    rememberRole(storage, 'u2', 'admin');
    expect(rememberedAdmin(storage)).toBeNull();
    rememberRole(storage, 'u1', 'admin');
    expect(rememberedAdmin(storage)).toEqual({ uid: 'u1', email: 'a@pharmacy.test' });
    rememberRole(storage, 'u1', 'patient');
    expect(rememberedAdmin(storage)).toBeNull();
  });
});
