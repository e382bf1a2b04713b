// What a device shows of the presences it was told (issue 19 §2): its own tabs left out, a person
// once per record (replying if any of their tabs is), and the initials on list rows.
import { describe, expect, it } from 'vitest';
import { peopleByRecord } from '../../../src/client/components/presence/use-presence';
import { initials, type PresenceEntry } from '../../../src/shared/presence';

const entry = (over: Partial<PresenceEntry>): PresenceEntry => ({
  device: 'desk',
  tab: 't1',
  uid: 'priya',
  name: 'Priya Shah',
  list: 'transfers',
  id: '7',
  typing: false,
  ...over,
});

describe('peopleByRecord', () => {
  it('leaves out this device, and shows a person on two devices once, replying if either is', () => {
    const people = peopleByRecord(
      [
        entry({ device: 'desk' }),
        entry({ device: 'phone', typing: true }),
        entry({ device: 'tablet', uid: 'omar', name: 'Omar Haddad' }),
        entry({ device: 'counter', uid: 'lea', name: 'Léa Roy', id: '8' }),
        entry({ device: 'counter', uid: 'lea', name: 'Léa Roy', list: 'inquiries' }),
      ],
      'tablet',
      'transfers',
    );
    expect(people.get('7')).toEqual([
      { uid: 'priya', name: 'Priya Shah', typing: true },
    ]);
    expect(people.get('8')).toEqual([{ uid: 'lea', name: 'Léa Roy', typing: false }]);
    expect(peopleByRecord([entry({ device: 'desk' }), entry({ device: 'phone', uid: 'omar', name: 'Omar Haddad' })], null, 'transfers').get('7')!.map((p) => p.name)).toEqual([
      'Omar Haddad',
      'Priya Shah',
    ]);
  });
});

describe('initials', () => {
  it.each([
    ['Priya Shah', 'PS'],
    ['Jean-Luc Picard', 'JP'],
    ['Anne Marie de la Tour', 'AT'],
    ['Omar', 'O'],
    ['priya.shah@example.com', 'PS'],
    ['  ', '?'],
  ])('%s → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
