import { describe, expect, it } from 'vitest';
import {
  REPLY_EMPTY_MESSAGE,
  REPLY_MAX_CHARS,
  REPLY_TOO_LONG_MESSAGE,
  applyInquiryAction,
  countActive,
  countUnresolved,
  inquiryState,
  inquiryTransition,
  replyProblem,
} from '../../../src/shared/inquiry-api';

const NEW = { resolved: false, replied: false, reply: null };
const RESOLVED = { resolved: true, replied: false, reply: null };
const REPLIED = { resolved: true, replied: true, reply: 'Yes, we have it.' };

describe('the inquiry machine (spec section 4)', () => {
  it('names the three states', () => {
    expect([NEW, RESOLVED, REPLIED].map(inquiryState)).toEqual(['new', 'resolved', 'replied']);
  });

  it('resolves a new inquiry and unresolves a resolved one', () => {
    expect(inquiryTransition(NEW, 'resolve')).toEqual({ kind: 'change', from: 'new', to: 'resolved' });
    expect(inquiryTransition(RESOLVED, 'unresolve')).toEqual({ kind: 'change', from: 'resolved', to: 'new' });
    expect(applyInquiryAction(NEW, 'resolve')).toEqual(RESOLVED);
    expect(applyInquiryAction(RESOLVED, 'unresolve')).toEqual(NEW);
  });

  it('treats a repeat as a success with no effect', () => {
    expect(inquiryTransition(RESOLVED, 'resolve')).toEqual({ kind: 'noop', state: 'resolved' });
    expect(inquiryTransition(NEW, 'unresolve')).toEqual({ kind: 'noop', state: 'new' });
    expect(inquiryTransition(REPLIED, 'resolve')).toEqual({ kind: 'noop', state: 'replied' });
    expect(applyInquiryAction(REPLIED, 'resolve')).toBe(REPLIED);
  });

  it('forbids unresolving or replying to a replied inquiry', () => {
    expect(inquiryTransition(REPLIED, 'unresolve').kind).toBe('forbidden');
    expect(inquiryTransition(REPLIED, 'reply').kind).toBe('forbidden');
    expect(applyInquiryAction(REPLIED, 'reply', 'again')).toBe(REPLIED);
  });

  it('a reply sets replied and resolved and stores the trimmed text, from new or resolved', () => {
    for (const from of [NEW, RESOLVED]) {
      expect(applyInquiryAction(from, 'reply', '  Ready at noon. \n')).toEqual({
        resolved: true,
        replied: true,
        reply: 'Ready at noon.',
      });
    }
  });
});

describe('reply limits', () => {
  it('refuses empty and whitespace-only text', () => {
    expect(replyProblem('')).toBe(REPLY_EMPTY_MESSAGE);
    expect(replyProblem(' \n\t ')).toBe(REPLY_EMPTY_MESSAGE);
  });

  it('accepts exactly 5,000 characters (code points, after trimming) and refuses one more', () => {
    expect(replyProblem('a'.repeat(REPLY_MAX_CHARS))).toBeNull();
    expect(replyProblem(`  ${'a'.repeat(REPLY_MAX_CHARS)}  `)).toBeNull();
    expect(replyProblem('😀'.repeat(REPLY_MAX_CHARS))).toBeNull();
    expect(replyProblem('a'.repeat(REPLY_MAX_CHARS + 1))).toBe(REPLY_TOO_LONG_MESSAGE);
    expect(REPLY_TOO_LONG_MESSAGE).toBe('reply must be at most 5,000 characters.');
  });
});

describe('badge counts (spec section 9)', () => {
  it('counts unresolved inquiries and active items', () => {
    expect(countUnresolved([NEW, RESOLVED, REPLIED, NEW])).toBe(2);
    expect(countActive([{ status: 'active' }, { status: 'completed' }, { status: 'flagged' }, { status: 'active' }])).toBe(2);
  });
});
