import { useCallback, useEffect, useState } from 'react';

/**
 * A vertical mouse wheel scrolls the element sideways (spec section 2: the 'New Messages' row),
 * while it can still move that way; at either end the page scrolls as usual. The listener is not
 * passive, so the page does not scroll at the same time. Returns a callback ref: the element may
 * appear after the first render (once the cache has something to show).
 */
export function useHorizontalWheel(): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaX) >= Math.abs(event.deltaY)) return;
      const max = element.scrollWidth - element.clientWidth;
      if (max <= 0) return;
      const delta = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 40 : event.deltaY;
      const atStart = element.scrollLeft <= 0 && delta < 0;
      const atEnd = element.scrollLeft >= max - 1 && delta > 0;
      if (atStart || atEnd) return;
      event.preventDefault();
      element.scrollLeft += delta;
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [element]);
  return useCallback((next: HTMLElement | null) => setElement(next), []);
}
