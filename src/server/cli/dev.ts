// `npm run dev`: the API server (and its emulator) as `npm start` runs them, without building,
// plus the Vite dev server proxying the API and the identity paths to it.
import { loadConfigOrExit } from '../config';
import { runServer, stopOnSignals } from './run-server';

async function main() {
  const config = loadConfigOrExit();
  const server = await runServer(config, { build: false });
  // vite.config.ts reads this when the dev server loads it.
  process.env.DEV_API_TARGET = server.url;
  const { createServer } = await import('vite');
  const vite = await createServer({ configFile: 'vite.config.ts' });
  await vite.listen();
  vite.printUrls();
  stopOnSignals(async () => {
    await vite.close();
    await server.stop();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
