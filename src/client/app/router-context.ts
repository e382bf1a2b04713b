import type { checkAdminAccess, getCurrentUser } from '../lib/auth';

/** What route options read from the router instead of importing (STYLE 4). */
export interface RouterContext {
  session: {
    getCurrentUser: typeof getCurrentUser;
    checkAdminAccess: typeof checkAdminAccess;
  };
}
