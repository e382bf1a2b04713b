import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  forgetRole,
  rememberedName,
  rememberedRole,
  rememberRole,
} from '../../../src/client/lib/role-cache';
import { MemoryStorage } from './memory-storage';

describe('the staff name given with the role (issue 19)', () => {
  it('is remembered with an admin role, for a page that starts offline, and forgotten with it', () => {
    const storage = new MemoryStorage();
    expect(decideAccess(storage, 'u1', { kind: 'answered', role: 'admin', name: 'Priya Shah' })).toBe('admin');
    expect(rememberedName(storage, 'u1')).toBe('Priya Shah');
    expect(rememberedName(storage, 'u2')).toBeNull();
    // Renamed since: the newer answer stands; an answer without one forgets it.
    decideAccess(storage, 'u1', { kind: 'answered', role: 'admin', name: 'Priya Shah-Patel' });
    expect(rememberedName(storage, 'u1')).toBe('Priya Shah-Patel');
    decideAccess(storage, 'u1', { kind: 'answered', role: 'admin' });
    expect(rememberedName(storage, 'u1')).toBeNull();
    decideAccess(storage, 'u1', { kind: 'answered', role: 'admin', name: 'Priya Shah' });
    decideAccess(storage, 'u1', { kind: 'answered', role: 'patient' });
    expect(rememberedName(storage, 'u1')).toBeNull();
  });
});

describe('the guard decides from GET /role (spec section 6, DESIGN 4)', () => {
  it('admits an admin and remembers the role for this uid', () => {
    const storage = new MemoryStorage();
    expect(decideAccess(storage, 'u1', { kind: 'answered', role: 'admin' })).toBe('admin');
    expect(rememberedRole(storage, 'u1')).toBe('admin');
    expect(rememberedRole(storage, 'u2')).toBeNull();
  });

  it('refuses any other role and forgets an earlier admin verdict', () => {
    const storage = new MemoryStorage();
    rememberRole(storage, 'u1', 'admin');
    // No longer an admin: refused, and revoked (the device's data goes; see below).
    expect(decideAccess(storage, 'u1', { kind: 'answered', role: 'patient' })).toBe('revoked');
    expect(rememberedRole(storage, 'u1')).toBeNull();
    // Offline afterwards: the revoked role is not trusted.
    expect(decideAccess(storage, 'u1', { kind: 'unreachable' })).toBe('denied');
  });

  it('offline, trusts only an admin role verified earlier for the same uid', () => {
    const storage = new MemoryStorage();
    rememberRole(storage, 'u1', 'admin');
    expect(decideAccess(storage, 'u1', { kind: 'unreachable' })).toBe('admin');
    expect(decideAccess(storage, 'u2', { kind: 'unreachable' })).toBe('denied');
    expect(decideAccess(new MemoryStorage(), 'u1', { kind: 'unreachable' })).toBe('denied');
  });

  it('a non-OK answer denies; 401 and 403 also forget the remembered role', () => {
    const storage = new MemoryStorage();
    rememberRole(storage, 'u1', 'admin');
    expect(decideAccess(storage, 'u1', { kind: 'refused', status: 500 })).toBe('denied');
    expect(rememberedRole(storage, 'u1')).toBe('admin');
    expect(decideAccess(storage, 'u1', { kind: 'refused', status: 401 })).toBe('denied');
    expect(rememberedRole(storage, 'u1')).toBeNull();
  });

  it('a gateway error means the server was not reached: treated as offline', () => {
    const storage = new MemoryStorage();
    rememberRole(storage, 'u1', 'admin');
    expect(decideAccess(storage, 'u1', { kind: 'refused', status: 503 })).toBe('admin');
    expect(decideAccess(storage, 'u2', { kind: 'refused', status: 504 })).toBe('denied');
  });

  it('keeps one entry per uid and survives garbage in storage', () => {
    const storage = new MemoryStorage();
    rememberRole(storage, 'a', 'admin');
    rememberRole(storage, 'b', 'admin');
    forgetRole(storage, 'a');
    expect(rememberedRole(storage, 'a')).toBeNull();
    expect(rememberedRole(storage, 'b')).toBe('admin');
    storage.setItem('verifiedRoles', '{not json');
    expect(rememberedRole(storage, 'b')).toBeNull();
    expect(decideAccess(storage, 'b', { kind: 'unreachable' })).toBe('denied');
  });
});

describe('an account that is no longer an admin (issue 10, item 7)', () => {
  it('is revoked when the server answers another role for a uid this device knew as admin', () => {
    const storage = new MemoryStorage();
    rememberRole(storage, 'u1', 'admin');
    expect(decideAccess(storage, 'u1', { kind: 'answered', role: 'none' })).toBe('revoked');
    expect(rememberedRole(storage, 'u1')).toBeNull();
    // Told once: the device holds nothing of theirs any more.
    expect(decideAccess(storage, 'u1', { kind: 'answered', role: 'none' })).toBe('denied');
  });

  it('is revoked when the account is disabled or deleted', () => {
    const storage = new MemoryStorage();
    rememberRole(storage, 'u1', 'admin');
    expect(decideAccess(storage, 'u1', { kind: 'account-gone' })).toBe('revoked');
    expect(decideAccess(storage, 'u2', { kind: 'account-gone' })).toBe('denied');
  });

  it('a patient who never was an admin here is only denied; an ended session is not a revocation', () => {
    const storage = new MemoryStorage();
    expect(decideAccess(storage, 'p1', { kind: 'answered', role: 'patient' })).toBe('denied');
    rememberRole(storage, 'u1', 'admin');
    expect(decideAccess(storage, 'u1', { kind: 'refused', status: 401 })).toBe('denied');
  });
});
