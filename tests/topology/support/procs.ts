/**
 * The deployment's long-running processes, each started detached inside its namespace with
 * its output appended to `<run dir>/<name>.log` and its pid in `<name>.pid`. Kept on disk, not
 * in a ChildProcess, because the global setup starts them and the test files (other
 * processes) stop and start them again; a runner that dies leaves the pid files for the next
 * run's sweep.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inNs } from './net';

/** Where a run keeps its state: fixed, so the next run finds what a crashed one left. */
export const RUN_DIR = '/tmp/bnt-topology';

export const logFile = (name: string) => path.join(RUN_DIR, `${name}.log`);
export const pidFile = (name: string) => path.join(RUN_DIR, `${name}.pid`);

/** Starts `argv` in namespace `ns`, detached; `ip netns exec` execs it, so the pid is its own. */
export function launch(name: string, ns: string, argv: string[], env: NodeJS.ProcessEnv, cwd = RUN_DIR): number {
  const out = openSync(logFile(name), 'a');
  writeFileSync(out, `\n--- ${name} started ${new Date().toISOString()}\n`);
  const child = spawn(inNs(ns, argv)[0]!, inNs(ns, argv).slice(1), { cwd, env, detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  if (!child.pid) throw new Error(`${name} did not start`);
  writeFileSync(pidFile(name), String(child.pid));
  return child.pid;
}

export function pidOf(name: string): number | null {
  const file = pidFile(name);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Alive and not a zombie (a process of the runner's that exited but is not reaped yet). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Sends `signal` to `name` and waits until it is gone (SIGKILL after `timeoutMs`). */
export async function stop(name: string, signal: NodeJS.Signals, timeoutMs = 15_000): Promise<void> {
  const pid = pidOf(name);
  if (pid === null || !alive(pid)) return;
  process.kill(pid, signal);
  const deadline = Date.now() + timeoutMs;
  let killed = signal === 'SIGKILL';
  while (alive(pid)) {
    if (!killed && Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      killed = true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The last `chars` of a process's log. */
export function logOf(name: string, chars = 20_000): string {
  const file = logFile(name);
  if (!existsSync(file)) return `(no log for ${name})`;
  const text = readFileSync(file, 'utf8');
  return text.slice(-chars);
}

/** Every pid a run wrote, for the sweep of an earlier run whose namespaces are gone. */
export function recordedPids(): number[] {
  if (!existsSync(RUN_DIR)) return [];
  return readdirSync(RUN_DIR)
    .filter((f) => f.endsWith('.pid'))
    .map((f) => Number(readFileSync(path.join(RUN_DIR, f), 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 1);
}

/** Polls `check` every 100 ms until it is true; throws `describe()` after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((r) => setTimeout(r, 100));
  }
}
