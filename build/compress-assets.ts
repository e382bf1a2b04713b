// Brotli and gzip copies of the built text files (dist/x.js → x.js.br, x.js.gz), made once at
// build time; the server sends the one the browser accepts (@fastify/static preCompressed), so
// nothing is compressed per request and /login is compressed on the wire.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

export function compressDist(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let count = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
    bytes += content.length;
    brotliBytes += br.length;
  }
  return { files: count, bytes, brotliBytes };
}

/** Runs after every other plugin has written dist/ (the service worker included). */
export function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { files: count, bytes, brotliBytes } = compressDist(outDir);
        this.info?.(`compressed ${count} files: ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`);
      },
    },
  };
}
