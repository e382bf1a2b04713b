// Texts of the interface (issue 20): Nano Stores I18n (about 1 KB, typed messages). English is the
// base and lives in the `*.messages.ts` files beside the screens, exactly as the specification
// writes it; French (Canada) is in `fr/`, one file per area, loaded as its own chunk only when
// French is the language. `tests/unit/i18n/catalog.test.ts` fails on a text French lacks.
//
//   // features/x/x.messages.ts
//   export const xMessages = i18n('x/panel', { title: 'Transfers', shown: params('{count} shown') });
//   // features/x/panel.tsx
//   const t = useStore(xMessages); <Title>{t.title}</Title> {t.shown({ count })}
//
// Outside React (a toast raised by code), `textsOf(xMessages)` gives the texts of the moment.
import { createI18n, strings, transform, type ComponentsJSON, type params as libraryParams } from '@nanostores/i18n';
import type { ReadableAtom } from 'nanostores';
import { htmlLang, locale, rememberLanguage, type Language } from './locale';

export { count } from '@nanostores/i18n';

/**
 * `params` of the library, its `{name}`s filled in one pass with each value set in as written: the
 * library's own reads `$&`, `$'`… in a value as replacement patterns and fills a `{name}` that an
 * earlier value brought (a search's words, a reply, a name are people's text).
 */
export const params = transform((_locale, translation, values?: Record<string, number | string>) =>
  strings(translation, (text) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => (values && Object.hasOwn(values, name) ? String(values[name]) : whole)),
  ),
) as unknown as typeof libraryParams;

async function loadFrench(): Promise<ComponentsJSON> {
  return (await import('./fr')).FR;
}

export const i18n = createI18n(locale, {
  baseLocale: 'en',
  get: (code) => (code === 'fr' ? loadFrench() : Promise.resolve({})),
});

/** Makes `language`'s texts ready (French is fetched once), so nothing shows in the other first. */
export async function prepareLanguage(language: Language = locale.get()): Promise<void> {
  if (language === 'fr' && !i18n.cache.fr) i18n.cache.fr = (await loadFrench()) as unknown as (typeof i18n.cache)['fr'];
}

/** Switches the interface to `language` (null: the browser's) once its texts are ready. */
export async function switchLanguage(language: Language | null): Promise<void> {
  await prepareLanguage(language ?? undefined);
  rememberLanguage(language);
}

/** The texts of a message group now, for code outside React (a store with no listener is not kept current). */
export function textsOf<T>(messages: ReadableAtom<T>): T {
  const stop = messages.listen(() => undefined);
  try {
    return messages.get();
  } finally {
    stop();
  }
}

if (typeof document !== 'undefined') {
  locale.subscribe((language) => {
    document.documentElement.lang = htmlLang(language);
  });
}
