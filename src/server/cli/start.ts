// `npm start`: the whole product on one origin (DESIGN.md section 2). SKIP_BUILD=1 serves the
// API without building the app.
import { loadConfigOrExit } from '../config';
import { runServer, stopOnSignals } from './run-server';

const config = loadConfigOrExit();
runServer(config, { build: !config.skipBuild }).then(
  (server) => stopOnSignals(server.stop),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
