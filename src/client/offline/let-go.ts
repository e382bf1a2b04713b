// What every context (this page, another tab, the service worker) does when the device's data is
// being wiped, here or elsewhere: work under way must not write into a fresh database once this
// one is gone, and nothing of the old one stays in memory.
import { abortOutboxWork } from './outbox';
import { forgetOutboxView } from './outbox-view';
import { bumpGeneration } from './session';
import { forgetCollectionViews } from './view-store';

export function letGoOfDeviceData(): void {
  bumpGeneration();
  forgetCollectionViews();
  forgetOutboxView();
  abortOutboxWork();
}
