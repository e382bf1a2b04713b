// `npm start`: the whole product on one origin (DESIGN.md section 2). SKIP_BUILD=1 serves the
// API without building the app.
import { loadConfigOrExit } from '../config';
import { startIdentity } from '../identity/identity-runtime';

const config = loadConfigOrExit();

// The Auth emulator is the slowest step of a start: it starts before the server's own modules
// load (seconds on a loaded machine), its messages held until the server's logger exists.
const held: string[] = [];
let sink: ((message: string) => void) | null = null;
const identity = {
  runtime: startIdentity(config, (message) => (sink ? sink(message) : held.push(message))),
  logTo(info: (message: string) => void) {
    sink = info;
    held.splice(0).forEach(info);
  },
};
// Settled by runServer; this keeps a failure before then from being reported twice.
identity.runtime.catch(() => undefined);

const { runServer, stopOnSignals } = await import('./run-server');
runServer(config, { build: !config.skipBuild, identity }).then(
  (server) => stopOnSignals(server.stop, config.shutdownGraceMs),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
