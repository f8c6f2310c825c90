import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * HTTP load from wrk (Debian's package `wrk`), in a process of its own. The search bench measures
 * the app against the database alone on two cores shared by the database, the app and the load
 * generator: autocannon parsed every answer in JavaScript and took about 0.1 ms of CPU per request,
 * a tenth of what a cheap search costs PostgreSQL (bench/README.md, seventh day). wrk is written in C.
 */
const WRK = process.env.WRK_PATH || '/usr/bin/wrk';
const SCRIPT = join(import.meta.dirname, 'wrk-paths.lua');
/** A request unanswered after this long counts as a time-out, as with autocannon's default. */
const TIMEOUT_S = 10;
const RESULT_PREFIX = 'CK_WRK_RESULT ';

export interface LoadResult {
  /** Answered requests (any status). */
  requests: number;
  seconds: number;
  /** Answers with a status of 400 or above. */
  failedStatus: number;
  /** Connections lost, refused or broken, and requests unanswered after TIMEOUT_S. */
  errors: number;
  timeouts: number;
  bytes: number;
  /** Latencies of answered requests, in ms. */
  p50: number;
  p99: number;
  /** The CPU time wrk itself used, in ms. */
  cpuMs: number;
}

interface WrkFigures {
  requests: number;
  durationUs: number;
  bytes: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Us: number;
  p99Us: number;
  cpuSeconds: number;
}

/**
 * `connections` connections for `seconds` s on one wrk thread, sending `paths` in order from index
 * `start`, round after round: each connection sends the next path when its answer is in.
 */
export async function wrkLoad(
  baseUrl: string,
  paths: readonly string[],
  { connections, seconds, start = 0 }: { connections: number; seconds: number; start?: number },
): Promise<LoadResult> {
  const pathsFile = join(tmpdir(), `ck-bench-wrk-${process.pid}-${Date.now()}.txt`);
  writeFileSync(pathsFile, `${paths.join('\n')}\n`);
  try {
    const { stdout } = await promisify(execFile)(
      WRK,
      ['-t1', `-c${connections}`, `-d${seconds}s`, `--timeout=${TIMEOUT_S}s`, '-s', SCRIPT, baseUrl],
      { env: { ...process.env, CK_WRK_PATHS: pathsFile, CK_WRK_START: String(start) } },
    );
    const line = stdout.split('\n').find((text) => text.startsWith(RESULT_PREFIX));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const figures = JSON.parse(line.slice(RESULT_PREFIX.length)) as WrkFigures;
    return {
      requests: figures.requests,
      seconds: figures.durationUs / 1e6,
      failedStatus: figures.status,
      errors: figures.connect + figures.read + figures.write + figures.timeout,
      timeouts: figures.timeout,
      bytes: figures.bytes,
      p50: figures.p50Us / 1000,
      p99: figures.p99Us / 1000,
      cpuMs: figures.cpuSeconds * 1000,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`wrk not found at ${WRK}: install it with "apt-get install -y wrk" or set WRK_PATH.`, {
        cause: error,
      });
    }
    throw error;
  } finally {
    rmSync(pathsFile, { force: true });
  }
}
