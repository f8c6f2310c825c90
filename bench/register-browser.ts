/**
 * The register at scale in the browser (issue 13 point 7): /kliniker on a PostgreSQL register of
 * BENCH_CLINICS (100,000) clinics, in the system Chromium, typed into letter by letter as a person
 * types. Measures the requests each search sends and cancels, the time from the last key to matching
 * results, the longest main-thread task while typing, input latency, the layout shift while results
 * arrive, and whether "show more" keeps the scroll position; exit 1 when a check fails.
 * See bench/README.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts';
import { profiles } from '../server/db/schema/index.ts';
import { seedSiteContent } from '../server/services/demo/seed.ts';
import { type AppProcess, startAppProcess } from '../server/testing/app-process.ts';
import { seedClinics } from './search.ts';
import { positiveInt } from './env.ts';
import { median } from './median.ts';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CLINICS = positiveInt('BENCH_CLINICS', 100_000);

/** The checks' limits (issue 13 point 7). */
const LIMITS = { layoutShift: 0.1, longTaskMs: 200, scrollPx: 3, fieldPx: 1 };

/** The texts the benchmark looks for, from the Swedish catalogue the page is shown in. */
const sv = JSON.parse(readFileSync(path.join(root, 'web/locales/sv/clinics.json'), 'utf8')) as {
  register: { showMore: string; searchLabel: string };
};

interface Profile {
  name: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  isMobile: boolean;
  /** Chrome DevTools network emulation (bytes per second, ms); none = the loopback as it is. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  /** Chrome DevTools CPU slowdown (1 = none). */
  cpuSlowdown: number;
}

const PROFILES: Profile[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, cpuSlowdown: 1 },
  // DevTools' "Slow 4G" preset and 4× CPU slowdown, as Lighthouse's mobile run: a mid-range phone on a poor connection.
  {
    name: 'mobile',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    network: { latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 },
    cpuSlowdown: 4,
  },
];

type Stroke = { text: string; delayMs: number } | { pauseMs: number };

interface Search {
  label: string;
  strokes: Stroke[];
  /** What every result card's text contains, as a search key: lower case, no accents. */
  expect: string;
}

/**
 * What a person types, in this order (each search differs from the one before, so old results never
 * pass for new ones); `delayMs` is from key to key, a pause comes on top of it. The gap in "hud…vård"
 * (300 ms) is longer than the register's debounce (250 ms): a person looking for the å key. One request
 * per pause is expected, plus one at the end; on a slow network the first is still running when the
 * second goes out, and is cancelled.
 */
const SEARCHES: Search[] = [
  { label: 'stockholm', strokes: [{ text: 'stockholm', delayMs: 80 }], expect: 'stockholm' },
  {
    label: 'hud…vård',
    strokes: [{ text: 'hud', delayMs: 80 }, { pauseMs: 220 }, { text: 'vård', delayMs: 80 }],
    expect: 'hudvard',
  },
  { label: 'Västerås', strokes: [{ text: 'Västerås', delayMs: 120 }], expect: 'vasteras' },
  { label: 'stokholm (typo)', strokes: [{ text: 'stokholm', delayMs: 80 }], expect: 'stockholm' },
  { label: 'Örebro, fast', strokes: [{ text: 'Örebro', delayMs: 40 }], expect: 'orebro' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the page records, in its own clock (performance.now()). */
interface Bench {
  shifts: { t: number; value: number; recentInput: boolean; sources: string[] }[];
  longTasks: { t: number; duration: number }[];
  events: { t: number; name: string; duration: number }[];
  inputs: { start: number; painted: number; value: string }[];
}

/**
 * Injected before the app: observers for layout shifts, long tasks and slow events, and for each
 * character typed the time from its key event (or beforeinput, for characters Playwright inserts as
 * text: å, ä, ö) to the frame after the field held it.
 */
function instrument() {
  const bench: Bench = { shifts: [], longTasks: [], events: [], inputs: [] };
  (window as unknown as { __bench: Bench }).__bench = bench;
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const text = (node.textContent ?? '').trim().slice(0, 30);
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.getAttribute('role') ? `[role=${node.getAttribute('role')}]` : ''} "${text}"`;
  };
  const rect = (r: DOMRectReadOnly | undefined) =>
    r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}` : '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      bench.shifts.push({
        t: entry.startTime,
        value: entry.value,
        recentInput: entry.hadRecentInput,
        sources: (entry.sources ?? []).map(
          (source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ t: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      bench.events.push({ t: entry.startTime, name: entry.name, duration: entry.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  let pending: number | null = null;
  addEventListener('keydown', (event) => (pending = event.timeStamp), true);
  addEventListener('beforeinput', (event) => (pending ??= event.timeStamp), true);
  addEventListener('keyup', () => (pending = null), true);
  addEventListener(
    'input',
    (event) => {
      const start = pending ?? event.timeStamp;
      pending = null;
      const value = (event.target as HTMLInputElement).value;
      // The app's own input handler runs after this one, in the same event; the frame after that shows the character.
      requestAnimationFrame(() => setTimeout(() => bench.inputs.push({ start, painted: performance.now(), value }), 0));
    },
    true,
  );
}

interface ApiRequest {
  search: string;
  cursor: boolean;
  sentAt: number;
  endedAt?: number;
  outcome: 'pending' | 'ok' | 'aborted' | string;
}

interface SearchRow {
  profile: string;
  search: string;
  keys: number;
  requests: number;
  expectedRequests: number;
  cancelled: number;
  notCancelled: number;
  resultsMs: number;
  longestTaskMs: number;
  longestUntilResultsMs: number;
  inputP50Ms: number;
  inputMaxMs: number;
  slowestEventMs: number;
  shiftAll: number;
  shiftCounted: number;
  fieldMovedPx: number;
  failures: string[];
  shiftSources: string[];
}

interface ShowMoreRow {
  profile: string;
  click: number;
  cardsBefore: number;
  cardsAfter: number;
  newCardsMs: number;
  scrollDeltaPx: number;
  lastCardDeltaPx: number;
  shiftAll: number;
  shiftCounted: number;
  failures: string[];
  shiftSources: string[];
}

interface LoadRow {
  profile: string;
  cardsMs: number;
  shiftAll: number;
}

function shiftSum(bench: Bench, from: number, to: number) {
  const shifts = bench.shifts.filter((shift) => shift.t >= from && shift.t <= to);
  return {
    all: shifts.reduce((sum, shift) => sum + shift.value, 0),
    // What CLS counts: not the shifts within 500 ms of a key press or click.
    counted: shifts.filter((shift) => !shift.recentInput).reduce((sum, shift) => sum + shift.value, 0),
    sources: shifts.flatMap((shift) =>
      shift.sources.map(
        (source) => `${shift.value.toFixed(4)}${shift.recentInput ? ' (recent input)' : ''}: ${source}`,
      ),
    ),
  };
}

async function openRegister(browser: Browser, origin: string, profile: Profile, requests: ApiRequest[]) {
  const context = await browser.newContext({
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: profile.isMobile,
    hasTouch: profile.isMobile,
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
  });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  const byRequest = new Map<object, ApiRequest>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/clinics') return;
    const entry: ApiRequest = {
      search: url.searchParams.get('search') ?? '',
      cursor: url.searchParams.has('cursor'),
      sentAt: Date.now(),
      outcome: 'pending',
    };
    byRequest.set(request, entry);
    requests.push(entry);
  });
  page.on('requestfinished', (request) => {
    const entry = byRequest.get(request);
    if (entry) Object.assign(entry, { endedAt: Date.now(), outcome: 'ok' });
  });
  page.on('requestfailed', (request) => {
    const entry = byRequest.get(request);
    const error = request.failure()?.errorText ?? 'failed';
    if (entry) Object.assign(entry, { endedAt: Date.now(), outcome: error === 'net::ERR_ABORTED' ? 'aborted' : error });
  });
  const started = Date.now();
  await page.goto(`${origin}/kliniker`);
  await page.locator('article').first().waitFor({ timeout: 60_000 });
  const cardsMs = Date.now() - started;
  await sleep(1000);
  const load = await page.evaluate(() =>
    (window as unknown as { __bench: Bench }).__bench.shifts.reduce((sum, shift) => sum + shift.value, 0),
  );
  return { context, page, load: { profile: profile.name, cardsMs, shiftAll: load } satisfies LoadRow };
}

/** The page's state: where the search field and the page heading are on screen, and the clock. */
async function snapshot(page: Page) {
  return page.evaluate((label) => {
    const field = [...document.querySelectorAll('label')].find((element) => element.textContent === label)?.control;
    // On screen: what a person sees move (the page scrolled by itself or content above pushed it).
    const onScreen = (element: Element | null | undefined) =>
      element ? element.getBoundingClientRect().top : Number.NaN;
    return {
      now: performance.now(),
      fieldTop: onScreen(field),
      headingTop: onScreen(document.querySelector('main h1')),
    };
  }, sv.register.searchLabel);
}

async function runSearch(page: Page, profile: Profile, search: Search, requests: ApiRequest[]): Promise<SearchRow> {
  const field = page.getByLabel(sv.register.searchLabel);
  // The field just below the sticky header, as a phone scrolls it when its keyboard opens: results
  // that arrive must not move it even when the page has been scrolled.
  await field.evaluate((element) => {
    const header = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - header - 16);
  });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  const before = await snapshot(page);
  const firstRequest = requests.length;
  const text = search.strokes.map((stroke) => ('text' in stroke ? stroke.text : '')).join('');
  for (const stroke of search.strokes) {
    if ('pauseMs' in stroke) {
      await sleep(stroke.pauseMs);
      continue;
    }
    // One key every delayMs, from key to key. (Playwright's own `delay` waits between a key's down and
    // up as well, and before each character it inserts as text (å, ä, ö), so its gaps vary up to twice that.)
    for (const char of stroke.text) {
      const keyAt = performance.now();
      await page.keyboard.type(char);
      await sleep(Math.max(0, stroke.delayMs - (performance.now() - keyAt)));
    }
  }
  const failures: string[] = [];
  // Shown: every card's text holds the search, the register is not busy, and the field holds what was typed.
  const shownAt = await page
    .waitForFunction(
      ({ expected, typed }) => {
        const key = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
        const cards = [...document.querySelectorAll('article')];
        const field = document.querySelector('input[type=search]') as HTMLInputElement | null;
        if (field?.value !== typed || cards.length === 0 || document.querySelector('[aria-busy=true]')) return false;
        return cards.every((card) => key(card.textContent ?? '').includes(expected)) ? performance.now() : false;
      },
      { expected: search.expect, typed: text },
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => {
      failures.push('results never matched the search');
      return Number.NaN;
    });
  // Late shifts (images, fonts) and late requests are part of the search too.
  await sleep(1000);
  const after = await snapshot(page);
  const bench = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);
  const inputs = bench.inputs.filter((input) => input.start >= before.now);
  const lastKey = inputs.at(-1)?.start ?? Number.NaN;
  // Typing: from the first key to the frame that showed the last one; a task then delays the next key.
  const typingEnd = inputs.at(-1)?.painted ?? after.now;
  const resultsEnd = Number.isNaN(shownAt) ? after.now : shownAt;
  const tasksUntil = (end: number) =>
    bench.longTasks.filter((task) => task.t + task.duration >= before.now && task.t <= end);
  const longTasks = tasksUntil(typingEnd);
  const events = bench.events.filter((event) => event.t >= before.now && event.t <= resultsEnd);
  const shift = shiftSum(bench, before.now, after.now);
  const own = requests.slice(firstRequest);
  const cancelled = own.filter((request) => request.outcome === 'aborted').length;
  // A request still running when the next search's request went out should have been cancelled then.
  const notCancelled = own.filter((request, index) => {
    const next = own.slice(index + 1).find((later) => later.search !== request.search);
    return next !== undefined && request.outcome === 'ok' && (request.endedAt ?? 0) > next.sentAt + 50;
  }).length;
  const pauses = search.strokes.filter((stroke) => 'pauseMs' in stroke).length;
  const fieldMovedPx = Math.max(
    Math.abs(after.fieldTop - before.fieldTop),
    Math.abs(after.headingTop - before.headingTop),
  );
  const longestTaskMs = Math.max(0, ...longTasks.map((task) => task.duration));
  const longestUntilResultsMs = Math.max(0, ...tasksUntil(resultsEnd).map((task) => task.duration));
  const inputLatencies = inputs.map((input) => input.painted - input.start);

  if (own.length > pauses + 1) {
    failures.push(
      `${own.length} requests (${own.map((request) => JSON.stringify(request.search)).join(', ')}) for ${text.length} keys and ${pauses} pause(s): not debounced`,
    );
  }
  if (notCancelled > 0) failures.push(`${notCancelled} superseded request(s) ran to the end`);
  if (own.some((request) => request.outcome !== 'ok' && request.outcome !== 'aborted'))
    failures.push(`a request failed: ${own.map((request) => request.outcome).join(', ')}`);
  if (shift.counted >= LIMITS.layoutShift)
    failures.push(`layout shift ${shift.counted.toFixed(3)} ≥ ${LIMITS.layoutShift}`);
  if (fieldMovedPx > LIMITS.fieldPx) failures.push(`the search field moved ${fieldMovedPx.toFixed(0)} px`);
  if (longestTaskMs > LIMITS.longTaskMs) failures.push(`a ${longestTaskMs.toFixed(0)} ms task while typing`);
  return {
    profile: profile.name,
    search: search.label,
    keys: text.length,
    requests: own.length,
    expectedRequests: pauses + 1,
    cancelled,
    notCancelled,
    resultsMs: shownAt - lastKey,
    longestTaskMs,
    longestUntilResultsMs,
    inputP50Ms: median(inputLatencies),
    inputMaxMs: Math.max(...inputLatencies),
    slowestEventMs: Math.max(0, ...events.map((event) => event.duration)),
    shiftAll: shift.all,
    shiftCounted: shift.counted,
    fieldMovedPx,
    failures,
    shiftSources: shift.sources,
  };
}

async function runShowMore(page: Page, profile: Profile, click: number): Promise<ShowMoreRow> {
  const button = page.getByRole('button', { name: sv.register.showMore });
  await button.waitFor();
  // As a person scrolling down to it: the button just above the bottom of the screen, the last cards above it.
  await button.evaluate((element) =>
    window.scrollTo(0, window.scrollY + element.getBoundingClientRect().bottom - window.innerHeight + 24),
  );
  await sleep(500);
  const measure = () =>
    page.evaluate(() => {
      const cards = document.querySelectorAll('article');
      return {
        now: performance.now(),
        scrollY: window.scrollY,
        cards: cards.length,
        lastCardTop: cards[cards.length - 1]?.getBoundingClientRect().top ?? Number.NaN,
      };
    });
  const before = await measure();
  const lastCardBefore = page.locator('article').nth(before.cards - 1);
  await button.click();
  const failures: string[] = [];
  const shownAt = await page
    .waitForFunction(
      (cards) => document.querySelectorAll('article').length > cards && performance.now(),
      before.cards,
      { polling: 'raf', timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => {
      failures.push('no new cards');
      return Number.NaN;
    });
  await sleep(1000);
  const after = await measure();
  const lastCardTopAfter = await lastCardBefore.evaluate((element) => element.getBoundingClientRect().top);
  const bench = await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);
  const shift = shiftSum(bench, before.now, after.now);
  const scrollDeltaPx = after.scrollY - before.scrollY;
  const lastCardDeltaPx = lastCardTopAfter - before.lastCardTop;
  if (Math.abs(scrollDeltaPx) > LIMITS.scrollPx) failures.push(`the page scrolled ${scrollDeltaPx.toFixed(0)} px`);
  if (Math.abs(lastCardDeltaPx) > LIMITS.scrollPx)
    failures.push(`the last card moved ${lastCardDeltaPx.toFixed(0)} px on screen`);
  if (shift.counted >= LIMITS.layoutShift)
    failures.push(`layout shift ${shift.counted.toFixed(3)} ≥ ${LIMITS.layoutShift}`);
  return {
    profile: profile.name,
    click,
    cardsBefore: before.cards,
    cardsAfter: after.cards,
    newCardsMs: shownAt - before.now,
    scrollDeltaPx,
    lastCardDeltaPx,
    shiftAll: shift.all,
    shiftCounted: shift.counted,
    failures,
    shiftSources: shift.sources,
  };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width, column) => (column < 2 ? ` ${'-'.repeat(width)} ` : ` ${'-'.repeat(width - 1)}: `)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');

async function main(): Promise<number> {
  if (!existsSync(path.join(root, 'dist/web/index.html'))) {
    console.error(
      'No build in dist/web: run `npm run build` first (this benchmark builds nothing; the app serves dist/web).',
    );
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
    return 1;
  }
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`${cpus().length} CPUs, load average ${load()} at the start; ${CHROMIUM}`);

  const name = `ck_bench_browser_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle | undefined;
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ck-bench-browser-'));
  let dropped = false;
  const cleanUp = async () => {
    if (dropped) return;
    dropped = true;
    await browser?.close().catch(() => undefined);
    await app?.stop({ keepData: true }).catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await admin
      .query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        name,
      ])
      .catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`dropped database ${name}`);
  };
  // Ctrl-C would skip the finally below and leave a large database behind.
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    handle = await openDatabase({ url: url.toString(), poolSize: 2 });
    let started = performance.now();
    await handle.migrate();
    await seedSiteContent(handle.db);
    await seedClinics(handle.db, CLINICS);
    const [{ visible } = { visible: 0 }] = await handle.db
      .select({ visible: count() })
      .from(profiles)
      .where(and(eq(profiles.role, 'clinic'), eq(profiles.isCertified, true), eq(profiles.isPublic, true)));
    console.log(
      `database ${name}: ${CLINICS} clinics (${visible} in the register) seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await handle.close();
    handle = undefined;

    app = await startAppProcess(url.toString(), { dataDir, env: { LOG_LEVEL: 'error', NODE_ENV: 'production' } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });

    const searchRows: SearchRow[] = [];
    const showMoreRows: ShowMoreRow[] = [];
    const loadRows: LoadRow[] = [];
    const only = process.env.BENCH_PROFILES?.split(',');
    for (const profile of PROFILES.filter((candidate) => !only || only.includes(candidate.name))) {
      started = performance.now();
      const requests: ApiRequest[] = [];
      const opened = await openRegister(browser, app.origin, profile, requests);
      loadRows.push(opened.load);
      for (const search of SEARCHES) searchRows.push(await runSearch(opened.page, profile, search, requests));
      await opened.context.close();
      // "Show more" on the whole register (a fresh page), twice.
      const fresh = await openRegister(browser, app.origin, profile, []);
      for (const click of [1, 2]) showMoreRows.push(await runShowMore(fresh.page, profile, click));
      await fresh.context.close();
      console.log(`${profile.name}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }

    const network = (profile: Profile) =>
      profile.network
        ? `${profile.network.latency} ms latency, ${Math.round((profile.network.downloadThroughput * 8) / 1000)} kbit/s down`
        : 'no network throttling';
    console.log(
      `\nProfiles: ${PROFILES.map((profile) => `${profile.name} ${profile.viewport.width}×${profile.viewport.height} (${network(profile)}, CPU ×${profile.cpuSlowdown})`).join('; ')}`,
    );
    console.log('\nFirst load of /kliniker: time to the first card, layout shift until a second after it');
    console.log(
      table(
        ['profile', '', 'first card ms', 'layout shift'],
        loadRows.map((row) => [row.profile, '', ms(row.cardsMs), row.shiftAll.toFixed(4)]),
      ),
    );
    console.log(
      '\nTyping a search (results: last key to matching cards on screen; longest task: first key to the frame showing the last one / to the results; input: key to the frame that shows the character; shift: all, and CLS without the 500 ms after a key)',
    );
    console.log(
      table(
        [
          'profile',
          'search',
          'keys',
          'requests (≤)',
          'cancelled',
          'results ms',
          'longest task typing / to results ms',
          'input p50/max ms',
          'slowest event ms',
          'shift all / CLS',
          'field moved px',
          'ok',
        ],
        searchRows.map((row) => [
          row.profile,
          row.search,
          String(row.keys),
          `${row.requests} (${row.expectedRequests})`,
          String(row.cancelled),
          ms(row.resultsMs),
          `${row.longestTaskMs ? ms(row.longestTaskMs) : '< 50'} / ${row.longestUntilResultsMs ? ms(row.longestUntilResultsMs) : '< 50'}`,
          `${ms(row.inputP50Ms)} / ${ms(row.inputMaxMs)}`,
          row.slowestEventMs ? ms(row.slowestEventMs) : '< 16',
          `${row.shiftAll.toFixed(4)} / ${row.shiftCounted.toFixed(4)}`,
          row.fieldMovedPx.toFixed(0),
          row.failures.length ? 'FAIL' : 'ok',
        ]),
      ),
    );
    console.log(
      '\n"Show more" (scrolled so the button is at the bottom of the screen; new cards: click to the next page on screen)',
    );
    console.log(
      table(
        ['profile', 'click', 'cards', 'new cards ms', 'scrollY Δ px', 'last card Δ px', 'shift all / CLS', 'ok'],
        showMoreRows.map((row) => [
          row.profile,
          String(row.click),
          `${row.cardsBefore} → ${row.cardsAfter}`,
          ms(row.newCardsMs),
          row.scrollDeltaPx.toFixed(0),
          row.lastCardDeltaPx.toFixed(0),
          `${row.shiftAll.toFixed(4)} / ${row.shiftCounted.toFixed(4)}`,
          row.failures.length ? 'FAIL' : 'ok',
        ]),
      ),
    );
    const shifted = [...searchRows, ...showMoreRows].filter((row) => row.shiftSources.length > 0);
    if (shifted.length) {
      console.log('\nWhat moved:');
      for (const row of shifted) {
        console.log(`- ${row.profile}, ${'search' in row ? row.search : `show more ${row.click}`}:`);
        for (const source of row.shiftSources.slice(0, 6)) console.log(`    ${source}`);
      }
    }
    const failures = [
      ...searchRows.flatMap((row) => row.failures.map((failure) => `${row.profile}, ${row.search}: ${failure}`)),
      ...showMoreRows.flatMap((row) =>
        row.failures.map((failure) => `${row.profile}, show more ${row.click}: ${failure}`),
      ),
    ];
    console.log(`\nload average ${load()} at the end`);
    if (failures.length) {
      console.log(`\nFailed checks:\n${failures.map((failure) => `- ${failure}`).join('\n')}`);
      return 1;
    }
    console.log('\nEvery check passed.');
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

process.exit(
  await main().catch((error: unknown) => {
    console.error(error);
    return 1;
  }),
);
