import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogues } from './vite.config.ts';

// Separate from vite.config.ts on purpose: tests need neither the PWA plugin nor the build setup.
export default defineConfig({
  plugins: [react(), catalogues()],
  test: {
    exclude: ['**/node_modules/**', '**/.git/**', 'dist/**', 'tests/e2e/**'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/docs/**/*.test.ts'],
          // English catalogues loaded and active (src/i18n/test-setup.ts).
          setupFiles: ['src/i18n/test-setup.ts'],
          // Pure logic by default; no DOM library is installed.
          environment: 'node',
          // IndexedDB (fake-indexeddb) tests take a few seconds on a busy 2-core machine: no flaky 5 s cut-off.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds one PGlite template that every test file copies.
          globalSetup: ['server/testing/global-setup.ts'],
          // On PostgreSQL each file gets its own copy of the seeded template database.
          setupFiles: ['server/testing/pg-file-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each PGlite instance takes ~2 s and ~900 MB to start: one test file at a time on 2 cores.
          // On PostgreSQL (TEST_DATABASE_URL, CI) every file has its own database: two at a time.
          fileParallelism: Boolean(process.env.TEST_DATABASE_URL),
          maxWorkers: process.env.TEST_DATABASE_URL ? 2 : 1,
          // Projects with different maxWorkers must run as separate groups: after the unit suite.
          sequence: { groupOrder: 1 },
          pool: 'forks',
        },
      },
    ],
  },
});
