import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seed } from '../db/seed/index.ts';
import { recreateTemplate } from './pg-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates and seeds one PGlite database for the whole run and dumps it; every test file then
 * starts from a copy (loadDataDir) instead of paying for migrations and seed again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    // PostgreSQL: one migrated and seeded template database; each file copies it (pg-file-setup.ts).
    const template = await openDatabase({ url: await recreateTemplate(url) });
    await template.migrate();
    await seed(template.db);
    await template.close();
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await database.migrate();
  await seed(database.db);
  const dump = await pglite.dumpDataDir('gzip');
  const path = join(tmpdir(), `cloudfest-template-${process.pid}.tar.gz`);
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', path);
}
