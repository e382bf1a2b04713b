import { describe, expect, it } from 'vitest';
import { textsOf } from '../../../src/client/i18n/i18n';
import { actionLabelMessages } from '../../../src/client/lib/action-label';
import { allowedActions, canNotify } from '../../../src/client/features/prescriptions/record-actions';
import { recordActionMessages } from '../../../src/client/features/prescriptions/record-actions.messages';
import { statusMessages } from '../../../src/client/features/prescriptions/values.messages';

const labels = (status: 'active' | 'completed' | 'flagged') =>
  allowedActions(status).map((a) => textsOf(actionLabelMessages)[a.action]);
const question = (key: 'confirmFlag' | 'confirmUnflag' | undefined) =>
  key && textsOf(recordActionMessages)[key];

describe('allowed actions per status', () => {
  it('active: complete or flag', () => {
    expect(labels('active')).toEqual(['Mark as Complete', 'Flag']);
  });
  it('completed: back to incomplete only', () => {
    expect(labels('completed')).toEqual(['Mark as Incomplete']);
  });
  it('flagged: unflag only', () => {
    expect(labels('flagged')).toEqual(['Unflag']);
  });

  it('targets the state machine status', () => {
    expect(allowedActions('active').map((a) => [a.action, a.target])).toEqual([
      ['complete', 'completed'],
      ['flag', 'flagged'],
    ]);
    expect(allowedActions('completed')[0]).toMatchObject({
      action: 'incomplete',
      target: 'active',
    });
    expect(allowedActions('flagged')[0]).toMatchObject({ action: 'unflag', target: 'active' });
  });

  it('asks the spec confirmations for flag and unflag only', () => {
    expect(question(allowedActions('active').find((a) => a.action === 'flag')?.confirm)).toBe(
      'Are you sure you want to flag this transfer?',
    );
    expect(question(allowedActions('flagged')[0]?.confirm)).toBe(
      'Are you sure you want to unflag this transfer?',
    );
    expect(allowedActions('active').find((a) => a.action === 'complete')?.confirm).toBeUndefined();
    expect(allowedActions('completed')[0]?.confirm).toBeUndefined();
  });
});

describe('notify', () => {
  it('is enabled only when completed', () => {
    expect(canNotify('completed')).toBe(true);
    expect(canNotify('active')).toBe(false);
    expect(canNotify('flagged')).toBe(false);
  });
});

describe('status labels', () => {
  it('capitalises each status', () => {
    expect((['active', 'completed', 'flagged'] as const).map((s) => textsOf(statusMessages)[s])).toEqual([
      'Active',
      'Completed',
      'Flagged',
    ]);
  });
});
