import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { config as configTable } from './schema/index.ts';

/** Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR), migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<{ database: Database; seeded: boolean }> {
  const database = await openConfiguredDatabaseOnly(config);
  return { database, ...(await prepareDatabase(database, config)) };
}

/** Opens the configured database without migrating it: main.ts listens first and migrates after. */
export function openConfiguredDatabaseOnly(config: Config): Promise<Database> {
  return openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE } : { dataDir: config.DATA_DIR },
  );
}

/** Applies pending migrations and, for an empty database with SEED_DEMO, the demo seed. */
export async function prepareDatabase(database: Database, config: Config): Promise<{ seeded: boolean }> {
  await database.migrate();
  if (!config.SEED_DEMO) return { seeded: false };
  // The seed's data generators are only loaded for an empty database (start-up time).
  const [event] = await database.db
    .select({ key: configTable.key })
    .from(configTable)
    .where(eq(configTable.key, 'event'))
    .limit(1);
  if (event) return { seeded: false };
  const { seed } = await import('./seed/index.ts');
  return { seeded: (await seed(database.db, { genericAttendees: config.DEMO_ATTENDEES })).seeded };
}
