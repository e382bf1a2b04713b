// Is the identity service reachable? The emulator answers on its REST port; a real project is
// checked through Google's token-signing keys, which verifying any ID token needs.
import type { IdentityConfig } from '../config';
import { emulatorOrigin } from './firebase-admin';

const GOOGLE_KEYS_URL =
  'https://www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com';

export async function identityReachable(
  identity: IdentityConfig,
  timeoutMs = 1500,
): Promise<boolean> {
  const url =
    identity.mode === 'emulator'
      ? identity.host && `${emulatorOrigin(identity.host)}/`
      : GOOGLE_KEYS_URL;
  if (!url) return false;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
