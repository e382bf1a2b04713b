// The Access Log's reads (issue 18). The log lives on the server, so these need the connection;
// nothing of it is kept on the device.
import {
  ACCESS_LOG_EXPORT_PATH,
  ACCESS_LOG_PATH,
  ACCESS_LOG_STAFF_PATH,
  type AccessLogPage,
  type AccessLogQuery,
  type AccessLogStaff,
} from '../../../../shared/access-log';

import { DEVICE_ID_HEADER } from '../../../../shared/constants';
import { textsOf } from '../../../i18n/i18n';
import { deviceId } from '../../../offline/device-id';
import { apiRequest, apiUrl } from '../../../offline/http';
import { getToken } from '../../../offline/session';
import { accessLogErrorMessages } from '../access-log.messages';

export type AccessLogFilters = Omit<AccessLogQuery, 'before' | 'limit'>;

function queryString(filters: AccessLogFilters & { before?: string; limit?: string }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function token(): Promise<string> {
  const session = await getToken(false);
  if (!session) throw new Error(textsOf(accessLogErrorMessages).signInAgain);
  return session.token;
}

export async function fetchAccessLog(filters: AccessLogFilters, before?: string, limit = 100): Promise<AccessLogPage> {
  return apiRequest<AccessLogPage>(`${ACCESS_LOG_PATH}${queryString({ ...filters, before, limit: String(limit) })}`, {
    token: await token(),
    timeoutMs: 30_000,
  });
}

export async function fetchAccessLogStaff(): Promise<AccessLogStaff['staff']> {
  return (await apiRequest<AccessLogStaff>(ACCESS_LOG_STAFF_PATH, { token: await token(), timeoutMs: 30_000 })).staff;
}

/** The filtered rows as a CSV file the browser saves (the export is itself an entry of the log). */
export async function exportAccessLog(filters: AccessLogFilters): Promise<void> {
  const device = await deviceId();
  const response = await fetch(apiUrl(`${ACCESS_LOG_EXPORT_PATH}${queryString(filters)}`), {
    // The export's own entry says which device took the file, as every call does (offline/http.ts).
    headers: { Authorization: `Bearer ${await token()}`, ...(device ? { [DEVICE_ID_HEADER]: device } : {}) },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(textsOf(accessLogErrorMessages).exportFailed({ status: response.status }));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `access-log-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

