import type { requireAdmin, requireGuest } from './guard';

/** What route options read from the router instead of importing (STYLE 4). */
export interface RouterContext {
  guard: {
    admin: typeof requireAdmin;
    guest: typeof requireGuest;
  };
}
