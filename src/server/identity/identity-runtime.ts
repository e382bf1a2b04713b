// Which identity service the server uses (DESIGN.md section 2): FIREBASE_PROJECT_ID set -> the
// real project, no emulator, no proxy; else FIREBASE_AUTH_EMULATOR_HOST set -> that emulator;
// else the server starts its own, keeping its accounts in DATA_DIR/auth.
import path from 'node:path';
import type { Config } from '../config';
import { startAuthEmulator, type RunningEmulator } from './emulator';

export interface IdentityRuntime {
  /** The config with the emulator's host filled in. */
  config: Config;
  /** Set when this process started the emulator (and must stop it). */
  emulator: RunningEmulator | null;
}

export async function startIdentity(
  config: Config,
  log: (message: string) => void,
): Promise<IdentityRuntime> {
  const identity = config.identity;
  if (identity.mode === 'firebase') {
    log(`Identity: Firebase project ${identity.projectId}`);
    return { config, emulator: null };
  }
  if (identity.host) {
    log(`Identity: the Firebase Auth emulator at ${identity.host}`);
    return { config, emulator: null };
  }
  log(`Starting the Firebase Auth emulator on port ${identity.port}…`);
  const emulator = await startAuthEmulator({
    port: identity.port,
    workDir: path.join(config.dataDir, 'emulator'),
    persistDir: path.join(config.dataDir, 'auth'),
  });
  log(
    `Firebase Auth emulator ready at ${emulator.host} in ${(emulator.startupMs / 1000).toFixed(1)} s`,
  );
  return { config: { ...config, identity: { ...identity, host: emulator.host } }, emulator };
}
