import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { seed } from './seed/index.ts';

/** Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR), migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<{ database: Database; seeded: boolean }> {
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  await database.migrate();
  const { seeded } = config.SEED_DEMO ? await seed(database.db) : { seeded: false };
  return { database, seeded };
}
