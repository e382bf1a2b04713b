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
    measure();
    const observer = new ResizeObserver(measure);
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
