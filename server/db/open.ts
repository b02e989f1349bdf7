import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { config as configTable } from './schema/index.ts';

/** Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR), migrated and seeded. */
export async function openConfiguredDatabase(config: Config): Promise<{ database: Database; seeded: boolean }> {
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  await database.migrate();
  if (!config.SEED_DEMO) return { database, seeded: false };
  // The seed's data generators are only loaded for an empty database (start-up time).
  const [event] = await database.db
    .select({ key: configTable.key })
    .from(configTable)
    .where(eq(configTable.key, 'event'))
    .limit(1);
  if (event) return { database, seeded: false };
  const { seed } = await import('./seed/index.ts');
  return { database, seeded: (await seed(database.db, { genericAttendees: config.DEMO_ATTENDEES })).seeded };
}
