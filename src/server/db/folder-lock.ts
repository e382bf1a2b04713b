// The embedded database serves one process: PGlite keeps its files open in memory, and a second
// process opening the same folder fails deep in its file layer (or, worse, writes beside the
// first). The process that opens a folder first writes FOLDER.lock (its pid, created
// exclusively); another one is told who holds it, in words; a lock left by a process that died
// (kill -9, a power cut) is taken over.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class FolderInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `folder`'s lock, or throws FolderInUseError naming its holder; returns the release. */
export function lockFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      // Removed between the two calls: try again.
    }
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
      throw new FolderInUseError(
        `The embedded database in ${folder} is in use by another process (pid ${holder}${holder === process.pid ? ', this one' : ''}). ` +
          'It serves one process at a time: stop that one, set DATA_DIR to another folder, or set DATABASE_URL ' +
          'to a PostgreSQL database to run several instances.',
      );
    }
    // Left by a process that is gone (or written half): taken over.
    rmSync(file, { force: true });
  }
  throw new FolderInUseError(`Could not take ${file}: another process took it at the same moment`);
}
