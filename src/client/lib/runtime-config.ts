// The server tells the app which Firebase project, pharmacy and time zone it serves, so one build
// fits every deployment. The last answer is kept on the device: the app must start offline.
import { useEffect, useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '../../shared/entities';
import { afterFirstPaint } from './after-first-paint';

const STORAGE_KEY = 'runtimeConfig';
function readStored(): RuntimeConfig | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as RuntimeConfig) : null;
  } catch {
    return null;
  }
}

let pending: Promise<RuntimeConfig> | null = null;
/** The remembered copy at first, so names show on the first paint; the server's once loaded. */
let loaded: RuntimeConfig | null = readStored();
const listeners = new Set<() => void>();

function settle(config: RuntimeConfig): RuntimeConfig {
  loaded = config;
  listeners.forEach((notify) => notify());
  return config;
}

async function fetchConfig(): Promise<RuntimeConfig> {
  // The HTTP client comes with the session's code; the sign-in screen paints before either.
  const { apiRequest } = await import('../offline/http');
  const config = await apiRequest<RuntimeConfig>('/config');
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Storage full or blocked: the app still runs, only not offline from a cold start.
  }
  return config;
}

/**
 * The settings, fetched once per page load. With a remembered copy the start never waits on the
 * network: the copy answers at once and the server's answer refreshes the screens when it comes
 * (a changed Firebase project applies from the next page load).
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= (async () => {
    const stored = readStored();
    const fresh = fetchConfig();
    if (!stored) return settle(await fresh);
    fresh.then(settle, () => undefined);
    return stored;
  })().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The settings known so far: the remembered copy, then the server's (null on a first start). */
export function getLoadedConfig(): RuntimeConfig | null {
  return loaded;
}

export function subscribeRuntimeConfig(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The settings for a component: the remembered copy at once, refreshed from the server once the page is painted. */
export function useRuntimeConfig(): RuntimeConfig | null {
  const config = useSyncExternalStore(subscribeRuntimeConfig, getLoadedConfig);
  useEffect(() => afterFirstPaint(() => void loadRuntimeConfig().catch(() => undefined)), []);
  return config;
}
