import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  canNotify,
  statusLabel,
} from '../../../src/client/features/prescriptions/record-actions';

const labels = (status: 'active' | 'completed' | 'flagged') =>
  allowedActions(status).map((a) => a.label);

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
    expect(allowedActions('active').find((a) => a.action === 'flag')?.confirm).toBe(
      'Are you sure you want to flag this transfer?',
    );
    expect(allowedActions('flagged')[0]?.confirm).toBe(
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
    expect(['active', 'completed', 'flagged'].map((s) => statusLabel(s as 'active'))).toEqual([
      'Active',
      'Completed',
      'Flagged',
    ]);
  });
});
