// The interface's language: English (the specification's texts) or French (Canada). It follows the
// browser (`fr-*` gives French) until someone chooses one in the user menu; the choice is kept on
// this device (not per person: a shared counter tablet speaks the language of its counter) and
// survives sign-out, since it holds nothing about anyone.
import { atom, computed } from 'nanostores';

export type Language = 'en' | 'fr';
export const LANGUAGES: readonly Language[] = ['en', 'fr'];

const CHOICE_KEY = 'pharmacy-language';

function storedChoice(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(CHOICE_KEY);
    return value === 'en' || value === 'fr' ? value : null;
  } catch {
    return null;
  }
}

/** The browser's first language we speak, English otherwise. */
export function browserLanguage(languages: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'fr') return 'fr';
    if (primary === 'en') return 'en';
  }
  return 'en';
}

/** The language chosen in the user menu on this device; null: the browser's. */
export const languageChoice = atom<Language | null>(storedChoice());

export const locale = computed(languageChoice, (choice): Language => choice ?? browserLanguage());

export function rememberLanguage(language: Language | null): void {
  try {
    if (language) localStorage.setItem(CHOICE_KEY, language);
    else localStorage.removeItem(CHOICE_KEY);
  } catch {
    // Storage refused (private mode, full): the choice lasts this visit.
  }
  languageChoice.set(language);
}

/** The BCP 47 tag dates, times and numbers are written in: the browser's own for English. */
export function intlLocale(language: Language = locale.get()): string | undefined {
  return language === 'fr' ? 'fr-CA' : undefined;
}

/** The tag of the page (`<html lang>`), so a screen reader speaks each language as it is written. */
export function htmlLang(language: Language = locale.get()): string {
  return language === 'fr' ? 'fr-CA' : 'en';
}
