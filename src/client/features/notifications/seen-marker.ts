// The highest transfer number each person has looked at, per device (localStorage, by uid). Not
// patient data: a number, so it survives a logout's wipe and "since they last looked" holds.
const PREFIX = 'pharmacy-notifications-seen:';
const listeners = new Set<() => void>();

export function readSeen(uid: string): number | null {
  try {
    const text = localStorage.getItem(`${PREFIX}${uid}`);
    const value = Number(text);
    return text !== null && Number.isInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

/** Moves the marker forward only: looking on another tab never brings old ones back. */
export function writeSeen(uid: string, transferId: number): void {
  const current = readSeen(uid);
  if (current !== null && current >= transferId) return;
  try {
    localStorage.setItem(`${PREFIX}${uid}`, String(Math.max(0, Math.trunc(transferId))));
  } catch {
    // Storage full or blocked: the dot stays until the next look.
  }
  listeners.forEach((listener) => listener());
}

/** Changes in this tab and in the others (the storage event). */
export function subscribeSeen(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
