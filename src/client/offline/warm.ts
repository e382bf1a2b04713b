// Reads lists into memory before a screen asks for them (lib/warm-lists.ts), for the admin this
// device remembers: the same trust that lets the guard show the cache at once.
import type { CollectionName } from '../../shared/collections';
import { rememberedAdmin } from '../lib/remembered-admin';
import './db';
import { warmCollection } from './view-store';

export function warmLists(names: readonly CollectionName[]): void {
  if (!rememberedAdmin()) return;
  names.forEach(warmCollection);
}
