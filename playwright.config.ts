import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** End to end: the production build served by the real server on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Long journeys (the agenda with 360 sessions) take 30 s on a quiet 2-core machine; twice that under load.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium' } },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /layout\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: `rm -rf test-results/e2e-data-${PORT} && npm start`,
      url: `http://localhost:${PORT}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: `test-results/e2e-data-${PORT}`,
        PUBLIC_URL: `http://localhost:${PORT}`,
        LOG_LEVEL: 'warn',
        // Tests sign in many times from one address; the limits themselves are covered by server tests.
        ADDRESS_RATE_LIMIT_PER_MINUTE: '10000',
        EMAIL_RATE_LIMIT_PER_MINUTE: '10000',
        RECIPIENT_MAIL_LIMIT_PER_HOUR: '10000',
        ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
      },
    },
  ],
});
