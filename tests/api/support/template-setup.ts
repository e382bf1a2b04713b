// Global setup of the API projects: the migrated PGlite folder every test file copies
// (fresh-database.ts) is built once, here, before any file starts, rather than by the first
// files at once, each inside its own time limit.
import { pgliteTemplate } from './fresh-database';

export default async function setup(): Promise<void> {
  if (!process.env.DATABASE_URL) await pgliteTemplate();
}
