/**
 * The slowed run (`npm run bench -- --slow`, issue 32): the same measures with the CPU
 * halved — one CPU-bound process pinned to each core, so the server, PostgreSQL, Chromium and
 * the load generator each get about half the time they would. Machines of this kind differ
 * 2–3× and members' phones far more: a budget met only on a quiet, fast machine is not met.
 *
 * Why pinned, and why the kernel's autogroups are switched off for the run
 * (docs/decisions/0089-slowed-run-halves-every-process.md): Linux shares a core between
 * sessions before it shares it between threads (sched_autogroup_enabled, on by default), so
 * burners started by the bench halved only what the bench itself started — the API server
 * and the load generator, squeezed together with the burners into one session's share —
 * while PostgreSQL, a service in a session of its own, kept nearly a whole core (a busy
 * thread beside two burners: 0.66 of a core in the bench's session, 0.91 in its own). With
 * autogroups off and a burner on each core, every busy thread gets half a core wherever it
 * was started (0.52, two at once 0.52 each): a machine of two cores at half the speed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** A loop that never sleeps, and dies with the bench (its stdin closes when the bench exits). */
const BURN = `process.stdin.on('close', () => process.exit(0)); process.stdin.resume(); (function spin() { const until = Date.now() + 50; while (Date.now() < until); setImmediate(spin); })();`;

const AUTOGROUP = '/proc/sys/kernel/sched_autogroup_enabled';

/** Switches the kernel's autogroups off until `restore` (or the bench's exit); `off` false when it cannot (not root). */
function autogroupsOff(): { off: boolean; restore: () => void } {
  let before: string;
  try {
    before = readFileSync(AUTOGROUP, 'utf8').trim();
  } catch {
    return { off: true, restore: () => {} }; // a kernel without autogroups shares by thread already
  }
  if (before === '0') return { off: true, restore: () => {} };
  try {
    writeFileSync(AUTOGROUP, '0');
  } catch {
    return { off: false, restore: () => {} };
  }
  // Interrupted, the bench must not leave the machine's scheduler changed.
  const interrupted = () => process.exit(130);
  const restore = () => {
    process.off('exit', restore).off('SIGINT', interrupted);
    try {
      writeFileSync(AUTOGROUP, before);
    } catch {
      // The setting went away: nothing to put back.
    }
  };
  process.once('exit', restore).once('SIGINT', interrupted);
  return { off: true, restore };
}

/** A burner on core `core` (taskset), or floating where taskset is missing. */
function burner(core: number, pinned: boolean): ChildProcess {
  const [command, args] = pinned ? ['taskset', ['-c', String(core), process.execPath, '-e', BURN]] : [process.execPath, ['-e', BURN]];
  return spawn(command, args, { stdio: ['pipe', 'ignore', 'inherit'] });
}

/** `run` with the CPU halved; `note` says how faithfully (printed under the table). */
export async function withCpuHalved<T>(run: () => Promise<T>): Promise<{ result: T; note: string }> {
  const autogroups = autogroupsOff();
  const pinned = spawnSync('taskset', ['--version']).status === 0;
  const burners = Array.from({ length: availableParallelism() }, (_, core) => burner(core, pinned));
  try {
    const result = await run();
    const note =
      autogroups.off && pinned
        ? `CPU halved: a burner pinned to each of ${burners.length} cores, the kernel's autogroups off (every process halved alike)`
        : `CPU halved UNFAITHFULLY: ${autogroups.off ? '' : 'autogroups could not be switched off (not root?), so processes outside the bench\'s session (PostgreSQL) were barely slowed; '}${pinned ? '' : 'no taskset, so the burners float between cores'}`;
    return { result, note };
  } finally {
    for (const b of burners) b.kill('SIGKILL');
    autogroups.restore();
  }
}
