// `app.db`: the one query layer. The app uses a database it is handed (the CLI opened and
// migrated it) or opens and migrates its own, which it then closes with the app.
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { openDb } from '../../db/client';
import { migrate } from '../../db/migrate';
import { keepStatistics } from '../../db/statistics';

export const dbPlugin = fp<{ db?: Db }>(
  async (app, options) => {
    let owned: Db | null = null;
    if (!options.db) {
      owned = await openDb({
        databaseUrl: app.config.databaseUrl,
        dataDir: app.config.dataDir,
      });
      await migrate(owned);
    }
    const db = options.db ?? owned!;
    app.decorate('db', db);
    const stopStatistics = keepStatistics(db, (error) => app.log.warn({ err: error }, 'ANALYZE failed'));
    app.addHook('onClose', async () => {
      stopStatistics();
      await owned?.close();
    });
  },
  { name: 'db' },
);
