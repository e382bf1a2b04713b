// The Access Log screen and a patient's "who accessed this record" (issue 18).
import { i18n, params } from '../../i18n/i18n';

export const accessLogPageMessages = i18n('access-log/page', {
  title: 'Access Log',
  exportCsv: 'Export CSV',
  patient: 'Patient',
  patientPlaceholder: 'Name',
  staff: 'Staff member',
  everyone: 'Everyone',
  action: 'Action',
  everyAction: 'Every action',
  from: 'From',
  until: 'Until',
  offline: 'The access log is kept on the server: it shows when the connection returns.',
  loading: 'Loading the access log',
  noMatch: 'No entries match.',
  older: 'Show older entries',
});

/** The errors the app itself raises when reading the log. */
export const accessLogErrorMessages = i18n('access-log/errors', {
  signInAgain: 'Sign in again to read the access log.',
  exportFailed: params('The export failed ({status}).'),
});

export const accessLogTableMessages = i18n('access-log/table', {
  region: 'Access log entries',
  when: 'When',
  who: 'Who',
  what: 'What',
  whose: 'Whose',
  device: 'Device',
  madeOffline: params('made offline · received {received}'),
});

export const patientAccessMessages = i18n('access-log/patient', {
  title: 'Who accessed this record',
  offline: 'Kept on the server: shows when the connection returns.',
  loading: 'Loading…',
  none: 'No one yet.',
});
