import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../server.ts');
/** One site, one secret: any process accepts the tokens of any other, as behind a load balancer. */
// The tests register more accounts from 127.0.0.1 than one person may.
const SHARED_ENV = {
  JWT_SECRET: 'app-process-test-secret-of-at-least-32-characters',
  SITE_URL: 'http://klinik.test',
  SEED_DEMO: 'off',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  SIGNUP_LIMIT_PER_IP: '1000',
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** An app process as production runs it (server/server.ts), on a PostgreSQL database. */
export interface AppProcess {
  origin: string;
  /** The operating system's process id (for CPU accounting in benchmarks). */
  pid: number;
  dataDir: string;
  /** Ends it with SIGTERM (a deploy) and waits; the data directory stays for a restart unless it was made here and `keepData` is false. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kills it at once (a crash, a lost machine) and waits for it to be gone. */
  kill(): Promise<void>;
}

/** Starts server/server.ts on a free port and waits for /api/health; `dataDir` reuses one (a restart). */
export async function startAppProcess(
  databaseUrl: string,
  {
    dataDir,
    env = {},
    nodeArgs = [],
  }: {
    dataDir?: string;
    env?: Record<string, string>;
    /** Options for node itself, e.g. --cpu-prof. */ nodeArgs?: string[];
  } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const ownDataDir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'ck-app-process-'));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, SERVER], {
    env: {
      ...process.env,
      ...SHARED_ENV,
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ownDataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The app process exited: ${stderr}`);
    const health = await fetch(`${origin}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (Date.now() > deadline) throw new Error(`The app process did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const removeOwnData = () => {
    if (!dataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  return {
    origin,
    pid: child.pid as number,
    dataDir: ownDataDir,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!keepData) removeOwnData();
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

let accountCounter = 0;
/** Registers an account through the process's /auth/v1, as the web app does. */
export async function signUpThrough(
  origin: string,
  role: 'customer' | 'clinic',
  fullName: string,
  email?: string,
): Promise<{ id: string; token: string }> {
  accountCounter += 1;
  const response = await fetch(`${origin}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: email ?? `process-${accountCounter}-${Date.now()}@test.example`,
      password: 'ett-bra-lösenord',
      data: { full_name: fullName, role },
    }),
  });
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  if (response.status !== 200) throw new Error(`Registering failed with ${response.status}: ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}
