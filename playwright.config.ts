import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// scripts/e2e.ts picks a free port, a fresh DATA_DIR and the Chromium binary. Playwright evaluates
// this file again in every worker; what is set on process.env here reaches them, so they agree.
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ck-e2e-'));
process.env.E2E_MAP_PORT ??= '3101';
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
/** The fake tile service's style (e2e/support/fake-map-server.ts): the app's MAP_STYLE_URL in these tests. */
export const MAP_STYLE_URL = `http://127.0.0.1:${process.env.E2E_MAP_PORT}/style.json`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    viewport: { width: 1280, height: 800 },
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      command: 'node e2e/support/fake-map-server.ts',
      url: MAP_STYLE_URL,
      reuseExistingServer: false,
      env: { FAKE_MAP_PORT: String(process.env.E2E_MAP_PORT) },
    },
    // Started the way the README starts the app (`npm start`), on an empty embedded database.
    {
      command: 'npm start',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      // `npm start` builds the web app first when the build is missing or stale.
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Blank means unset (server/env.ts): never a PostgreSQL or a setting from the developer's shell.
        DATABASE_URL: '',
        SEED_DEMO: '',
        // Every spec registers its own accounts from 127.0.0.1: more than the 10 per 10 minutes a person gets.
        SIGNUP_LIMIT_PER_IP: '200',
        CONTACT_LIMIT_PER_IP: '200',
        NODE_ENV: '',
        LOG_LEVEL: 'warn',
        MAP_STYLE_URL,
      },
    },
  ],
});
