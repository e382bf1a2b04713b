// Who this device last admitted, known before Firebase has restored its session: the holder of
// the stored adminToken, if the server verified that uid as an admin on this device. With it a
// repeat visit paints from the device's cache at once while the session and the role are checked
// in the background (the same trust the guard gives this device offline, DESIGN 4).
import { ADMIN_TOKEN_KEY } from '../../shared/constants';
import type { EntryOwner } from '../offline/outbox-entry';
import { rememberedRole } from './role-cache';

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The uid and email the stored ID token names. Its signature is not checked here: nothing is
 * sent on its word (the server verifies every call); it only says whose cache to show.
 */
export function tokenHolder(storage: Storage_): EntryOwner | null {
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

/** The adminToken's holder when this device verified them as an admin; otherwise null. */
export function rememberedAdmin(storage: Storage_ = localStorage): EntryOwner | null {
  const holder = tokenHolder(storage);
  return holder && rememberedRole(storage, holder.uid) === 'admin' ? holder : null;
}
