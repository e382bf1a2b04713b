// How a queued change reads to people: which record (no more patient data than needed), when
// it was queued, whose it is, and where it stands. `t`: the texts of `unsentMessages` in the
// language shown (a component's useStore, so it draws again on a switch).
import type { StoreValue } from 'nanostores';
import { dateTimeFormat } from '../../../shared/time';
import { intlLocale } from '../../i18n/locale';
import { isSameDay } from '../../lib/dates';
import { problemWords, type ProblemTexts } from '../../lib/problem-words';
import type { recordNameMessages } from '../../lib/record-names.messages';
import { keyRetentionDays } from '../../offline/key-retention';
import type { EntryOwner, EntryStanding, OutboxEntry } from '../../offline/outbox-entry';
import type { unsentMessages } from './sync-status.messages';

export type UnsentTexts = StoreValue<typeof unsentMessages>;
type RecordNames = StoreValue<typeof recordNameMessages>;

export function recordWords(t: UnsentTexts, names: RecordNames, entry: Pick<OutboxEntry, 'collection' | 'recordKey' | 'args'>): string {
  if (!entry.collection) return t.accessLog;
  // A saved reply's key is a random number the device drew: its title says which it is.
  const title = (entry.args.body as { title?: unknown } | undefined)?.title;
  if (entry.collection === 'savedReplies' && typeof title === 'string') {
    return t.titled({ record: names.savedReplies, title: title.trim() });
  }
  return t.record({ record: names[entry.collection], key: String(entry.recordKey) });
}

/** The owner's staff name (issue 19), else their email (an account with no name, an older entry). */
export function ownerWords(t: UnsentTexts, owner: EntryOwner | null): string {
  return owner?.name ?? owner?.email ?? t.colleague;
}

export function stateWords(t: UnsentTexts, problems: ProblemTexts, entry: OutboxEntry, standing: EntryStanding, waitingForSignIn = false): string {
  const reason = problemWords(problems, entry.lastProblem, entry.lastError);
  switch (standing) {
    case 'sending':
      return t.sending;
    case 'sent':
      return t.sent;
    case 'conflict':
      return t.conflict({ reason: reason ?? t.recordChanged });
    case 'failed':
      return t.failed({ reason: reason ?? t.refused });
    case 'someone-else':
      return t.someoneElse({ owner: ownerWords(t, entry.owner) });
    case 'unowned':
      return t.unowned;
    case 'too-old':
      return t.tooOld({ days: String(keyRetentionDays()) });
    case 'newer-version':
      return t.newerVersion;
    case 'sendable':
      if (waitingForSignIn) return t.waitingSignIn;
      return entry.attempts > 0 ? t.waitingRetry : t.waiting;
  }
}

const TIME_OF_DAY: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** 'Today at 9:05 AM', or the locale date and the time, on the device's clock. */
export function queuedWords(t: UnsentTexts, createdAt: number, now = new Date()): string {
  const date = new Date(createdAt);
  const locale = intlLocale();
  const time = dateTimeFormat(locale, TIME_OF_DAY).format(date);
  return isSameDay(date, now) ? t.today({ time }) : t.onDay({ date: dateTimeFormat(locale, {}).format(date), time });
}
