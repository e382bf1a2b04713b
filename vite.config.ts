import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compressAssets } from './build/compress-assets';
import { SERVER_PATH_PREFIXES } from './src/shared/server-paths';

// The API and the auth emulator's REST paths are served by the Fastify server on the same
// origin; `npm run dev` starts it and points this proxy at it.
const apiTarget = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:8080';

// manifest.webmanifest lives at the top level (design card) and ships as it is: served by the
// dev server and copied into dist, where the service worker precaches it.
function topLevelManifest(): Plugin {
  const file = new URL('./manifest.webmanifest', import.meta.url);
  return {
    name: 'top-level-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file) });
    },
  };
}

// Issue 22: a signed-in screen fetched some sixty small chunks, more than the browser fetches at
// once. Two groups join the modules that several lazy chunks share, read from the module graph
// once it is built (before the chunks are made):
// - the guest's side (the entry, /login's lazy code, the session's): /login fetches no more files'
//   worth than before, a signed-in screen fewer files;
// - what only the signed-in routes' lazy code (a `tsr-split` import) reaches: /login never loads it.
// A module a lazy import names keeps its own file, so each import still loads or fails on its own
// (the toasts' code that cannot load, for one). The calendar's library, the biggest part of the
// signed-in code, and what imports it stay with the two calendar screens.
const graph = { guest: new Set<string>(), calendar: new Set<string>(), imported: new Set<string>() };
function closure(start: string[], next: (id: string) => readonly string[], into: Set<string>): void {
  const pending = [...start];
  while (pending.length) {
    const id = pending.pop()!;
    if (into.has(id)) continue;
    into.add(id);
    pending.push(...next(id));
  }
}
function chunkGraph(): Plugin {
  return {
    name: 'chunk-graph',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      ids.forEach((id) => info(id)?.dynamicallyImportedIds.forEach((dep) => graph.imported.add(dep)));
      closure(
        ids.filter((id) => info(id)?.isEntry),
        (id) => [...(info(id)?.importedIds ?? []), ...(info(id)?.dynamicallyImportedIds ?? []).filter((dep) => !dep.includes('tsr-split'))],
        graph.guest,
      );
      closure(
        ids.filter((id) => /node_modules[\\/](@fullcalendar|preact)[\\/]/.test(id)),
        (id) => info(id)?.importers ?? [],
        graph.calendar,
      );
    },
  };
}
const shared = (id: string) => !graph.imported.has(id) && !graph.calendar.has(id);

export default defineConfig({
  plugins: [
    // The router plugin must come before react().
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/route-tree.gen.ts',
    }),
    react(),
    topLevelManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // manifest.webmanifest lives at the top level and is served as it is.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    compressAssets(),
    chunkGraph(),
  ],
  // The sync worker (src/client/sync-worker.ts) is started as a module worker.
  worker: { format: 'es' },
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: the router's store needs the selector, not the shim for React 17.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    outDir: 'dist',
    // Written for whoever debugs a report, named by no file, and not served (static-app.ts).
    sourcemap: 'hidden',
    target: 'es2022',
    // The polyfill serves browsers without modulepreload (Safari before 17), which load the same
    // scripts without it, one import later; every other browser would pay for it on /login.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first paint runs in one file: split into the pieces the lazy routes share
        // it was 15 files, and each small file costs its own gzip header and dictionary.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // Not recursive: a group takes no module of the entry, nor the guest's side any other.
            { name: 'session', test: (id) => shared(id) && graph.guest.has(id), minShareCount: 2, includeDependenciesRecursively: false },
            { name: 'signed-in', test: (id) => shared(id) && !graph.guest.has(id), minShareCount: 2, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(SERVER_PATH_PREFIXES.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
