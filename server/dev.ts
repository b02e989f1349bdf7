import { createServer } from 'vite';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/open.ts';

/** `npm run dev`: the API on API_PORT (3001) and Vite's dev server on PORT (3000) proxying /api to it. */
const apiPort = Number(process.env.API_PORT ?? 3001);
const config = loadConfig();
const { database } = await openConfiguredDatabase(config);
const app = await buildApp({ config, database, logger: { level: config.LOG_LEVEL }, distDir: '/nonexistent' });
await app.listen({ host: '127.0.0.1', port: apiPort });

process.env.API_PORT = String(apiPort);
const vite = await createServer({ server: { port: config.PORT, host: config.HOST } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  await vite.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
