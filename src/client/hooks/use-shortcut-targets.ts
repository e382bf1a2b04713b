// What the keyboard shortcuts (issue 20, app/shortcuts) act on: the list on screen and the record
// open in its detail. Each registers itself while mounted with the very functions its own keys and
// buttons call, so a shortcut runs exactly what a click runs (same confirm, same queued change).
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** A list of rows, one focusable control each (components/virtual-list.tsx). */
export interface ShortcutList {
  /** Moves the keyboard's place (focus) one row down (+1) or up (-1); false when it cannot. */
  move(delta: 1 | -1): boolean;
  /** Puts the keyboard's place on the first row (from the list's search). */
  first(): boolean;
}

/** The record actions a shortcut can run; a missing one does not apply to this record. */
export interface RecordShortcuts {
  complete?: () => void;
  incomplete?: () => void;
  flag?: () => void;
  unflag?: () => void;
  notify?: () => void;
  reply?: () => void;
  /** A status change is under way: its buttons are disabled, and so are c, i and f. */
  busy?: boolean;
}

const lists: Array<RefObject<ShortcutList>> = [];
const records: Array<RefObject<RecordShortcuts>> = [];

/** The most recently mounted list still on screen, if any. */
export function shortcutList(): ShortcutList | null {
  return lists.at(-1)?.current ?? null;
}

/** The record open in a detail pane, if any. */
export function shortcutRecord(): RecordShortcuts | null {
  return records.at(-1)?.current ?? null;
}

/** Keeps `value` (fresh each render) reachable from `registry` while the component is mounted. */
function useRegistered<T>(registry: Array<RefObject<T>>, value: T): void {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  useEffect(() => {
    registry.push(ref);
    return () => {
      const at = registry.lastIndexOf(ref);
      if (at >= 0) registry.splice(at, 1);
    };
  }, [registry]);
}

interface ListParts {
  /** The list's scrolling element (rows carry `data-index`). */
  container: RefObject<HTMLElement | null>;
  count: number;
  keyAt: (index: number) => number;
  selectedKey: number | undefined;
  /** Scrolls row `index` into view and focuses its control (the list's own Arrow keys). */
  focusRow: (index: number) => void;
}

/** j and k: from the focused row, else the selected one, else the top. */
export function useListShortcuts({ container, count, keyAt, selectedKey, focusRow }: ListParts): void {
  const usable = () => {
    const element = container.current;
    // Hidden (a phone showing the detail instead): nothing to move through.
    return element !== null && count > 0 && element.getClientRects().length > 0;
  };
  const place = (): number => {
    const element = container.current!;
    const focused = document.activeElement?.closest<HTMLElement>('[data-index]');
    if (focused && element.contains(focused)) return Number(focused.dataset.index);
    if (selectedKey !== undefined) {
      for (let i = 0; i < count; i += 1) if (keyAt(i) === selectedKey) return i;
    }
    return -1;
  };
  useRegistered(lists, {
    move(delta) {
      if (!usable()) return false;
      const at = place();
      focusRow(at < 0 ? 0 : at + delta);
      return true;
    },
    first() {
      if (!usable()) return false;
      focusRow(0);
      return true;
    },
  });
}

/** c, i, f, n and r on the record this detail shows. */
export function useRecordShortcuts(actions: RecordShortcuts): void {
  useRegistered(records, actions);
}
