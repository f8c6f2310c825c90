// `npm run test:e2e`: Playwright against the app started as `npm start` starts it, on a free port and
// a fresh DATA_DIR, in the system Chromium (ARCHITECTURE "Stack": browsers are never downloaded).
// Arguments are passed on to `playwright test` (a spec file, --headed, --debug).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error('Chromium not found: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.');
  process.exit(1);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('No free port found.');
  return address.port;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-e2e-'));
const port = await freePort();
const mapPort = await freePort();
const stripePort = await freePort();
const stripeAppPort = await freePort();
const stripeDataDir = mkdtempSync(path.join(tmpdir(), 'ck-e2e-stripe-'));

const playwright = spawn(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', '--config', path.join(root, 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(port),
      E2E_MAP_PORT: String(mapPort),
      E2E_STRIPE_PORT: String(stripePort),
      E2E_STRIPE_APP_PORT: String(stripeAppPort),
      E2E_STRIPE_DATA_DIR: stripeDataDir,
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  },
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => playwright.kill(signal));
}

const code = await new Promise<number>((resolve) => {
  playwright.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  playwright.on('error', (error) => {
    console.error(`Could not start Playwright: ${error.message}`);
    resolve(1);
  });
});
rmSync(dataDir, { recursive: true, force: true });
rmSync(stripeDataDir, { recursive: true, force: true });
process.exit(code);
