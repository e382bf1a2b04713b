// The access log's words in React: a component shows them in the language of the moment.
import { useStore } from '@nanostores/react';
import { recordNameMessages } from '../../lib/record-names.messages';
import type { AccessWords } from './access-words';
import { accessActionMessages, accessDetailMessages, accessListMessages, accessWhatMessages } from './access-words.messages';

export function useAccessWords(): AccessWords {
  return {
    actions: useStore(accessActionMessages),
    records: useStore(recordNameMessages),
    lists: useStore(accessListMessages),
    details: useStore(accessDetailMessages),
    what: useStore(accessWhatMessages),
  };
}
