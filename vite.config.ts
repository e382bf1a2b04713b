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
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(SERVER_PATH_PREFIXES.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
});
