// `npm start` builds the PWA when dist/ is missing or older than its sources.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What the client build is made from (the client imports src/shared too). */
const SOURCES = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale(root: string, distDir: string): boolean {
  const built = path.join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  return sources > statSync(built).mtimeMs;
}

/** Where vite is, or null in a production install (`npm install --omit=dev`), which has none. */
export function viteBin(): string | null {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  } catch {
    return null;
  }
}

/** Runs `vite build` into `distDir`; rejects with a message saying how to go on without it. */
export function viteBuild(root: string, distDir: string): Promise<void> {
  const vite = viteBin();
  if (!vite) {
    return Promise.reject(
      new Error(
        `No built app in ${distDir} and no vite to build it (a production install): ` +
          'run `npm run build` where the development dependencies are installed, then start again.',
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', distDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `The app failed to build (vite build ${signal ? `killed by ${signal}` : `exited with ${code}`}). ` +
              'Fix the build, or set SKIP_BUILD=1 to serve the API only.',
          ),
        );
    });
  });
}
