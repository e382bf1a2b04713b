// The server's cache of verified ID tokens (src/server/auth/verified-tokens.ts): a token is
// verified once until it expires; a failure is never kept.
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { createVerifiedTokens } from '../../../src/server/auth/verified-tokens';

/** Counts verifications; each token's answer is set by the test. */
function identity(answers: Record<string, () => Promise<DecodedIdToken>>) {
  const calls: string[] = [];
  const auth = {
    verifyIdToken: (token: string) => {
      calls.push(token);
      return answers[token]!();
    },
  } as unknown as Auth;
  return { auth, calls };
}

const decoded = (uid: string, expiresInS: number) =>
  ({ uid, exp: Math.floor(Date.now() / 1000) + expiresInS }) as DecodedIdToken;

describe('verified tokens', () => {
  it('verifies a token once while it is valid, concurrent requests sharing the one verification', async () => {
    const { auth, calls } = identity({ a: async () => decoded('uid-a', 3600), b: async () => decoded('uid-b', 3600) });
    const tokens = createVerifiedTokens(auth);
    const [first, second] = await Promise.all([tokens.verify('a'), tokens.verify('a')]);
    expect(first.uid).toBe('uid-a');
    expect(second).toBe(first);
    expect((await tokens.verify('a')).uid).toBe('uid-a');
    expect((await tokens.verify('b')).uid).toBe('uid-b');
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps no failure: a refused token is asked about again', async () => {
    let refuse = true;
    const { auth, calls } = identity({
      t: async () => {
        if (refuse) throw new Error('auth/id-token-revoked');
        return decoded('uid-t', 3600);
      },
    });
    const tokens = createVerifiedTokens(auth);
    await expect(tokens.verify('t')).rejects.toThrow('auth/id-token-revoked');
    refuse = false;
    expect((await tokens.verify('t')).uid).toBe('uid-t');
    expect(calls).toEqual(['t', 't']);
  });

  it('verifies an expired token again (and so refuses it when the identity service does)', async () => {
    let expired = true;
    const { auth, calls } = identity({
      old: async () => {
        if (!expired) throw new Error('auth/id-token-expired');
        return decoded('uid-old', -1);
      },
    });
    const tokens = createVerifiedTokens(auth);
    expect((await tokens.verify('old')).uid).toBe('uid-old');
    expired = false;
    await expect(tokens.verify('old')).rejects.toThrow('auth/id-token-expired');
    expect(calls).toEqual(['old', 'old']);
  });
});
