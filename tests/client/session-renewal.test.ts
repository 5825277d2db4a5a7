/**
 * The sync worker keeps a session alive and ends it as the server says (renewal.ts,
 * sign-out.ts, docs/decisions/0070-sessions.md): an access token near its end is
 * renewed before the request and its refresh token replaced; a session ended elsewhere
 * ends here at the next call, the outbox kept; Checkout ends the session on the server,
 * and when offline it is sent once the network is back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '../../src/contract/auth';
import { SESSION_PATHS } from '../../src/contract/sessions';
import { deviceDb } from '../../src/client/store/db';
import { enqueue } from '../../src/client/store/enqueue';
import { signedIn, startClientTestServer, type TestServer } from './helpers/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startClientTestServer();
  vi.stubGlobal('caches', undefined);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
});

const stored = async () => (await deviceDb().session.get('current'))!;
const refused = async (accessToken: string) => (await server.call('GET', SESSION_PATHS.list, { token: accessToken })).status;

describe('session renewal', () => {
  it('renews a dying access token before the request, replacing the refresh token', async () => {
    const h = await signedIn(server);
    const before = await stored();
    expect(before.refreshToken).toBeDefined();
    await deviceDb().session.update('current', { expiresAt: Math.floor(Date.now() / 1000) + 5 });
    const pulled = await h.sync.pull({ kind: 'sessions' });
    expect(pulled).toMatchObject({ ok: true });
    const after = await stored();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.sessionCode).toBe(before.sessionCode);
    expect(h.net.log.map((r) => `${r.path.split('?')[0]} ${r.status}`)).toEqual(expect.arrayContaining([`/api/v1/${AUTH_PATHS.refresh} 200`, `/api/v1/${SESSION_PATHS.list} 200`]));
    // The sessions pull landed in Dexie, this one marked.
    expect(await h.db.deviceSessions.get(before.sessionCode!)).toMatchObject({ current: true });
    await h.sync.checkout();
  });

  it('a session ended elsewhere ends here at the next call; the outbox stays for the next sign-in', async () => {
    const h = await signedIn(server);
    const session = await stored();
    await enqueue(h.db, 'about.update', { userCode: h.member.userCode, data: { about: 'Queued before the end' } });
    // The member signs this device out from another one.
    const other = await server.call('POST', AUTH_PATHS.signIn, { body: { username: h.member.email, password: h.member.password } });
    expect((await server.call('DELETE', SESSION_PATHS.end(session.sessionCode!), { token: other.body.data.accessToken })).status).toBe(200);
    h.net.down = true;
    expect(await h.sync.pull({ kind: 'shell' })).toMatchObject({ ok: false, offline: true });
    h.net.down = false;
    await h.sync.pull({ kind: 'shell' });
    expect(await deviceDb().session.get('current')).toBeUndefined();
    expect(await h.db.outbox.count()).toBe(1);
  });

  it('Checkout ends the session on the server; offline, it is sent once the network is back', async () => {
    const online = await signedIn(server);
    const token = (await stored()).accessToken;
    await online.sync.checkout();
    await expect.poll(() => refused(token)).toBe(401);

    const h = await signedIn(server);
    const offlineToken = (await stored()).accessToken;
    h.net.down = true;
    await h.sync.checkout();
    expect(await deviceDb().session.get('current')).toBeUndefined();
    expect(await deviceDb().signOuts.count()).toBe(1);
    expect(await refused(offlineToken)).toBe(200);
    h.net.down = false;
    h.goOnline();
    await expect.poll(() => refused(offlineToken)).toBe(401);
    await expect.poll(() => deviceDb().signOuts.count()).toBe(0);
  });
});
