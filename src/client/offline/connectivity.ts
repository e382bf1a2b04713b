// Whether the server can be reached: the browser's own flag, corrected by what our requests saw
// (a captive portal or a server down reads as "online" to the browser).
import { observable } from './observable';

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** False after a request got no answer, until one gets any answer or the browser says online. */
export const serverReachable = observable(true);

export function reportNoAnswer(): void {
  serverReachable.set(false);
}

export function reportAnswer(): void {
  serverReachable.set(true);
}

export function isOnline(): boolean {
  return browserOnline() && serverReachable.get();
}

export function isBrowserOffline(): boolean {
  return !browserOnline();
}
