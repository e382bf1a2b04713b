// Reads lists into memory before a screen asks for them (lib/warm-lists.ts), for the person the
// session admitted (the guard ran before any loader).
import type { CollectionName } from '../../shared/collections';
import './db';
import { warmCollection } from './view-store';
import { admittedPerson } from './session-state';

export function warmLists(names: readonly CollectionName[]): void {
  if (!admittedPerson()) return;
  names.forEach(warmCollection);
}
