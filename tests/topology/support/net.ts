/**
 * The deployment's network, made by the suite on this machine (it runs as root): one
 * network namespace per machine of the deployment, each with one veth into a bridge that
 * lives in a namespace of its own, and one veth from the root namespace so the test process
 * and Chromium reach the balancer. Addresses are in 198.18.0.0/24 (inside 198.18.0.0/15, the
 * range set aside for network benchmarks) and nothing else: no namespace has a default route,
 * so nothing in the deployment can send anywhere but to its neighbours.
 *
 * Every namespace and link is named with PREFIX, so a run swept away after a crash is found
 * by name (sweep()).
 */
import { execFileSync } from 'node:child_process';

export const PREFIX = 'bnt-';
export const BRIDGE_NS = `${PREFIX}net`;
/** The root namespace's end; its peer sits on the bridge. */
export const ROOT_LINK = `${PREFIX}root`;

/** The machines of the deployment: namespace name and address. */
export const MACHINES = {
  /** The test process and Chromium, in the root namespace. */
  client: { ns: null, address: '198.18.0.1' },
  balancer: { ns: `${PREFIX}lb`, address: '198.18.0.2' },
  database: { ns: `${PREFIX}db`, address: '198.18.0.10' },
  api1: { ns: `${PREFIX}api1`, address: '198.18.0.11' },
  api2: { ns: `${PREFIX}api2`, address: '198.18.0.12' },
  api3: { ns: `${PREFIX}api3`, address: '198.18.0.13' },
} as const;
/**
 * A second address of the client's, for the rate-limit test: its wrong passwords then lock
 * out that address only, not the one every other test signs in from.
 */
export const SPRAYER_ADDRESS = '198.18.0.9';
const NETMASK = 24;

export type MachineName = keyof typeof MACHINES;

/** Runs a command, its output returned; throws with its stderr on failure. */
export function run(cmd: string, args: string[], input?: string): string {
  return execFileSync(cmd, args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Runs a command, ignoring failure (cleanup of what may not exist). */
function tryRun(cmd: string, args: string[]): string {
  try {
    return run(cmd, args);
  } catch {
    return '';
  }
}

/** argv that runs `argv` inside namespace `ns`. */
export const inNs = (ns: string, argv: string[]) => ['ip', 'netns', 'exec', ns, ...argv];

/** Our namespaces that exist now. */
function ourNamespaces(): string[] {
  return tryRun('ip', ['netns', 'list'])
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter((name) => name.startsWith(PREFIX));
}

/** Pids of every process inside namespace `ns`. */
export function pidsIn(ns: string): number[] {
  return tryRun('ip', ['netns', 'pids', ns]).split('\n').filter(Boolean).map(Number);
}

/**
 * Removes whatever an earlier run left (a crash, a kill -9 of the runner): every process in
 * our namespaces, the namespaces (their veths and the bridge go with them) and the root link.
 */
export function sweep(): void {
  for (const ns of ourNamespaces()) {
    for (const pid of pidsIn(ns)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    tryRun('ip', ['netns', 'del', ns]);
  }
  tryRun('ip', ['link', 'del', ROOT_LINK]);
}

/** Builds the network; sweep() first. */
export function buildNetwork(): void {
  run('ip', ['netns', 'add', BRIDGE_NS]);
  run('ip', ['-n', BRIDGE_NS, 'link', 'add', 'br0', 'type', 'bridge']);
  run('ip', ['-n', BRIDGE_NS, 'link', 'set', 'br0', 'up']);
  for (const [name, machine] of Object.entries(MACHINES)) {
    if (machine.ns === null) continue;
    run('ip', ['netns', 'add', machine.ns]);
    run('ip', ['-n', machine.ns, 'link', 'set', 'lo', 'up']);
    // One end on the bridge (named after the machine), the other the machine's eth0.
    run('ip', ['-n', BRIDGE_NS, 'link', 'add', name, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', machine.ns]);
    run('ip', ['-n', BRIDGE_NS, 'link', 'set', name, 'master', 'br0', 'up']);
    run('ip', ['-n', machine.ns, 'addr', 'add', `${machine.address}/${NETMASK}`, 'dev', 'eth0']);
    run('ip', ['-n', machine.ns, 'link', 'set', 'eth0', 'up']);
  }
  // The root namespace's veth: its address brings the one route it gets, 198.18.0.0/24.
  run('ip', ['link', 'add', ROOT_LINK, 'type', 'veth', 'peer', 'name', 'client', 'netns', BRIDGE_NS]);
  run('ip', ['-n', BRIDGE_NS, 'link', 'set', 'client', 'master', 'br0', 'up']);
  run('ip', ['addr', 'add', `${MACHINES.client.address}/${NETMASK}`, 'dev', ROOT_LINK]);
  run('ip', ['addr', 'add', `${SPRAYER_ADDRESS}/32`, 'dev', ROOT_LINK]);
  run('ip', ['link', 'set', ROOT_LINK, 'up']);
}

/** Drops (or refuses) what `machine` sends to `address:port`: a firewall rule in its namespace. */
export function cut(ns: string, address: string, port: number, how: 'drop' | 'reject'): void {
  const verdict = how === 'drop' ? 'drop' : 'reject with tcp reset';
  // One table of ours per namespace; `heal` deletes it whole.
  run('ip', ['netns', 'exec', ns, 'nft', '-f', '-'], [
    `table inet ${PREFIX}cut {`,
    '  chain out {',
    '    type filter hook output priority 0;',
    `    ip daddr ${address} tcp dport ${port} ${verdict}`,
    '  }',
    '}',
  ].join('\n'));
}

export function heal(ns: string): void {
  tryRun('ip', ['netns', 'exec', ns, 'nft', 'delete', 'table', 'inet', `${PREFIX}cut`]);
}
