// The keyboard shortcuts of issue 20: which keys, what they do, and when they must stay quiet.
// Plain logic (no React, no DOM globals), so the unit tests run it as it is.

export type Command =
  | 'help'
  | 'search'
  | 'next'
  | 'previous'
  | 'complete'
  | 'incomplete'
  | 'flag'
  | 'notify'
  | 'reply'
  | 'go'
  | 'go-dashboard'
  | 'go-transfers'
  | 'go-appointments'
  | 'go-messages';

export interface Binding {
  command: Command;
  /** The keys as Mantine's hotkey matcher reads them (one of them matches). */
  hotkeys: readonly string[];
}

// `?` and `/` are typed with Shift on some layouts (US: `?`; French AZERTY: both), without it on
// others, and the matcher compares Shift exactly: both forms of each. Letters match without a
// modifier only (Ctrl+C stays the browser's copy).
export const BINDINGS: readonly Binding[] = [
  { command: 'help', hotkeys: ['?', 'shift+?'] },
  { command: 'search', hotkeys: ['/', 'shift+/'] },
  { command: 'next', hotkeys: ['j'] },
  { command: 'previous', hotkeys: ['k'] },
  { command: 'complete', hotkeys: ['c'] },
  { command: 'incomplete', hotkeys: ['i'] },
  { command: 'flag', hotkeys: ['f'] },
  { command: 'notify', hotkeys: ['n'] },
  { command: 'reply', hotkeys: ['r'] },
  { command: 'go', hotkeys: ['g'] },
  { command: 'go-dashboard', hotkeys: ['d'] },
  { command: 'go-transfers', hotkeys: ['t'] },
  { command: 'go-appointments', hotkeys: ['a'] },
  { command: 'go-messages', hotkeys: ['m'] },
];

/** The pages `g` then a letter goes to (the navigation bar's own entries). */
export const GO_TARGETS = {
  'go-dashboard': '/dashboard',
  'go-transfers': '/prescriptions/transfers',
  'go-appointments': '/appointments/calendar-view-page',
  'go-messages': '/messages',
} as const satisfies Partial<Record<Command, string>>;

export type GoCommand = keyof typeof GO_TARGETS;

export function isGoCommand(command: Command): command is GoCommand {
  return Object.hasOwn(GO_TARGETS, command);
}

/** Holding a key repeats only these: the others change a record or a page once per press. */
export function repeats(command: Command): boolean {
  return command === 'next' || command === 'previous';
}

/** How long after `g` its second letter counts. */
export const SEQUENCE_MS = 1500;

/**
 * `g` then a letter. `start` at the `g`; `take` at the next shortcut, which ends the sequence
 * whatever it is: true when it comes within the time (a `g` long ago, or none, gives false).
 */
export class KeySequence {
  private startedAt: number | null = null;

  constructor(private readonly timeoutMs = SEQUENCE_MS) {}

  start(now: number): void {
    this.startedAt = now;
  }

  take(now: number): boolean {
    const started = this.startedAt;
    this.startedAt = null;
    return started !== null && now - started >= 0 && now - started <= this.timeoutMs;
  }

  cancel(): void {
    this.startedAt = null;
  }
}

/** The parts of an element the guards read (an HTMLElement has them all). */
export interface ElementLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  getAttribute?(name: string): string | null;
}

/** Inputs that take no typing: keys pressed on them are shortcuts. */
const NOT_TYPED = new Set(['button', 'checkbox', 'radio', 'range', 'color', 'file', 'image', 'reset', 'submit']);
const TYPED_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** A field the person types in (none of the shortcuts fires there). */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as ElementLike;
  if (element.isContentEditable) return true;
  const tag = element.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NOT_TYPED.has((element.type || 'text').toLowerCase());
  const role = element.getAttribute?.('role');
  return role != null && TYPED_ROLES.has(role);
}

/** What is open over the page while it keeps the keys: a dialog (Mantine's modals) or a menu. */
export const OVERLAY_SELECTOR = '[role="dialog"], [role="alertdialog"], [role="menu"]';

export type QuietReason = 'composing' | 'taken' | 'repeat' | 'typing' | 'overlay';

/** The key event as the guard reads it. */
export interface KeyLike {
  target: unknown;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  repeat?: boolean;
}

/**
 * Why a key press is not a shortcut, or null when it is one: typing in a field, an input method
 * composing, something else took the key, or a dialog or menu is open (`overlayOpen`, read last:
 * it looks through the page).
 */
export function quietReason(event: KeyLike, command: Command, overlayOpen: () => boolean): QuietReason | null {
  if (event.isComposing) return 'composing';
  if (event.defaultPrevented) return 'taken';
  if (event.repeat && !repeats(command)) return 'repeat';
  if (isTypingTarget(event.target)) return 'typing';
  if (overlayOpen()) return 'overlay';
  return null;
}
