// The words a record's values are written with, in the language shown (re-renders on a switch).
import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { intlLocale, locale } from '../../../i18n/locale';
import { fieldMessages } from '../fields.messages';
import type { ValueWords } from '../list-config';
import { refillTypeMessages, statusMessages } from '../values.messages';

export function useValueWords(): ValueWords {
  const fields = useStore(fieldMessages);
  const status = useStore(statusMessages);
  const refillType = useStore(refillTypeMessages);
  const language = useStore(locale);
  return useMemo(
    () => ({ fields, status, refillType, locale: intlLocale(language) }),
    [fields, status, refillType, language],
  );
}
