// A record's History (issue 19, section 5).
import { i18n, params } from '../../i18n/i18n';

export const recordHistoryMessages = i18n('history/record', {
  title: 'History',
  empty: 'No changes yet.',
  loading: 'Loading the history…',
  unavailable: 'The history cannot be read offline until it has been read once online.',
  failed: 'The history could not be read.',
  asOf: params('Offline: as read {time}.'),
  created: 'Created',
  createdVia: params('Created ({via})'),
  notSent: 'Not sent yet',
  madeOffline: 'Made offline',
  /** Between who and when. */
  separator: ', ',
  unknownWho: 'Unknown',
  viaAccount: "patient's account",
  viaGuest: 'guest form',
});
