// The words of the keyboard shortcuts (issue 20): their help, the user menu's switch, the toast of
// a shortcut that does not apply. French: src/client/i18n/fr/shortcuts.ts.
import { i18n, params } from '../../i18n/i18n';

export const shortcutsHelpMessages = i18n('shortcuts/help', {
  title: 'Keyboard shortcuts',
  close: 'Close',
  keys: 'Keys',
  action: 'Action',
  /** Between the two keys of a sequence: "g then d". */
  then: 'then',
  anywhere: 'Anywhere',
  inList: 'In a list',
  onRecord: 'On the open item',
  help: 'Show this list',
  goDashboard: 'Go to the dashboard',
  goTransfers: 'Go to transfers',
  goAppointments: 'Go to appointments',
  goMessages: 'Go to messages',
  search: 'Search the list',
  next: 'Next item',
  previous: 'Previous item',
  open: 'Open the highlighted item',
  /** The name of the key, as printed on it. */
  enterKey: 'Enter',
  complete: 'Mark as Complete (a message: Mark as Resolved)',
  incomplete: 'Mark as Incomplete (a message: Mark as Unresolved)',
  flag: 'Flag or Unflag (asks first, as the button does)',
  notify: 'Notify',
  reply: 'Write a reply (a message)',
  quiet: 'Shortcuts do not work while you type in a field, or while a dialog or a menu is open.',
  turnOff: 'Turn them off or on in the user menu, under Keyboard shortcuts.',
});

export const shortcutsMenuMessages = i18n('shortcuts/menu', {
  /** The user menu's on/off switch. */
  item: 'Keyboard shortcuts',
});

export const shortcutsToastMessages = i18n('shortcuts/toast', {
  /** A record shortcut pressed on an item it does not apply to (c on a completed transfer). */
  notApplicable: params('“{key}” does not apply to this item.'),
  close: 'Close',
});
