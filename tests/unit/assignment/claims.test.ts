// Claims and assignment (issue 19, section 3): the claim machine both sides share, the calls the
// screens make, and the access log's words for an assignment.
import { describe, expect, it } from 'vitest';
import { assignCall } from '../../../src/shared/actions/calls';
import { STAFF_ACTIONS } from '../../../src/shared/actions/registry';
import { assignProblem, assignStep, heldByMessage, initials } from '../../../src/shared/assignment';
import { whatWords } from '../../../src/client/features/access-log/access-words';

describe('the claim machine', () => {
  const claim = (expected: string | null) => ({ mode: 'claim' as const, assignee_uid: 'me', assignee_name: 'Me', expected_uid: expected });

  it('a claim holds over the assignee seen; over someone else’s it is refused naming the holder', () => {
    expect(assignStep({ assignee_uid: null }, claim(null))).toBe('change');
    expect(assignStep({}, claim(null))).toBe('change');
    expect(assignStep({ assignee_uid: 'me' }, claim(null))).toBe('noop');
    expect(assignStep({ assignee_uid: 'priya' }, claim(null))).toBe('held');
    expect(assignStep({ assignee_uid: 'priya' }, claim('priya'))).toBe('change');
    const def = STAFF_ACTIONS['transfers-assign'];
    const step = def.record!.check({ assignee_uid: 'priya', assignee_name: 'Priya Shah' } as never, { params: { id: '1' }, body: claim(null) });
    expect(step).toEqual({ kind: 'forbidden', code: 'assigned', message: 'Priya Shah has this.' });
  });

  it('a take-over and an assignment replace whoever holds it; an unassignment of nobody is a repeat', () => {
    expect(assignStep({ assignee_uid: 'priya' }, { mode: 'take-over', assignee_uid: 'me', assignee_name: 'Me' })).toBe('change');
    expect(assignStep({ assignee_uid: 'priya' }, { mode: 'assign', assignee_uid: 'omar', assignee_name: 'Omar' })).toBe('change');
    expect(assignStep({ assignee_uid: null }, { mode: 'unassign', assignee_uid: null, assignee_name: null })).toBe('noop');
  });

  it('says what is wrong with a body', () => {
    expect(assignProblem({ mode: 'claim', assignee_uid: null, assignee_name: null })).toMatch(/assignee_uid is required/);
    expect(assignProblem({ mode: 'unassign', assignee_uid: 'me', assignee_name: null })).toMatch(/must be null/);
    expect(assignProblem({ mode: 'assign', assignee_uid: 'omar', assignee_name: null })).toBeNull();
  });

  it('builds the calls the screens make, and the words rows and refusals use', () => {
    expect(assignCall('refills', 7, 'claim', { uid: 'me', name: 'Me' }, null)).toEqual({
      action: 'refills-assign',
      args: { params: { id: '7' }, body: { mode: 'claim', assignee_uid: 'me', assignee_name: 'Me', expected_uid: null } },
    });
    expect(assignCall('inquiries', 3, 'unassign', null).args.body).toEqual({ mode: 'unassign', assignee_uid: null, assignee_name: null });
    expect(heldByMessage(null)).toBe('Someone else has this.');
    expect(initials('Priya Shah')).toBe('PS');
    expect(initials('omar@pharmacy.test')).toBe('OP');
  });
});

describe('the access log’s words', () => {
  const entry = (action: 'assign' | 'unassign' | 'take-over', detail: Record<string, unknown>) =>
    ({
      entry_id: 1,
      actor_uid: 'u',
      actor_name: 'Omar Haddad',
      device_id: null,
      action,
      collection: 'transfers',
      record_id: 12,
      patient_user_id: null,
      patient_name: 'Ada Lovelace',
      detail,
      occurred_at: '2026-11-27T10:00:00.000Z',
      received_at: '2026-11-27T10:00:00.000Z',
      offline: false,
    }) as const;

  it('names the assignee of an assignment; a take-over and an unassignment say what was done', () => {
    expect(whatWords(entry('assign', { assignee: 'Priya Shah', assignee_uid: 'p' }))).toBe('Assigned Transfer #12 to Priya Shah');
    expect(whatWords(entry('take-over', { assignee: 'Omar Haddad', from: 'Priya Shah' }))).toBe('Took over Transfer #12');
    expect(whatWords(entry('unassign', { assignee: null, from: 'Priya Shah' }))).toBe('Unassigned Transfer #12');
  });
});
