// DESIGN 4: with a Firebase session and no network, the guard trusts the role it last verified
// with GET /role on this device, for a while (the offline trust: after it, no patient data shows
// until an online sign-in). A role the server denied is never remembered.
import type { RoleResponse } from '../../shared/entities';

export type Role = RoleResponse['role'];
/** 'revoked': the server says an account this device knew as admin is no longer one. */
export type Access = 'admin' | 'denied' | 'revoked';

/** What became of one GET /role. */
export type RoleOutcome =
  /** `name`: an admin's staff name, when their account has one (issue 19). */
  | { kind: 'answered'; role: Role; name?: string }
  | { kind: 'refused'; status: number }
  /** The account's sessions were revoked, or it is disabled or deleted (server or identity service). */
  | { kind: 'account-gone' }
  | { kind: 'unreachable' };

type RoleStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const STORAGE_KEY = 'verifiedRoles';

interface VerifiedRole {
  role: 'admin';
  verifiedAt: string;
  /** The staff name the server gave with the role: shown when the page starts offline. */
  name?: string;
}

function read(storage: RoleStorage): Record<string, VerifiedRole> {
  try {
    const value: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, VerifiedRole>) : {};
  } catch {
    return {};
  }
}

function write(storage: RoleStorage, roles: Record<string, VerifiedRole>): void {
  if (Object.keys(roles).length === 0) storage.removeItem(STORAGE_KEY);
  else storage.setItem(STORAGE_KEY, JSON.stringify(roles));
}

export function rememberRole(storage: RoleStorage, uid: string, role: Role, now = new Date(), name?: string): void {
  const roles = read(storage);
  if (role === 'admin') roles[uid] = { role, verifiedAt: now.toISOString(), ...(name ? { name } : {}) };
  else delete roles[uid];
  write(storage, roles);
}

export function forgetRole(storage: RoleStorage, uid: string): void {
  rememberRole(storage, uid, 'none');
}

export function rememberedRole(storage: RoleStorage, uid: string): Role | null {
  return read(storage)[uid]?.role ?? null;
}

/** The staff name the server last gave with `uid`'s admin role on this device, or null. */
export function rememberedName(storage: RoleStorage, uid: string): string | null {
  const name = read(storage)[uid]?.name;
  return typeof name === 'string' && name !== '' ? name : null;
}

/** The offline trust: by default the admin role verified online in the last three days. */
export const DEFAULT_OFFLINE_TRUST_MS = 3 * 24 * 60 * 60 * 1000;

/** Whether this device may admit `uid` on its own word: an admin verified here within `trustMs`. */
export function isTrustedAdmin(storage: RoleStorage, uid: string, now: number, trustMs: number): boolean {
  const verified = read(storage)[uid];
  if (verified?.role !== 'admin') return false;
  const at = Date.parse(verified.verifiedAt);
  return Number.isFinite(at) && now - at <= trustMs;
}

/** Statuses a proxy or the service worker gives when the server itself did not answer. */
const NOT_REACHED = new Set([502, 503, 504]);

/**
 * Spec section 6: a failure or a non-admin role denies; DESIGN 4: offline trusts the device. An
 * account this device knew as admin that the server now calls something else, or that is
 * disabled or deleted, is 'revoked': the app wipes the device's patient data then. A session
 * that merely ended (expired, signed out elsewhere) is 'denied': the data waits for a sign-in.
 */
export function decideAccess(
  storage: RoleStorage,
  uid: string,
  outcome: RoleOutcome,
  trust: { now: number; trustMs: number } = { now: Date.now(), trustMs: DEFAULT_OFFLINE_TRUST_MS },
): Access {
  if (outcome.kind === 'refused' && NOT_REACHED.has(outcome.status)) {
    return decideAccess(storage, uid, { kind: 'unreachable' }, trust);
  }
  const wasAdmin = rememberedRole(storage, uid) === 'admin';
  switch (outcome.kind) {
    case 'answered':
      rememberRole(storage, uid, outcome.role, new Date(), outcome.name);
      if (outcome.role === 'admin') return 'admin';
      return wasAdmin ? 'revoked' : 'denied';
    case 'account-gone':
      forgetRole(storage, uid);
      return wasAdmin ? 'revoked' : 'denied';
    case 'refused':
      if (outcome.status === 401 || outcome.status === 403) forgetRole(storage, uid);
      return 'denied';
    case 'unreachable':
      return isTrustedAdmin(storage, uid, trust.now, trust.trustMs) ? 'admin' : 'denied';
  }
}
