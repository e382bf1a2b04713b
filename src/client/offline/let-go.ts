// What every context (this page, another tab, the service worker) does when the device's data is
// being wiped, here or elsewhere: work under way must not write into a fresh database once this
// one is gone, and nothing of the old one stays in memory.
import { abortOutboxWork } from './outbox';
import { forgetOutboxView } from './outbox-view';
import { bumpGeneration } from './session';
import { forgetCollectionViews } from './view-store';

const letGoListeners = new Set<() => void>();

/**
 * Work this context runs elsewhere (the page's sync worker) and lets go of with the data. Its
 * module registers here: the service worker, which imports this one, starts no such worker and
 * does not bundle it.
 */
export function onLetGo(listener: () => void): void {
  letGoListeners.add(listener);
}

export function letGoOfDeviceData(): void {
  bumpGeneration();
  letGoListeners.forEach((listener) => listener());
  forgetCollectionViews();
  forgetOutboxView();
  abortOutboxWork();
}
