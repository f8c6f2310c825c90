import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from './server/testing/fake-stripe.ts';

// scripts/e2e.ts picks a free port, a fresh DATA_DIR and the Chromium binary. Playwright evaluates
// this file again in every worker; what is set on process.env here reaches them, so they agree.
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ck-e2e-'));
process.env.E2E_MAP_PORT ??= '3101';
process.env.E2E_STRIPE_PORT ??= '3102';
process.env.E2E_STRIPE_APP_PORT ??= '3103';
process.env.E2E_STRIPE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ck-e2e-stripe-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
/** The fake tile service's style (e2e/support/fake-map-server.ts): the app's MAP_STYLE_URL in these tests. */
export const MAP_STYLE_URL = `http://127.0.0.1:${process.env.E2E_MAP_PORT}/style.json`;
/** A second app that takes payments by Stripe, against the fake of Stripe (e2e/support/fake-stripe-server.ts). */
export const STRIPE_APP_URL = `http://127.0.0.1:${process.env.E2E_STRIPE_APP_PORT}`;
const FAKE_STRIPE_URL = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;

/** What both apps are started with: `npm start` on an empty embedded database, whatever the developer's shell holds. */
const APP_ENV = {
  HOST: '127.0.0.1',
  // Blank means unset (server/env.ts): never a PostgreSQL or a setting from the developer's shell.
  DATABASE_URL: '',
  SEED_DEMO: '',
  // Every spec registers its own accounts from 127.0.0.1: more than the 10 per 10 minutes a person gets.
  SIGNUP_LIMIT_PER_IP: '200',
  CONTACT_LIMIT_PER_IP: '200',
  NODE_ENV: '',
  LOG_LEVEL: 'warn',
  MAP_STYLE_URL,
};

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
      env: { ...APP_ENV, PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR },
    },
    {
      command: 'node e2e/support/fake-stripe-server.ts',
      // The fake answers an unsigned API call 401: it is up.
      url: `${FAKE_STRIPE_URL}/v1/balance`,
      reuseExistingServer: false,
      env: {
        FAKE_STRIPE_PORT: String(process.env.E2E_STRIPE_PORT),
        FAKE_STRIPE_WEBHOOK_URL: `${STRIPE_APP_URL}/api/payments/stripe/webhook`,
      },
    },
    // Started after the first, so the web app is built once.
    {
      command: 'npm start',
      url: `${STRIPE_APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...APP_ENV,
        PORT: String(process.env.E2E_STRIPE_APP_PORT),
        DATA_DIR: process.env.E2E_STRIPE_DATA_DIR,
        STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: FAKE_STRIPE_URL,
      },
    },
  ],
});
