// A staff action's words in the language shown (lib/action-label.ts): in English, exactly what each
// definition in src/shared/actions says, for a call and for an outbox entry alike.
import { describe, expect, it } from 'vitest';
import type { ActionArgs } from '../../../src/shared/actions/define';
import { ACTION_LIST, actionDef } from '../../../src/shared/actions/registry';
import { TRANSFER_ACTIONS } from '../../../src/shared/request-status';
import { textsOf } from '../../../src/client/i18n/i18n';
import { actionLabel, actionLabelMessages, type ActionLabels } from '../../../src/client/lib/action-label';

interface Case {
  action: string;
  args: ActionArgs;
  before?: unknown;
}

const STATUS_UPDATES = ['refills-status', 'autofill-status', 'reminders-status'];
const CHANGES = [
  ['active', 'completed'],
  ['active', 'flagged'],
  ['completed', 'active'],
  ['flagged', 'active'],
] as const;

/** Every action, every way its words can go. */
const CASES: Case[] = [
  ...TRANSFER_ACTIONS.map((action) => ({
    action: 'transfer-status',
    args: { params: { action, transfer_id: '1' }, body: undefined },
    before: { status: 'active' },
  })),
  ...STATUS_UPDATES.flatMap((action) =>
    CHANGES.map(([from, to]) => ({ action, args: { params: { id: '1' }, body: { status: to } }, before: { status: from } })),
  ),
  ...ACTION_LIST.filter((def) => def.name !== 'transfer-status' && !STATUS_UPDATES.includes(def.name)).map((def) => ({
    action: def.name,
    args: { params: {}, body: undefined },
  })),
];

const english = textsOf(actionLabelMessages);
const englishOf = ({ action, args, before }: Case) => actionDef(action)!.label(args, before);
/** Stand-in for another language: each text is its key. */
const keys = Object.fromEntries(Object.keys(english).map((key) => [key, `<${key}>`])) as ActionLabels;

describe('actionLabel', () => {
  it('covers every action of the registry', () => {
    expect(new Set(CASES.map((c) => c.action))).toEqual(new Set(ACTION_LIST.map((def) => def.name)));
  });

  it('says in English what the definition says, for a call on a record', () => {
    for (const c of CASES) expect(actionLabel(english, c, c.before)).toBe(englishOf(c));
  });

  it('says it for an outbox entry, which keeps only the English it was queued with', () => {
    for (const c of CASES) {
      const entry = { action: c.action, args: c.args, label: englishOf(c) };
      expect(actionLabel(english, entry)).toBe(entry.label);
    }
  });

  it('makes the same choice in another language: Unflag or Mark as Incomplete, from the record or the entry', () => {
    const unflag = { action: 'refills-status', args: { params: { id: '1' }, body: { status: 'active' } } };
    expect(actionLabel(keys, unflag, { status: 'flagged' })).toBe('<unflag>');
    expect(actionLabel(keys, unflag, { status: 'completed' })).toBe('<incomplete>');
    expect(actionLabel(keys, { ...unflag, label: 'Unflag' })).toBe('<unflag>');
    expect(actionLabel(keys, { ...unflag, label: 'Mark as Incomplete' })).toBe('<incomplete>');
    expect(actionLabel(keys, { action: 'transfer-status', args: { params: { action: 'flag', transfer_id: '1' }, body: undefined } })).toBe('<flag>');
    expect(actionLabel(keys, { action: 'inquiry-reply', args: { params: {}, body: undefined } })).toBe('<inquiry-reply>');
  });

  it('keeps the stored words of an entry it cannot read (a newer version, an unreadable old one)', () => {
    expect(actionLabel(keys, { action: 'future-action', args: { params: {}, body: undefined }, label: 'Do it' })).toBe('Do it');
    expect(actionLabel(keys, { action: 'transfer-status', args: { params: {}, body: undefined }, label: 'Flag' })).toBe('Flag');
  });
});
