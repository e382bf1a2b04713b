// The server the e2e project's global setup started for the files that share it (shared-server.ts).
import { inject } from 'vitest';
import type { RunningServer } from './server';

export type SharedServer = Pick<RunningServer, 'baseUrl' | 'dataDir'>;

declare module 'vitest' {
  export interface ProvidedContext {
    sharedServer: SharedServer | undefined;
  }
}

export function sharedServer(): SharedServer {
  const server = inject('sharedServer');
  if (!server) throw new Error('no shared server: run the e2e project (its global setup starts it)');
  return server;
}
