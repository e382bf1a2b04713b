import { useCallback, useRef, type RefObject } from 'react';
import { PHONE_QUERY } from '../lib/media';

export interface PaneSearch<F> {
  id?: number;
  filter?: F;
}

/**
 * The selected record and the filter of a two-pane page live in the URL (`id`, `filter`): select,
 * change the filter, go back to the list. On a phone the detail replaces the list, so focus
 * follows the person there (`focusDetail` is read by the detail when it mounts).
 */
export function usePaneSelection<F>(
  id: number | undefined,
  filter: F,
  onSearchChange: (next: PaneSearch<F>) => void,
): {
  focusDetail: RefObject<boolean>;
  onSelect: (key: number) => void;
  onFilterChange: (next: F) => void;
  onBack: () => void;
} {
  const focusDetail = useRef(false);
  const onSelect = useCallback(
    (key: number) => {
      focusDetail.current = window.matchMedia(PHONE_QUERY).matches;
      onSearchChange({ id: key, filter });
    },
    [onSearchChange, filter],
  );
  const onFilterChange = useCallback((next: F) => onSearchChange({ id, filter: next }), [onSearchChange, id]);
  const onBack = useCallback(() => onSearchChange({ id: undefined, filter }), [onSearchChange, filter]);
  return { focusDetail, onSelect, onFilterChange, onBack };
}
