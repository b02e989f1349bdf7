import { afterAll } from 'vitest';
import { copyTemplate } from './pg-databases.ts';

/**
 * Runs before every server test file: with TEST_DATABASE_URL set, the file gets its own copy of the
 * migrated and seeded template (global-setup.ts), and TEST_DATABASE_URL names that copy for the
 * file's tests; the copy is dropped when the file is done.
 */
const admin = process.env.TEST_DATABASE_ADMIN_URL ?? process.env.TEST_DATABASE_URL;
if (admin) {
  process.env.TEST_DATABASE_ADMIN_URL = admin;
  const copy = await copyTemplate(admin);
  process.env.TEST_DATABASE_URL = copy.url;
  afterAll(() => copy.drop());
}
