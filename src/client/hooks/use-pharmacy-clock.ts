import { useMemo } from 'react';
import { wallClock, type WallClock } from '../../shared/time';
import { useRuntimeConfig } from '../lib/runtime-config';
import { useNow } from './use-now';

export interface PharmacyClock {
  now: Date;
  /** The pharmacy's zone (runtime config), or the device's before the settings are known. */
  timeZone: string;
  /** Today's date and the time on the pharmacy's clock. */
  wall: WallClock;
}

/**
 * What "today" and "now" mean on the pharmacy's clock (PHARMACY_TIMEZONE), not the device's:
 * a tablet set to another zone still shows the pharmacy's day. Refreshed every minute.
 */
export function usePharmacyClock(): PharmacyClock {
  const now = useNow();
  const configured = useRuntimeConfig()?.timeZone;
  const timeZone = configured ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const wall = useMemo(() => wallClock(now, timeZone), [now, timeZone]);
  return { now, timeZone, wall };
}
