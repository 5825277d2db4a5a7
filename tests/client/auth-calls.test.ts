/** The public calls, the device session and checkout (DESIGN.md "A shared device"). */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/contract/rules';
import { deviceDb, memberDbName } from '../../src/client/store/db';
import { createSync } from '../../src/client/sync/create-sync';
import { createNet } from './helpers/net';
import { BASE_URL, signedIn, startClientTestServer, type TestServer } from './helpers/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  // Only the media cache stub: the in-process fetch (harness) stays for the whole file.
  vi.stubGlobal('caches', undefined);
});

const freshSync = () => {
  const net = createNet(server.app);
  return { net, sync: createSync({ baseUrl: BASE_URL, fetchImpl: net.fetch, locks: null, onOnline: () => undefined }) };
};

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name);

describe('auth calls', () => {
  it('signIn writes the device session; start() finds it', async () => {
    const member = await server.signUpMember();
    const { sync } = freshSync();
    const result = await sync.signIn({ username: member.email, password: member.password });
    expect(result).toMatchObject({ ok: true, data: { id: member.userCode, tokenType: 'Bearer' } });
    expect(await deviceDb().session.get('current')).toMatchObject({ id: member.userCode });
    expect((await freshSync().sync.start())?.id).toBe(member.userCode);
  });

  it('a wrong password is a refusal with the spec message, not a sign-out', async () => {
    const member = await server.signUpMember();
    const { sync } = freshSync();
    const result = await sync.signIn({ username: member.email, password: 'Wrong#pass1' });
    expect(result).toMatchObject({ ok: false, status: 401, message: MESSAGES.loginFailed });
  });

  it('offline: the calls say so', async () => {
    const { sync, net } = freshSync();
    net.down = true;
    const result = await sync.signIn({ username: 'ada@example.com', password: 'x' });
    expect(result).toEqual({ ok: false, status: 0, offline: true, message: 'You are offline. Try again when connected.' });
    expect(await sync.plans()).toMatchObject({ ok: false, offline: true });
  });

  it('validateUsername: exists only for a known account (code "101")', async () => {
    const member = await server.signUpMember();
    const { sync, net } = freshSync();
    expect(await sync.validateUsername(member.email)).toMatchObject({ ok: true, data: { exists: true } });
    expect(await sync.validateUsername('nobody-here@example.com')).toMatchObject({ ok: true, data: { exists: false } });
    expect(await sync.validateUsername('5550001234')).toMatchObject({ ok: true, data: { exists: false } });
    expect(net.log.map((r) => r.path.split('/').pop())).toEqual(['validateEmailId', 'validateEmailId', 'validateMobileNo']);
  });

  it('plans lists the active plans', async () => {
    const { sync } = freshSync();
    const result = await sync.plans();
    expect(result.ok).toBe(true);
    expect(result.ok && result.data.length).toBeGreaterThan(0);
  });

  it('an expired session from before refresh tokens is cleared at start; the member database stays', async () => {
    const h = await signedIn(server);
    await h.sync.pull({ kind: 'shell' });
    await deviceDb().session.update('current', { expiresAt: Math.floor(Date.now() / 1000) - 1, refreshToken: undefined, sessionCode: undefined });
    expect(await freshSync().sync.start()).toBeNull();
    expect(await deviceDb().session.get('current')).toBeUndefined();
    expect(await databaseNames()).toContain(memberDbName(h.member.userCode));
  });

  it("checkout deletes the member's database, the media cache and the session", async () => {
    const h = await signedIn(server);
    await h.sync.pull({ kind: 'shell' });
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    await h.sync.checkout();
    expect(deleted).toEqual(['billionett-media']);
    expect(await deviceDb().session.get('current')).toBeUndefined();
    expect(await databaseNames()).not.toContain(memberDbName(h.member.userCode));
    expect(await h.sync.status()).toMatchObject({ signedIn: false });
  });
});
