// The user menu's choice of language (issue 20): each named in itself, the current one checked
// (a radio item: its state is spoken). The choice is kept on this device (i18n/locale.ts).
import { Menu } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { CheckIcon } from '../components/icons';
import { switchLanguage } from '../i18n/i18n';
import { htmlLang, LANGUAGES, locale, type Language } from '../i18n/locale';
import { navMessages } from './shell.messages';

/** Not translated: whoever reads the list finds their own language in its own words. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

export function LanguageMenuItems() {
  const t = useStore(navMessages);
  const current = useStore(locale);
  return (
    <>
      <Menu.Label>{t.language}</Menu.Label>
      <Menu.RadioGroup value={current} onChange={(value) => void switchLanguage(value as Language)}>
        {LANGUAGES.map((language) => (
          <Menu.RadioItem
            key={language}
            value={language}
            lang={htmlLang(language)}
            checkIcon={<CheckIcon size={16} />}
            closeMenuOnClick
            data-testid={`language-${language}`}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.RadioItem>
        ))}
      </Menu.RadioGroup>
    </>
  );
}
