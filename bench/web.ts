/**
 * Lighthouse on the public pages (issue 13 point 5): the app started as `npm start` starts it, on the
 * existing build in dist/web (nothing is built here), a free port and a fresh DATA_DIR with the demo
 * data; each page audited BENCH_RUNS times (default 3) in the system Chromium with Lighthouse's mobile
 * preset; the median of each score and metric printed; exit 1 when a median is below its target.
 * See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { ClinicCard } from '../contracts/clinics.ts';
import { freePort } from '../server/testing/app-process.ts';
import { median } from './median.ts';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS || 3);
/** Print, for every run, the LCP element, the layout shifts and the failed audits' details. */
const DETAILS = Boolean(process.env.BENCH_DETAILS);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The lowest median score each category may have (0 to 100). */
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

interface Run {
  scores: Record<Category, number>;
  fcpMs: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  transferBytes: number;
  /** The audits of a category scored below 1 in this run: what to look at when a target is missed. */
  failed: string[];
}

/** server/server.ts on a free port and a fresh DATA_DIR, with the embedded database and demo data, as `npm start` runs it. */
async function startApp(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-bench-web-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/server.ts')], {
    cwd: root,
    // Blank means unset (server/env.ts): no PostgreSQL and no setting from the developer's shell.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '',
      NODE_ENV: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The app exited: ${stderr}`);
    }
    const health = await fetch(`${origin}/api/health`).catch(() => undefined);
    if (health?.ok) return { origin, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The app did not start within 120 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

// Lighthouse now and then loses the start of a page load in its trace (NO_NAVSTART), a fault of the
// recording rather than of the page: such a run is made again, this many times at most.
const TRACE_RETRIES = 2;

async function audit(chrome: LaunchedChrome, url: string, retries = TRACE_RETRIES): Promise<Run> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && retries > 0) {
    console.log(`  ${url}: no navigation start in the trace, run again`);
    return audit(chrome, url, retries - 1);
  }
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failed = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  );
  if (DETAILS) {
    // Lighthouse 13 names the LCP element, and the parts of its time, in this insight.
    const lcpElement = lhr.audits['lcp-breakdown-insight']?.details;
    const issues = lhr.audits['inspector-issues']?.details;
    const shifts = lhr.audits['layout-shifts']?.details;
    // What blocks the main thread: each long task with the script it ran, and each script's time.
    const longTasks = lhr.audits['long-tasks']?.details;
    const bootup = lhr.audits['bootup-time']?.details;
    console.log(
      url,
      JSON.stringify({ lcpElement, issues, shifts, longTasks, bootup, failed }, null, 1).slice(0, 12000),
    );
  }
  return {
    scores,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    transferBytes: lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
    failed,
  };
}

if (!existsSync(path.join(root, 'dist/web/index.html'))) {
  console.error('No build in dist/web: run `npm run build` first (this benchmark builds nothing).');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

console.log(
  `Lighthouse ${RUNS}× per page, mobile preset, ${CHROMIUM}; ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(2)}`,
);
const app = await startApp();
let chrome: LaunchedChrome | undefined;
let exitCode = 0;
try {
  const answer = await fetch(`${app.origin}/api/clinics?limit=24`);
  const register = (await answer.json()) as { items: ClinicCard[] };
  const clinic = register.items.find((item) => item.isCertified);
  if (!clinic) throw new Error('The demo register has no certified clinic');
  const pages = process.env.BENCH_PAGES?.split(',') ?? [
    '/',
    '/kliniker',
    '/login',
    '/for-kliniker',
    `/kliniker/${clinic.slug}`,
  ];

  chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  // One untimed visit first: the server's first answers (database warm-up) are not what a visitor sees.
  await audit(chrome, `${app.origin}/`);

  const rows: string[][] = [];
  const misses: string[] = [];
  for (const page of pages) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome, `${app.origin}${page}`));
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, median(runs.map((run) => run.scores[id]))]),
    ) as Record<Category, number>;
    rows.push([
      page,
      ...CATEGORIES.map((id) => String(scores[id])),
      `${Math.round(median(runs.map((run) => run.fcpMs)))} ms`,
      `${Math.round(median(runs.map((run) => run.lcpMs)))} ms`,
      `${Math.round(median(runs.map((run) => run.tbtMs)))} ms`,
      median(runs.map((run) => run.cls)).toFixed(3),
      `${(median(runs.map((run) => run.transferBytes)) / 1024).toFixed(1)} KB`,
    ]);
    for (const id of CATEGORIES) {
      if (scores[id] < TARGETS[id]) {
        const audits = [...new Set(runs.flatMap((run) => run.failed.filter((name) => name.startsWith(`${id}:`))))];
        misses.push(`${page}: ${id} ${scores[id]} < ${TARGETS[id]}${audits.length ? ` (${audits.join(', ')})` : ''}`);
      }
    }
  }

  const header = [
    'page',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'transfer',
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(
    `\nMedian of ${RUNS} runs (targets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO ${TARGETS.seo})\n`,
  );
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column === 0 ? ':' : '') + '-'.repeat(width + 1) + (column === 0 ? '' : ':')).join('|')}|`,
  );
  for (const row of rows) console.log(line(row));
  if (misses.length) {
    console.log(`\nBelow target:\n${misses.map((miss) => `- ${miss}`).join('\n')}`);
    exitCode = 1;
  } else {
    console.log('\nEvery page meets every target.');
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  chrome?.kill();
  await app.stop();
}
process.exit(exitCode);
