// What a screen's person set up (a search, a "search by", the scroll of a list) kept for the page's
// life, outside the screen: the screen can be taken down (the idle lock removes every patient's
// text from the page) and comes back as it was. Memory only: never written anywhere.
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { admittedPerson, sessionState } from '../offline/session-state';

const memory = new Map<string, unknown>();

// Kept for the person who set it up: when nobody, or someone else, is admitted (a sign-out, "Not
// you?", a wipe), it is forgotten, so a colleague never sees the last person's searches. The lock
// keeps the person, and so the memory.
let keptFor: string | null = null;
sessionState.subscribe(() => {
  const uid = admittedPerson()?.uid ?? null;
  if (uid !== keptFor) memory.clear();
  keptFor = uid;
});

/** `useState` whose value outlives the component, under `key` (unique per screen and purpose). */
export function useRemembered<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => (memory.has(key) ? (memory.get(key) as T) : initial));
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setValue((previous) => {
        const resolved = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        memory.set(key, resolved);
        return resolved;
      }),
    [key],
  );
  return [value, set];
}

/** A number kept under `key` without a render (a list's scroll position). */
export const rememberedNumber = {
  get: (key: string): number | undefined => memory.get(key) as number | undefined,
  set: (key: string, value: number): void => void memory.set(key, value),
};
