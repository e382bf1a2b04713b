// Keyboard shortcuts (issue 20), mounted with the admin layout's page (never behind the lock
// screen). Mantine's useHotkeys matches the keys; what they do is shortcut-keys.ts, and what they
// act on registered itself (hooks/use-shortcut-targets.ts): the list on screen with its own
// keyboard moves, the open record with the functions its buttons call.
import { useRef, useState } from 'react';
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { TOAST_MS } from '../../../shared/constants';
import { textsOf } from '../../i18n/i18n';
import { shortcutList, shortcutRecord, type RecordShortcuts } from '../../hooks/use-shortcut-targets';
import {
  BINDINGS,
  GO_TARGETS,
  isGoCommand,
  KeySequence,
  OVERLAY_SELECTOR,
  quietReason,
  type Command,
} from './shortcut-keys';
import { ShortcutsHelp } from './shortcuts-help';
import { shortcutsToastMessages } from './shortcuts.messages';
import { shortcutsEnabled } from './shortcuts-setting';

/** Off (user menu): not a key is listened to. */
export function KeyboardShortcuts() {
  const enabled = useStore(shortcutsEnabled);
  return enabled ? <ShortcutKeys /> : null;
}

const overlayOpen = () => document.querySelector(OVERLAY_SELECTOR) !== null;

/** The page's search box on screen (every list's SearchInput). */
function searchField(): HTMLInputElement | null {
  const fields = document.querySelectorAll<HTMLInputElement>('main input[type="search"]');
  return [...fields].find((field) => field.getClientRects().length > 0) ?? null;
}

const NOT_APPLICABLE_ID = 'shortcut-not-applicable';

/** A short, polite word that the key does nothing on this item. */
function notApplicable(key: string): void {
  const t = textsOf(shortcutsToastMessages);
  notifications.hide(NOT_APPLICABLE_ID);
  notifications.show({
    id: NOT_APPLICABLE_ID,
    message: t.notApplicable({ key }),
    color: 'gray',
    autoClose: TOAST_MS,
    withBorder: true,
    role: 'status',
    closeButtonProps: { 'aria-label': t.close },
    'data-testid': 'shortcut-not-applicable',
  });
}

const STATUS_ACTIONS = new Set<Command>(['complete', 'incomplete', 'flag']);

function recordAction(record: RecordShortcuts, command: Command): (() => void) | undefined {
  switch (command) {
    case 'complete':
      return record.complete;
    case 'incomplete':
      return record.incomplete;
    case 'flag':
      return record.flag ?? record.unflag;
    case 'notify':
      return record.notify;
    case 'reply':
      return record.reply;
    default:
      return undefined;
  }
}

function ShortcutKeys() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const sequence = useRef<KeySequence | null>(null);
  sequence.current ??= new KeySequence();

  /** Does what `command` says; false when it had nothing to act on (the key keeps its default). */
  const perform = (command: Command, event: KeyboardEvent): boolean => {
    switch (command) {
      case 'help':
        setHelpOpen(true);
        return true;
      case 'search': {
        const field = searchField();
        field?.focus();
        field?.select();
        return field !== null;
      }
      case 'next':
      case 'previous':
        return shortcutList()?.move(command === 'next' ? 1 : -1) ?? false;
      case 'go':
        sequence.current!.start(Date.now());
        return true;
      default: {
        const record = shortcutRecord();
        // No record open (a list alone, the dashboard): the key is nobody's.
        if (!record) return false;
        // Its buttons are disabled while a change is under way: so is the key.
        if (record.busy && STATUS_ACTIONS.has(command)) return true;
        const action = recordAction(record, command);
        if (action) action();
        else notApplicable(event.key);
        return true;
      }
    }
  };

  const run = (command: Command, event: KeyboardEvent) => {
    const seq = sequence.current!;
    const quiet = quietReason(event, command, overlayOpen);
    if (quiet !== null) {
      // A held-down key leaves a `g` pending; typing, a dialog or a menu ends it.
      if (quiet !== 'repeat') seq.cancel();
      return;
    }
    // Any shortcut ends a `g` sequence: its letter counts only right after the `g`.
    const afterGo = seq.take(Date.now());
    if (isGoCommand(command)) {
      if (!afterGo) return;
      event.preventDefault();
      void navigate({ to: GO_TARGETS[command] });
      return;
    }
    // Handled: no character typed into what the key just focused (`/`, `r`), no page scroll.
    if (perform(command, event)) event.preventDefault();
  };

  // From the list's search box, Down goes to the first result, so j and k can take over.
  const intoList = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (event.defaultPrevented || event.isComposing || target !== searchField()) return;
    if (shortcutList()?.first()) event.preventDefault();
  };

  const hotkeys: HotkeyItem[] = BINDINGS.flatMap(({ command, hotkeys: keys }) =>
    keys.map((key): HotkeyItem => [key, (event) => run(command, event), { preventDefault: false }]),
  );
  hotkeys.push(['ArrowDown', intoList, { preventDefault: false }]);
  // Every element, fields included: the guard (quietReason) decides, fields being one of its cases.
  useHotkeys(hotkeys, [], true);

  return <ShortcutsHelp opened={helpOpen} onClose={() => setHelpOpen(false)} />;
}
