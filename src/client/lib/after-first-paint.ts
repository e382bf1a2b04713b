// Work a page needs soon but not to paint (the sign-in screen's Firebase and toasts, the settings'
// refresh, the service worker, the icon's badge): begun once the browser reports the page's first
// paint, so neither fetching nor running that code lands before it (issue 9). A page painted
// already (an in-app visit) waits for its next frame; one the browser does not paint (a hidden
// tab) starts after FALLBACK_MS all the same.
const FALLBACK_MS = 1000;

function painted(): boolean {
  return performance.getEntriesByName('first-contentful-paint').length > 0;
}

/** Runs `work` once after the first paint; answers a function that cancels it (an effect's cleanup). */
export function afterFirstPaint(work: () => void): () => void {
  let done = false;
  let frame: number | undefined;
  let observer: PerformanceObserver | undefined;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const cancel = () => {
    done = true;
    timers.forEach(clearTimeout);
    if (frame !== undefined) cancelAnimationFrame(frame);
    observer?.disconnect();
  };
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  // Off the paint's own task: a separate task right after it.
  const soon = () => void timers.push(setTimeout(run, 0));
  timers.push(setTimeout(run, FALLBACK_MS));
  if (!painted() && typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver(() => {
      if (painted()) soon();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    frame = requestAnimationFrame(soon);
  }
  return cancel;
}
