// `app.db`: the one query layer. The app uses a database it is handed (the CLI opened and
// migrated it) or opens and migrates its own, which it then closes with the app.
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { openDb } from '../../db/client';
import { migrate } from '../../db/migrate';

export const dbPlugin = fp<{ db?: Db }>(
  async (app, options) => {
    let db = options.db;
    if (!db) {
      const opened = await openDb({
        databaseUrl: app.config.databaseUrl,
        dataDir: app.config.dataDir,
      });
      await migrate(opened);
      app.addHook('onClose', async () => opened.close());
      db = opened;
    }
    app.decorate('db', db);
  },
  { name: 'db' },
);
