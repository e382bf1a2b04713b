// How an entry of the access log reads to people, in the language shown (access-words.messages.ts).
import type { StoreValue } from 'nanostores';
import type { AccessLogEntry } from '../../../shared/access-log';
import type { CollectionName } from '../../../shared/collections';
import { textsOf } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/locale';
import {
  accessActionMessages,
  accessDetailMessages,
  accessListMessages,
  accessWhatMessages,
} from './access-words.messages';
import { recordNameMessages } from '../../lib/record-names.messages';

export interface AccessWords {
  actions: StoreValue<typeof accessActionMessages>;
  records: StoreValue<typeof recordNameMessages>;
  lists: StoreValue<typeof accessListMessages>;
  details: StoreValue<typeof accessDetailMessages>;
  what: StoreValue<typeof accessWhatMessages>;
}

/** The words of the moment, for code outside React (a component reads the stores). */
export function currentAccessWords(): AccessWords {
  return {
    actions: textsOf(accessActionMessages),
    records: textsOf(recordNameMessages),
    lists: textsOf(accessListMessages),
    details: textsOf(accessDetailMessages),
    what: textsOf(accessWhatMessages),
  };
}

/** A code's words in `words`, or the code itself when it has none (a value newer than this app). */
export function wordOf(words: object, code: string): string {
  return (words as Record<string, string | undefined>)[code] ?? code;
}

/** What was done, and to what: "Viewed Transfer #12", "Searched Transfers for "smith"". */
export function whatWords(entry: AccessLogEntry, words: AccessWords = currentAccessWords()): string {
  const { what: join } = words;
  const list = entry.collection as CollectionName | null;
  const detail = entry.detail ?? {};
  const action = wordOf(words.actions, entry.action);
  let what = action;
  if (list && entry.record_id !== null) what = join.record({ action, record: wordOf(words.records, list), id: entry.record_id });
  else if (list) what = join.list({ action, list: wordOf(words.lists, list) });
  if (typeof detail.screen === 'string') what = join.screen({ screen: wordOf(words.details, detail.screen) });
  if (typeof detail.widget === 'string') what = join.widget({ widget: wordOf(words.details, detail.widget) });
  if (typeof detail.vaccine_booking === 'number') what = join.vaccineBooking({ id: detail.vaccine_booking });
  if (entry.action === 'search' && typeof detail.query === 'string') what = join.searchFor({ what, query: detail.query });
  if (typeof detail.count === 'number') what = join.count({ what, count: detail.count.toLocaleString(intlLocale()) });
  if (detail.sync === true) what = join.toDevice({ what });
  return withTarget(what, entry, words);
}

/**
 * What was done to a record, in that record's own History where the record goes without saying:
 * "Changed the status to completed", "Assigned to Marc Tremblay".
 */
export function ownWords(entry: AccessLogEntry, words: AccessWords = currentAccessWords()): string {
  return withTarget(wordOf(words.actions, entry.action), entry, words);
}

/** "… to completed"; an assignment names its assignee (a take-over's is the person who did it). */
function withTarget(what: string, entry: AccessLogEntry, words: AccessWords): string {
  const detail = entry.detail ?? {};
  let said = what;
  if (typeof detail.to === 'string') said = words.what.to({ what: said, to: wordOf(words.details, detail.to) });
  if (entry.action === 'assign' && typeof detail.assignee === 'string') said = words.what.to({ what: said, to: detail.assignee });
  return said;
}
