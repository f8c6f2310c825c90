import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the machine's CPU time went during a load run (issue 29 point 4): PostgreSQL's processes, the
 * bench process's main thread (the app under load, or the raw replay's driver) and the rest of the
 * bench process (V8's helper threads, e.g. the garbage collector's), and the load generator's process
 * (bench/wrk.ts). On two cores every millisecond the app or the load generator spends is one the database does not get, so these tell why
 * the app keeps the share of the raw rate it keeps. Read from /proc, so on Linux only, and PostgreSQL's
 * share only when it runs on this machine.
 */
export interface CpuSnapshot {
  postgres: ReadonlyMap<number, number>;
  mainThread: number;
  process: number;
}

export interface CpuSplit {
  /** Milliseconds of CPU per answered request; undefined where /proc does not tell. */
  postgres?: number;
  mainThread?: number;
  otherThreads?: number;
  /** The load generator's own process (wrk tells its CPU time); none for the raw replay. */
  loadGenerator?: number;
}

const PROC = '/proc';
/** USER_HZ, the unit of /proc's times: fixed at 100 by the kernel's interface on x86 and Arm. */
const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system time of a /proc stat line, in clock ticks (fields 14 and 15; the name may hold spaces). */
function statTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function readTicks(path: string): number | undefined {
  try {
    return statTicks(readFileSync(path, 'utf8'));
  } catch {
    // A process that ended between the listing and the read, or no /proc at all.
    return undefined;
  }
}

function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync(PROC);
  } catch {
    return ticks;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`${PROC}/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    if (stat.includes(' (postgres) ')) ticks.set(Number(entry), statTicks(stat));
  }
  return ticks;
}

export function cpuSnapshot(): CpuSnapshot {
  return {
    postgres: postgresTicks(),
    // The main thread's task has the process's id; the process's own line counts every thread, ended ones too.
    mainThread: readTicks(`${PROC}/self/task/${process.pid}/stat`) ?? Number.NaN,
    process: readTicks(`${PROC}/self/stat`) ?? Number.NaN,
  };
}

/** CPU per request between two snapshots. A PostgreSQL process that started between them counts from zero. */
export function cpuSplit(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuSplit {
  const perRequest = (ticks: number) =>
    Number.isFinite(ticks) && requests > 0 ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND / requests : undefined;
  let postgres = 0;
  for (const [pid, ticks] of after.postgres) postgres += ticks - (before.postgres.get(pid) ?? 0);
  const mainThread = after.mainThread - before.mainThread;
  return {
    postgres: after.postgres.size > 0 ? perRequest(postgres) : undefined,
    mainThread: perRequest(mainThread),
    otherThreads: perRequest(after.process - before.process - mainThread),
  };
}

export function formatCpuSplit({ postgres, mainThread, otherThreads, loadGenerator }: CpuSplit): string {
  const ms = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));
  const generator = loadGenerator === undefined ? '' : `, load generator ${ms(loadGenerator)}`;
  return `CPU ms/request: PostgreSQL ${ms(postgres)}, main thread ${ms(mainThread)}, other threads ${ms(otherThreads)}${generator}`;
}
