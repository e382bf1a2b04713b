// The user menu's "Keyboard shortcuts" switch (issue 20): a checkbox item (its state is spoken as
// checked or not), which leaves the menu open so the change is seen.
import { Menu } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { shortcutsMenuMessages } from './shortcuts.messages';
import { setShortcutsEnabled, shortcutsEnabled } from './shortcuts-setting';

export function ShortcutsMenuItem() {
  const t = useStore(shortcutsMenuMessages);
  const enabled = useStore(shortcutsEnabled);
  return (
    <Menu.CheckboxItem checked={enabled} onChange={setShortcutsEnabled} data-testid="shortcuts-toggle">
      {t.item}
    </Menu.CheckboxItem>
  );
}
