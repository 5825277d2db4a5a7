/**
 * The outbox's hard promises (DESIGN.md "Writes and the outbox", STYLE.md §12),
 * against the real server: lost answers, a dead network, refusals, an ended session
 * and a restart. Writes are queued exactly as a screen queues them (store/outbox.ts).
 */
import { describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/contract/auth';
import { USER_PATHS } from '../../src/contract/user';
import { deviceDb } from '../../src/client/store/db';
import { enqueue } from '../../src/client/store/outbox';
import { createSync } from '../../src/client/sync/create-sync';
import { BASE_URL, serverCall, signedIn, withClientTestServer, type TestServer } from './helpers/harness';
import { aboutOnServer, expectAppliedOnce, loseFirstAnswer } from './helpers/outbox';

let server: TestServer;
withClientTestServer((s) => (server = s));

describe('outbox replay', () => {
  it('applies a write exactly once when its answer is lost after the server committed', async () => {
    const h = await signedIn(server);
    const { userCode } = h.member;
    await h.sync.pull({ kind: 'profile', userCode });
    loseFirstAnswer(h, server, (request) => request.method === 'PUT');

    const id = await enqueue(h.db, 'about.update', { userCode, data: { about: 'Written on the train' } });
    expect(await h.db.profiles.get(userCode)).toMatchObject({ about: 'Written on the train', _sync: 'pending' });
    await h.sync.kick();
    await h.sync.settled();

    const sends = h.net.log.filter((r) => r.key === id);
    expect(sends.map((r) => [r.status, r.replayed])).toEqual([[201, false], [201, true]]);
    await expectAppliedOnce(h, server, 'Written on the train');
  });

  it('sends the writes first: a pull asked while the outbox is being sent goes after that pass', async () => {
    const h = await signedIn(server);
    const { userCode } = h.member;
    const order: string[] = [];
    h.net.around = async (request, pass) => {
      order.push(`${request.method} start`);
      const response = await pass();
      order.push(`${request.method} end`);
      return response;
    };
    await enqueue(h.db, 'about.update', { userCode, data: { about: 'Queued on the train' } });
    await h.sync.kick();
    // The member's screen asks for its rows in the same moment (the shell's refresh on `online`).
    await h.sync.pull({ kind: 'profile', userCode });
    await h.sync.settled();
    expect(order.slice(0, 3)).toEqual(['PUT start', 'PUT end', 'GET start']);
    expect(await h.db.profiles.get(userCode)).toMatchObject({ about: 'Queued on the train' });
    expect(await h.db.profiles.get(userCode)).not.toHaveProperty('_sync');
  });

  it('retries a dead network at 250 ms doubling to a 10 s cap, then delivers', async () => {
    const h = await signedIn(server);
    const { userCode, token } = h.member;
    h.net.down = true;
    h.onSleep = () => {
      if (h.sleeps.length === 8) h.net.down = false;
    };
    await enqueue(h.db, 'about.update', { userCode, data: { about: 'Sent when the server came back' } });
    await h.sync.kick();
    await h.sync.settled();

    expect(h.sleeps).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await aboutOnServer(server, token, userCode)).toBe('Sent when the server came back');
    expect(await h.sync.status()).toMatchObject({ online: true, replaying: false, signedIn: true });
  });

  it('resets the backoff on kick() and on the online event', async () => {
    const h = await signedIn(server);
    h.net.down = true;
    h.onSleep = () => {
      if (h.sleeps.length === 3) void h.sync.kick();
      if (h.sleeps.length === 6) h.goOnline();
      if (h.sleeps.length === 8) h.net.down = false;
    };
    await enqueue(h.db, 'about.update', { userCode: h.member.userCode, data: { about: 'Eventually' } });
    await h.sync.kick();
    await h.sync.settled();
    expect(h.sleeps).toEqual([250, 500, 1000, 250, 500, 1000, 250, 500]);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('keeps a refused write as failed with the server message; other targets still go; Retry and Discard', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const other = await server.signUpMember();
    await h.sync.pull({ kind: 'profile', userCode: other.userCode });
    const serverRow = await h.db.profiles.get(other.userCode);
    expect(serverRow).toBeDefined();

    // Writing another member's about is refused (4xx, not retryable).
    const refused = await enqueue(h.db, 'about.update', { userCode: other.userCode, data: { about: 'Not mine to write' } });
    const heldBack = await enqueue(h.db, 'about.update', { userCode: other.userCode, data: { about: 'Also not mine' } });
    const mine = await enqueue(h.db, 'about.update', { userCode: me, data: { about: 'Mine goes through' } });
    await h.sync.kick();
    await h.sync.settled();

    const direct = await serverCall(server, h.member.token, 'PUT', USER_PATHS.updateAbout(other.userCode), { about: 'x' });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    const failed = await h.db.outbox.get(refused);
    expect(failed).toMatchObject({ status: 'failed', error: { status: direct.status, message: direct.body.message } });
    expect(h.sleeps).toEqual([]); // a refusal is not retried
    // Same target, later: held back, never sent. Other target: delivered.
    expect(await h.db.outbox.get(heldBack)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(h.net.log.some((r) => r.key === heldBack)).toBe(false);
    expect(await h.db.outbox.get(mine)).toBeUndefined();
    expect(await aboutOnServer(server, h.member.token, me)).toBe('Mine goes through');

    // Retry: sent again under the same id (the Idempotency-Key).
    await h.sync.retry(refused);
    await h.sync.settled();
    expect(h.net.log.filter((r) => r.key === refused)).toHaveLength(2);
    expect(await h.db.outbox.get(refused)).toMatchObject({ status: 'failed' });

    // Discard: the item goes and the next of its target is tried (and refused too).
    await h.sync.discard(refused);
    await h.sync.settled();
    expect(await h.db.outbox.get(refused)).toBeUndefined();
    expect(await h.db.outbox.get(heldBack)).toMatchObject({ status: 'failed' });
    await h.sync.discard(heldBack);
    await h.sync.settled();
    expect(await h.db.outbox.count()).toBe(0);
    // The server's row is back, the optimistic text gone.
    const restored = await h.db.profiles.get(other.userCode);
    expect(restored?.about).toBe(serverRow?.about);
    expect(restored).not.toHaveProperty('_sync');
  });

  it('on 401 signs out but keeps the outbox and the member database for the next sign-in', async () => {
    const h = await signedIn(server);
    const { userCode, email, password, token } = h.member;
    await h.sync.pull({ kind: 'shell' });
    const id = await enqueue(h.db, 'about.update', { userCode, data: { about: 'Kept across a sign-out' } });
    // The server ends the session (signed out from another device): its token and its renewal answer 401.
    const { refreshToken } = (await deviceDb().session.get('current'))!;
    expect((await server.call('POST', AUTH_PATHS.signOut, { body: { refreshToken } })).status).toBe(200);
    await h.sync.kick();
    await h.sync.settled();

    expect(await deviceDb().session.get('current')).toBeUndefined();
    expect(await h.sync.status()).toMatchObject({ signedIn: false, replaying: false });
    expect(await h.db.outbox.get(id)).toMatchObject({ status: 'pending' });
    expect(await h.db.profiles.get(userCode)).toMatchObject({ about: 'Kept across a sign-out', _sync: 'pending' });
    expect(await h.db.masters.count()).toBeGreaterThan(0);

    // The same member signs in again: the kept write is delivered.
    expect((await h.sync.signIn({ username: email, password })).ok).toBe(true);
    await h.sync.settled();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await aboutOnServer(server, token, userCode)).toBe('Kept across a sign-out');
  });

  it('delivers what was queued before a restart', async () => {
    const h = await signedIn(server);
    const { userCode, token } = h.member;
    await enqueue(h.db, 'about.update', { userCode, data: { about: 'Queued, then the app closed' } });
    // A new worker (the app reopened) finds the session and the outbox in IndexedDB.
    const reopened = createSync({ baseUrl: BASE_URL, fetchImpl: h.net.fetch, locks: null, onOnline: () => undefined });
    expect((await reopened.start())?.id).toBe(userCode);
    await reopened.settled();
    expect(await h.db.outbox.count()).toBe(0);
    expect(await aboutOnServer(server, token, userCode)).toBe('Queued, then the app closed');
  });

  it('two tabs take turns through the Web Lock: each item is sent once', async () => {
    const h = await signedIn(server);
    const { userCode, token } = h.member;
    // A minimal LockManager: one holder per name, the others queue (as navigator.locks does).
    const tails = new Map<string, Promise<unknown>>();
    const locks = {
      request: (name: string, _options: object, run: () => Promise<unknown>) => {
        const turn = (tails.get(name) ?? Promise.resolve()).then(run);
        tails.set(name, turn.catch(() => undefined));
        return turn;
      },
    } as unknown as LockManager;
    const tab = () => createSync({ baseUrl: BASE_URL, fetchImpl: h.net.fetch, locks, onOnline: () => undefined });
    const [one, two] = [tab(), tab()];
    const ids = [
      await enqueue(h.db, 'about.update', { userCode, data: { about: 'First' } }),
      await enqueue(h.db, 'about.update', { userCode, data: { about: 'Second' } }),
    ];
    await Promise.all([one.start(), two.start()]);
    await Promise.all([one.settled(), two.settled()]);
    expect(h.net.log.filter((r) => r.method === 'PUT').map((r) => r.key)).toEqual(ids);
    expect(await aboutOnServer(server, token, userCode)).toBe('Second');
  });
});
