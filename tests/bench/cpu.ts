/**
 * CPU time spent by processes, read from /proc (utime + stime, in the kernel's clock ticks of
 * 10 ms): what a bench's requests cost the API process, PostgreSQL's backends and PgBouncer,
 * measured side by side over the same window.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICK_MS = 10;

/** CPU ms of one process so far (or of one of its threads: `tid`); 0 when it is gone. */
export function cpuMsOf(pid: number, tid?: number): number {
  try {
    // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th.
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * The server processes of the PostgreSQL cluster in `dataDirectory` (its postmaster and every
 * child: backends, walwriter, checkpointer…) — not another cluster's on the same machine (the
 * topology suite runs its own).
 */
export function postgresPids(dataDirectory: string): number[] {
  const postmaster = Number(readFileSync(`${dataDirectory}/postmaster.pid`, 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' }).trim();
  return [postmaster, ...(children ? children.split(/\s+/).map(Number) : [])];
}

/**
 * Counts CPU ms per named group of processes from now: `take()` answers what each group spent
 * since. PostgreSQL's processes are listed again at the end (a backend born meanwhile counts
 * whole; one that ended meanwhile is missed — through PgBouncer backends live on).
 */
export function cpuMeter(groups: Record<string, () => number[]>): { take(): Record<string, number> } {
  const before = new Map<number, number>();
  for (const pids of Object.values(groups)) for (const pid of pids()) before.set(pid, cpuMsOf(pid));
  return {
    take() {
      const spent: Record<string, number> = {};
      for (const [name, pids] of Object.entries(groups)) {
        spent[name] = pids().reduce((sum, pid) => sum + cpuMsOf(pid) - (before.get(pid) ?? 0), 0);
      }
      return spent;
    },
  };
}
