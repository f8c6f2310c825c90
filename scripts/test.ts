// `npm test`: every check, in the order CI runs them, each through its own npm script (package.json
// is the one place a command is written). Stops at the first failure; ends with one line per step.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const steps = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit tests', script: 'test:unit' },
  { name: 'integration tests', script: 'test:integration' },
  { name: 'build', script: 'build' },
  { name: 'end-to-end', script: 'test:e2e' },
] as const;

type Outcome = 'passed' | 'failed' | 'skipped';
const results: { name: string; outcome: Outcome; seconds: number }[] = [];

let current: ReturnType<typeof spawn> | undefined;
let interrupted = false;
// Let the running step clean up (the end-to-end step removes its server and DATA_DIR), then stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    interrupted = true;
    current?.kill(signal);
  });
}

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    current = spawn('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    current.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    current.on('error', (error) => {
      console.error(`Could not run npm run ${script}: ${error.message}`);
      resolve(1);
    });
  });
}

let exitCode = 0;
for (const step of steps) {
  if (exitCode !== 0) {
    results.push({ name: step.name, outcome: 'skipped', seconds: 0 });
    continue;
  }
  console.log(`\n━━ ${step.name} (npm run ${step.script}) ━━`);
  const started = performance.now();
  const code = await run(step.script);
  const seconds = (performance.now() - started) / 1000;
  const ok = code === 0 && !interrupted;
  results.push({ name: step.name, outcome: ok ? 'passed' : 'failed', seconds });
  if (!ok) exitCode = code || 130;
}

const width = Math.max(...steps.map((step) => step.name.length));
console.log('\n━━ summary ━━');
for (const { name, outcome, seconds } of results) {
  console.log(
    `${outcome.padEnd(7)}  ${name.padEnd(width)}  ${outcome === 'skipped' ? '' : `${seconds.toFixed(1).padStart(6)} s`}`.trimEnd(),
  );
}
const passed = results.filter((result) => result.outcome === 'passed').length;
const failed = results.filter((result) => result.outcome === 'failed').length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(exitCode);
