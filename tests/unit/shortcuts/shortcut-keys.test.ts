// Issue 20's keyboard shortcuts: the `g` sequence, and when a key is not a shortcut (typing in a
// field, a dialog or menu open, an input method composing, a key held down).
import { describe, expect, it } from 'vitest';
import { getHotkeyHandler } from '@mantine/hooks';
import {
  BINDINGS,
  GO_TARGETS,
  isGoCommand,
  isTypingTarget,
  KeySequence,
  quietReason,
  SEQUENCE_MS,
  type Command,
  type ElementLike,
} from '../../../src/client/app/shortcuts/shortcut-keys';

const element = (tagName: string, extra: Partial<ElementLike> & { role?: string } = {}): ElementLike => ({
  tagName,
  ...extra,
  getAttribute: (name) => (name === 'role' ? (extra.role ?? null) : null),
});

describe('the g sequence', () => {
  it('takes the letter that comes within the time, once', () => {
    const sequence = new KeySequence();
    sequence.start(1_000);
    expect(sequence.take(1_000 + SEQUENCE_MS)).toBe(true);
    // Ended: the next letter alone does nothing.
    expect(sequence.take(1_000 + SEQUENCE_MS + 10)).toBe(false);
  });

  it('lets a late letter, or one with no g before it, go', () => {
    const sequence = new KeySequence();
    expect(sequence.take(5_000)).toBe(false);
    sequence.start(5_000);
    expect(sequence.take(5_000 + SEQUENCE_MS + 1)).toBe(false);
  });

  it('is ended by a cancel (typing, a dialog)', () => {
    const sequence = new KeySequence();
    sequence.start(0);
    sequence.cancel();
    expect(sequence.take(10)).toBe(false);
  });

  it('goes to the four pages of the navigation bar', () => {
    expect(GO_TARGETS).toEqual({
      'go-dashboard': '/dashboard',
      'go-transfers': '/prescriptions/transfers',
      'go-appointments': '/appointments/calendar-view-page',
      'go-messages': '/messages',
    });
    expect(isGoCommand('go-transfers')).toBe(true);
    expect(isGoCommand('go')).toBe(false);
    expect(isGoCommand('complete')).toBe(false);
  });
});

describe('typing in a field', () => {
  it('counts text inputs, text areas, selects, editable content and text roles', () => {
    expect(isTypingTarget(element('INPUT', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(element('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(element('INPUT', { type: 'email' }))).toBe(true);
    expect(isTypingTarget(element('INPUT'))).toBe(true);
    expect(isTypingTarget(element('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(element('SELECT'))).toBe(true);
    expect(isTypingTarget(element('DIV', { isContentEditable: true }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'textbox' }))).toBe(true);
    expect(isTypingTarget(element('DIV', { role: 'combobox' }))).toBe(true);
  });

  it('leaves buttons, links, radios (a status filter) and the page to the shortcuts', () => {
    expect(isTypingTarget(element('BUTTON'))).toBe(false);
    expect(isTypingTarget(element('A'))).toBe(false);
    expect(isTypingTarget(element('INPUT', { type: 'radio' }))).toBe(false);
    expect(isTypingTarget(element('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(element('BODY'))).toBe(false);
    expect(isTypingTarget(element('DIV', { role: 'listitem' }))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('when a key is not a shortcut', () => {
  const onPage = { target: element('BODY') };
  const closed = () => false;

  it('fires on the page with nothing open', () => {
    expect(quietReason(onPage, 'complete', closed)).toBeNull();
  });

  it('stays quiet while typing, composing, with a dialog or menu open, or when the key was taken', () => {
    expect(quietReason({ target: element('TEXTAREA') }, 'reply', closed)).toBe('typing');
    expect(quietReason({ ...onPage, isComposing: true }, 'next', closed)).toBe('composing');
    expect(quietReason(onPage, 'flag', () => true)).toBe('overlay');
    expect(quietReason({ ...onPage, defaultPrevented: true }, 'next', closed)).toBe('taken');
  });

  it('repeats only the moves when a key is held down', () => {
    expect(quietReason({ ...onPage, repeat: true }, 'next', closed)).toBeNull();
    expect(quietReason({ ...onPage, repeat: true }, 'previous', closed)).toBeNull();
    expect(quietReason({ ...onPage, repeat: true }, 'flag', closed)).toBe('repeat');
    expect(quietReason({ ...onPage, repeat: true }, 'go', closed)).toBe('repeat');
  });
});

describe('the keys, as Mantine matches them', () => {
  const press = (key: string, mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) =>
    ({ key, code: '', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods }) as KeyboardEvent;
  const commandOf = (event: KeyboardEvent): Command[] => {
    const fired: Command[] = [];
    const handle = getHotkeyHandler(
      BINDINGS.flatMap(({ command, hotkeys }) =>
        hotkeys.map((hotkey): [string, () => void, { preventDefault: boolean }] => [hotkey, () => fired.push(command), { preventDefault: false }]),
      ),
    );
    handle(event);
    return fired;
  };

  it('reads ? and / with or without Shift (keyboard layouts differ)', () => {
    expect(commandOf(press('?', { shiftKey: true }))).toEqual(['help']);
    expect(commandOf(press('?'))).toEqual(['help']);
    expect(commandOf(press('/'))).toEqual(['search']);
    expect(commandOf(press('/', { shiftKey: true }))).toEqual(['search']);
  });

  it('reads each letter alone, and never with Ctrl, Meta or Alt (copy stays copy)', () => {
    expect(commandOf(press('j'))).toEqual(['next']);
    expect(commandOf(press('J'))).toEqual(['next']);
    expect(commandOf(press('c'))).toEqual(['complete']);
    expect(commandOf(press('c', { ctrlKey: true }))).toEqual([]);
    expect(commandOf(press('c', { metaKey: true }))).toEqual([]);
    expect(commandOf(press('f', { altKey: true }))).toEqual([]);
    expect(commandOf(press('x'))).toEqual([]);
  });

  it('has one command per key', () => {
    const keys = BINDINGS.flatMap((binding) => binding.hotkeys);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
