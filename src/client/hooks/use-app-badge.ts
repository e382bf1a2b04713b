import { useEffect, useMemo } from 'react';
import { countUnresolved } from '../../shared/inquiry-api';
import { useCollection } from './use-collection';

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows `count` on the installed app's icon where the browser has the Badging API; 0 clears it. */
export function setAppBadge(count: number): void {
  const nav = navigator as Navigator & BadgingNavigator;
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  // Not installed, or the platform has no badge: nothing to show, nothing to report.
  done?.catch(() => undefined);
}

/** The installed app's icon counts the unresolved inquiries on this device, updated live. */
export function useAppBadge(): void {
  // The cached list as every screen reads it (patched by each change, not read again whole).
  const { rows } = useCollection('inquiries');
  const count = useMemo(() => (rows ? countUnresolved(rows) : undefined), [rows]);
  useEffect(() => {
    if (count !== undefined) setAppBadge(count);
  }, [count]);
  // Leaving the signed-in shell (logout wipes the data): the icon shows nothing.
  useEffect(() => () => setAppBadge(0), []);
}
