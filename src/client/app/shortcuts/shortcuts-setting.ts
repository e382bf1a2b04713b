// Keyboard shortcuts on or off (issue 20): on unless turned off in the user menu, kept on this
// device like the language (it holds nothing about anyone, so it survives sign-out).
import { atom } from 'nanostores';

export const SHORTCUTS_KEY = 'pharmacy-shortcuts';

function storedSetting(): boolean {
  try {
    return globalThis.localStorage?.getItem(SHORTCUTS_KEY) !== 'off';
  } catch {
    return true;
  }
}

export const shortcutsEnabled = atom<boolean>(storedSetting());

export function setShortcutsEnabled(enabled: boolean): void {
  try {
    if (enabled) localStorage.removeItem(SHORTCUTS_KEY);
    else localStorage.setItem(SHORTCUTS_KEY, 'off');
  } catch {
    // Storage refused (private mode, full): the choice lasts this visit.
  }
  shortcutsEnabled.set(enabled);
}

// Another tab of this device changed it: this one follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SHORTCUTS_KEY || event.key === null) shortcutsEnabled.set(storedSetting());
  });
}
