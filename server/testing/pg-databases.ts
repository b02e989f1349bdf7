import pg from 'pg';

/**
 * PostgreSQL for the server suite (TEST_DATABASE_URL): the global setup migrates and seeds one
 * template database; every test file then gets its own copy (CREATE DATABASE … TEMPLATE, a file
 * copy that takes milliseconds), so files run side by side and none resets another's data.
 */

export const TEMPLATE_DATABASE = 'cloudfest_test_template';
/** Copies are named with this prefix; a run drops those an earlier, killed run left behind. */
const COPY_PREFIX = 'cloudfest_test_';

/** The same server and credentials, another database. */
export function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function withAdmin<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** Drops and re-creates the (empty) template database, and drops copies left by killed runs. */
export async function recreateTemplate(url: string): Promise<string> {
  await withAdmin(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${COPY_PREFIX}%`,
    ]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.query(`create database "${TEMPLATE_DATABASE}"`);
  });
  return databaseUrl(url, TEMPLATE_DATABASE);
}

/** A fresh copy of the template for one test file; its URL. */
export async function copyTemplate(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${COPY_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(url, async (client) => {
    // 55006: another file's copy is being made from the template at this instant; wait and retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    url: databaseUrl(url, name),
    drop: () => withAdmin(url, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}
