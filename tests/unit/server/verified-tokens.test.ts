// The server's cache of verified ID tokens (src/server/auth/verified-tokens.ts): a token is
// verified once until it expires; a failure is never kept.
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { createVerifiedTokens } from '../../../src/server/auth/verified-tokens';

type Answer = DecodedIdToken | Error;

/** An identity service answering each token's verifications in turn (the last answer repeats); counts them. */
function identity(answers: Record<string, Answer[]>) {
  const calls: string[] = [];
  const auth = {
    verifyIdToken: async (token: string) => {
      const turn = calls.filter((call) => call === token).length;
      calls.push(token);
      const list = answers[token]!;
      const answer = list[Math.min(turn, list.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Auth;
  return { tokens: createVerifiedTokens(auth), calls };
}

const decoded = (uid: string, expiresInS: number) =>
  ({ uid, exp: Math.floor(Date.now() / 1000) + expiresInS }) as DecodedIdToken;

describe('verified tokens', () => {
  it('verifies a token once while it is valid, concurrent requests sharing the one verification', async () => {
    const { tokens, calls } = identity({ a: [decoded('uid-a', 3600)], b: [decoded('uid-b', 3600)] });
    const [first, second] = await Promise.all([tokens.verify('a'), tokens.verify('a')]);
    expect(first.uid).toBe('uid-a');
    expect(second).toBe(first);
    expect((await tokens.verify('a')).uid).toBe('uid-a');
    expect((await tokens.verify('b')).uid).toBe('uid-b');
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps no failure: a refused token is asked about again', async () => {
    const { tokens, calls } = identity({ t: [new Error('auth/id-token-revoked'), decoded('uid-t', 3600)] });
    await expect(tokens.verify('t')).rejects.toThrow('auth/id-token-revoked');
    expect((await tokens.verify('t')).uid).toBe('uid-t');
    expect(calls).toEqual(['t', 't']);
  });

  it('verifies an expired token again (and so refuses it when the identity service does)', async () => {
    const { tokens, calls } = identity({ old: [decoded('uid-old', -1), new Error('auth/id-token-expired')] });
    expect((await tokens.verify('old')).uid).toBe('uid-old');
    await expect(tokens.verify('old')).rejects.toThrow('auth/id-token-expired');
    expect(calls).toEqual(['old', 'old']);
  });
});
