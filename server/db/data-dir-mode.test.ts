import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { seededDataDir } from '../testing/data-dir-app.ts';
import { testConfig } from '../testing/test-app.ts';
import { openDatabase } from './client.ts';

/** Every entry under `dir` (itself included) that group or others may read, write or enter, with its mode. */
function openToOthers(dir: string): string[] {
  const paths = [dir, ...readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => join(e.parentPath, e.name))];
  return paths.flatMap((path) => {
    const mode = lstatSync(path).mode & 0o777;
    return (mode & 0o077) === 0 ? [] : [`${path} ${mode.toString(8)}`];
  });
}

const roots: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the embedded database folder', () => {
  it('is its owner’s alone after a fresh start on a new DATA_DIR', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cf-data-mode-'));
    roots.push(root);
    const dataDir = join(root, 'data');
    const warn = vi.spyOn(console, 'warn');
    const database = await openDatabase({ dataDir });
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, distDir: '/nonexistent' });
    try {
      await database.migrate();
      // Listening writes the backup endpoint file into the data dir.
      await app.listen({ host: '127.0.0.1', port: 0 });
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
    // Nothing was fixed on a new folder, so nothing to warn about.
    expect(warn).not.toHaveBeenCalled();
  });

  it('closes an existing data dir left open to others (files 0666, folders 0755) and says what it fixed', async () => {
    const dataDir = await seededDataDir('cf-data-mode-');
    roots.push(join(dataDir, '..'));
    chmodSync(dataDir, 0o755);
    for (const entry of readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o666);
    }
    expect(openToOthers(dataDir).length).toBeGreaterThan(900);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const database = await openDatabase({ dataDir });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      // The data is still there and still writable by the owner.
      await database.db.execute('create table mode_probe (id int)');
    } finally {
      await database.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(
      new RegExp(`WARNING: The data dir ${dataDir} was open to other users .*: \\d{3,} of its files and folders`),
    );
  });
});
