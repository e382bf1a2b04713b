// What a backup file is: PGlite's own dump of the embedded database's folder (Db.backup), a
// gzipped tarball, kept as it is so that PGlite's `loadDataDir` reads it too. Checked here before
// a restore touches anything: gzip's length and checksum catch a truncated or damaged copy, and
// the tarball must hold a PostgreSQL data folder.
import { gunzipSync } from 'node:zlib';

/** Files every PostgreSQL data folder holds (PGlite's tarball names them from its root). */
const REQUIRED = ['PG_VERSION', 'global/pg_control'];
const BLOCK = 512;

export class NotABackup extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotABackup';
  }
}

/** The names of a tar archive's entries; throws when an entry runs past the end. */
function tarEntries(tar: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return names;
    const field = (start: number, length: number) =>
      header.subarray(start, start + length).toString('latin1').replace(/\0.*$/s, '');
    const sizeText = field(124, 12).trim();
    if (!/^[0-7]+$/.test(sizeText)) throw new NotABackup('it is not a tar archive');
    const prefix = field(345, 155);
    names.push((prefix ? `${prefix}/` : '') + field(0, 100));
    offset += BLOCK + Math.ceil(parseInt(sizeText, 8) / BLOCK) * BLOCK;
  }
  if (offset > tar.length) throw new NotABackup('the archive inside is cut short');
  return names;
}

/** Throws NotABackup, saying why, unless `file` holds a whole backup of an embedded database. */
export function checkBackup(file: Buffer): void {
  if (file.length < 2 || file[0] !== 0x1f || file[1] !== 0x8b) {
    throw new NotABackup('it is not a gzip file (a backup is the gzipped tarball `npm run backup` writes)');
  }
  let tar: Buffer;
  try {
    tar = gunzipSync(file);
  } catch (error) {
    const cut = (error as { code?: string }).code === 'Z_BUF_ERROR';
    throw new NotABackup(cut ? 'it is truncated (the gzip stream ends early)' : 'it is damaged (gzip cannot read it)');
  }
  const names = new Set(tarEntries(tar).map((name) => name.replace(/^\.?\//, '')));
  const missing = REQUIRED.filter((name) => !names.has(name));
  if (missing.length > 0) {
    throw new NotABackup(`it does not hold a database folder (no ${missing.join(', ')})`);
  }
}
