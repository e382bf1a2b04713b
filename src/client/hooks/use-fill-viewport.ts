import { useLayoutEffect, type RefObject } from 'react';

/**
 * Sets `--pane-top` on the element to its distance from the top of the page, so CSS can give it
 * exactly the rest of the viewport. Whatever the layout shows above it (the offline banner comes
 * and goes) is measured rather than assumed.
 */
export function useFillViewport(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--pane-top', `${Math.round(top)}px`);
    };
    // Measured when the observer first reports (after the frame's layout, before its paint), not
    // here: reading the position now laid the whole new page out inside the render's task (30 ms
    // of a list page's mount in a profile), and the frame lays it out anyway.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (let node = element.previousElementSibling; node; node = node.previousElementSibling) {
      observer.observe(node);
    }
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
}
