/**
 * 100 queued writes delivered after the network returns, timed from the `online`
 * event to an empty outbox. Runs the real sync worker code (createSync) in Node on
 * fake-indexeddb against the real server over loopback — the worker's replay and the
 * server's idempotent writes, without a browser's IndexedDB. Also prints what the drain
 * cost the API process in CPU (cpu.ts), the figure a change to the write path moves.
 */
import 'fake-indexeddb/auto';
import { API_BASE } from '../../src/contract/codes';
import { createSync } from '../../src/client/sync/create-sync';
import { memberDb } from '../../src/client/store/db';
import { enqueue } from '../../src/client/store/outbox';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';
import { cpuMsOf } from './cpu';

/** One drain: its time from `online` to an empty outbox, and the API process's CPU meanwhile. */
export async function drainOnce(server: { url: string; pid: number }, login = DEMO_LOGINS[1]!): Promise<{ ms: number; serverCpuMs: number }> {
  let offline = false;
  let fireOnline = () => {};
  const sync = createSync({
    baseUrl: `${server.url}${API_BASE}`,
    locks: null,
    fetchImpl: (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)),
    onOnline: (listener) => {
      fireOnline = listener;
    },
  });
  const signed = await sync.signIn({ username: login.email, password: login.password, emailId: login.email, mobileNo: '' });
  if (!signed.ok || 'challenge' in signed.data) throw new Error(`bench sign-in failed: ${signed.ok ? 'a second factor is on' : signed.message}`);
  const userCode = signed.data.id;
  await sync.start();
  const db = memberDb(userCode);

  offline = true;
  for (let i = 0; i < 100; i++) {
    await enqueue(db, 'about.update', { userCode, data: { about: `Bench about text number ${i}.` } });
  }
  await sync.kick();
  const cpuBefore = cpuMsOf(server.pid);
  const started = performance.now();
  offline = false;
  fireOnline();
  while ((await db.outbox.count()) > 0) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - started;
  const serverCpuMs = cpuMsOf(server.pid) - cpuBefore;
  await sync.checkout();
  return { ms, serverCpuMs };
}

export async function measureOutboxDrain(server: { url: string; pid: number }) {
  const { ms, serverCpuMs } = await drainOnce(server);
  return {
    measure: '100 queued writes delivered after online (Node, fake-indexeddb; the API process’s CPU)',
    value: `${ms.toFixed(0)} ms (${serverCpuMs} ms)`,
    budget: '≤ 2000 ms',
  };
}
