import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/client.ts';

/**
 * The app as production configures it, in this process on a free port, for benches that time one
 * route over real HTTP without a child process. `settings` adds to or overrides the defaults.
 */
export async function listenInProcess(database: Database, dataDir: string, settings: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    MAIL_LOG_ONLY: 'true',
    PAYMENT_PROVIDER: 'sandbox',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...settings,
  });
  const app = await buildApp({ config, database, distDir: '/nonexistent' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    await app.close();
    throw new Error('no port');
  }
  return { app, base: `http://127.0.0.1:${address.port}` };
}
