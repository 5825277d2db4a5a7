/** Server memory after seeding, idle: VmRSS of the server process once it has settled. */
import { readFileSync } from 'node:fs';
import type { BenchServer } from './server';

export async function measureServerRss(server: BenchServer) {
  await new Promise((r) => setTimeout(r, 3000));
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { measure: 'server RSS after seeding, idle', value: `${(kb / 1024).toFixed(0)} MB`, budget: '≤ 300 MB' };
}
