/**
 * 100 queued writes delivered after the network returns, timed from the `online`
 * event to an empty outbox. Runs the real sync worker code (createSync) in Node on
 * fake-indexeddb against the real server over loopback — the worker's replay and the
 * server's idempotent writes, without a browser's IndexedDB.
 */
import 'fake-indexeddb/auto';
import { API_BASE } from '../../src/contract/codes';
import { createSync } from '../../src/client/sync/create-sync';
import { memberDb } from '../../src/client/store/db';
import { enqueue } from '../../src/client/store/outbox';
import { DEMO_MEMBERS as DEMO_LOGINS } from '../support/demo';

export async function measureOutboxDrain(baseUrl: string) {
  let offline = false;
  let fireOnline = () => {};
  const sync = createSync({
    baseUrl: `${baseUrl}${API_BASE}`,
    locks: null,
    fetchImpl: (input, init) => (offline ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)),
    onOnline: (listener) => {
      fireOnline = listener;
    },
  });
  const login = DEMO_LOGINS[1]!;
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
  const started = performance.now();
  offline = false;
  fireOnline();
  while ((await db.outbox.count()) > 0) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - started;
  await sync.checkout();
  return { measure: '100 queued writes delivered after online (Node, fake-indexeddb)', value: `${ms.toFixed(0)} ms`, budget: '≤ 2000 ms' };
}
