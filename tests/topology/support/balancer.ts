/**
 * The balancer machine: Debian's HAProxy running the operators' docs/deploy/haproxy.cfg
 * unchanged, its addresses given in the environment as the file says. Its runtime API (the
 * stats socket) tells which hosts its health checks see up, and drains a host on demand.
 */
import net from 'node:net';
import path from 'node:path';
import { MACHINES } from './net';
import { RUN_DIR, launch, logOf, until } from './procs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const HAPROXY_CFG = path.join(ROOT, 'docs/deploy/haproxy.cfg');
export const HAPROXY_SOCKET = path.join(RUN_DIR, 'haproxy.sock');
export const BALANCER_URL = `http://${MACHINES.balancer.address}`;
export const API_PORT = 8080;

export function startBalancer(): void {
  launch('haproxy', MACHINES.balancer.ns, ['haproxy', '-db', '-f', HAPROXY_CFG], {
    PATH: process.env.PATH,
    BILLIONETT_BIND: `${MACHINES.balancer.address}:80`,
    BILLIONETT_API1: `${MACHINES.api1.address}:${API_PORT}`,
    BILLIONETT_API2: `${MACHINES.api2.address}:${API_PORT}`,
    BILLIONETT_API3: `${MACHINES.api3.address}:${API_PORT}`,
    HAPROXY_SOCKET,
  });
}

/** One command on HAProxy's runtime API; its answer. */
export function haproxy(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(HAPROXY_SOCKET);
    let answer = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** Each API host's status as the balancer's health checks see it ("UP", "DOWN", "DRAIN", …). */
export async function hostStatuses(): Promise<Record<string, string>> {
  const csv = await haproxy('show stat');
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header!.split(',');
  const [px, sv, status] = ['pxname', 'svname', 'status'].map((c) => columns.indexOf(c));
  const out: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[px!] === 'api' && /^api\d$/.test(cells[sv!] ?? '')) out[cells[sv!]!] = cells[status!]!;
  }
  return out;
}

/** Waits until the balancer's checks agree with `expected` (e.g. { api2: 'DOWN' }). */
export async function waitStatuses(expected: Record<string, string>, timeoutMs = 30_000): Promise<void> {
  let last: Record<string, string> = {};
  await until(
    async () => {
      last = await hostStatuses().catch(() => ({}));
      return Object.entries(expected).every(([host, status]) => (last[host] ?? '').startsWith(status));
    },
    timeoutMs,
    () => `the balancer sees ${JSON.stringify(last)}, not ${JSON.stringify(expected)}:\n${logOf('haproxy', 4000)}`,
  );
}

/** Takes a host out of rotation without cutting what it has open ("drain"), or back ("ready"). */
export async function setHostState(host: string, state: 'ready' | 'drain' | 'maint'): Promise<void> {
  const answer = await haproxy(`set server api/${host} state ${state}`);
  if (answer.trim() !== '') throw new Error(`haproxy: ${answer}`);
}
