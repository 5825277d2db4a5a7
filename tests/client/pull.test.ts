/**
 * Mirrors (DESIGN.md "Reads and mirrors"): pulls write the server's rows into the
 * member's database, keep unsent edits on top, tolerate partial failure, and leave
 * cached rows alone when offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_PATHS } from '../../src/contract/user';
import { enqueue } from '../../src/client/store/outbox';
import { serverCall, signedIn, startClientTestServer, type TestServer } from './helpers/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('pull', () => {
  it('shell mirrors profile, personal, plan, menu, utilization and the master lists', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    expect(await h.sync.pull({ kind: 'shell' })).toMatchObject({ ok: true });
    expect(await h.db.profiles.get(me)).toMatchObject({ userCode: me });
    expect(await h.db.personal.get(me)).toMatchObject({ userCode: me });
    expect(await h.db.plans.get(me)).toMatchObject({ userCode: me });
    expect(await h.db.menus.get(me)).toMatchObject({ userCode: me });
    expect(await h.db.utilization.get(me)).toMatchObject({ userCode: me });
    expect((await h.db.masters.toArray()).map((m) => m.name).sort()).toEqual(['emojis', 'privacies', 'professions', 'services']);
    const cursor = await h.db.cursors.get('shell');
    expect(cursor?.syncedAt).toBeGreaterThan(0);
    expect(cursor?.error).toBeUndefined();
  });

  it('keeps a pending edit on top of freshly pulled rows (rebase)', async () => {
    const h = await signedIn(server);
    const { userCode: me, token } = h.member;
    await h.sync.pull({ kind: 'profile', userCode: me });
    // Queued but not yet sent (no kick): the row shows it, marked pending.
    const id = await enqueue(h.db, 'about.update', { userCode: me, data: { about: 'Not sent yet' } });
    // Meanwhile another device changes a different field on the server.
    const changed = await serverCall(server, token, 'PUT', USER_PATHS.updatePersonal(me), { privacyCode: 2 });
    expect(changed.status).toBeLessThan(300);

    expect(await h.sync.pull({ kind: 'profile', userCode: me })).toMatchObject({ ok: true });
    expect(await h.db.profiles.get(me)).toMatchObject({ privacyCode: 2, about: 'Not sent yet', _sync: 'pending' });
    expect(await h.db.outbox.get(id)).toMatchObject({ status: 'pending' });

    await h.sync.kick();
    await h.sync.settled();
    const row = await h.db.profiles.get(me);
    expect(row).toMatchObject({ privacyCode: 2, about: 'Not sent yet' });
    expect(row).not.toHaveProperty('_sync');
  });

  it('keeps what arrived when part of the shell fails', async () => {
    const h = await signedIn(server);
    h.net.around = async (request, pass) =>
      request.path.endsWith('/emojis') ? new Response(JSON.stringify({ code: 500, message: 'Boom' }), { status: 500 }) : pass();
    const result = await h.sync.pull({ kind: 'shell' });
    expect(result).toMatchObject({ ok: false, status: 500, message: 'Boom' });
    expect(result.offline).toBeUndefined();
    expect(await h.db.profiles.get(h.member.userCode)).toBeDefined();
    expect(await h.db.masters.get('privacies')).toBeDefined();
    expect((await h.db.cursors.get('shell'))?.error).toEqual({ status: 500, message: 'Boom' });
  });

  it('offline: says so and leaves the cached rows', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    await h.sync.pull({ kind: 'shell' });
    const before = await h.db.profiles.get(me);
    h.net.down = true;
    expect(await h.sync.pull({ kind: 'shell' })).toMatchObject({ ok: false, offline: true });
    expect(await h.sync.pull({ kind: 'profile', userCode: me })).toMatchObject({ ok: false, offline: true });
    expect(await h.db.profiles.get(me)).toEqual(before);
    expect(await h.sync.status()).toMatchObject({ online: false });
  });

  it("mirrors another member's profile", async () => {
    const h = await signedIn(server);
    const other = await server.signUpMember();
    expect(await h.sync.pull({ kind: 'profile', userCode: other.userCode })).toMatchObject({ ok: true });
    expect(await h.db.profiles.get(other.userCode)).toMatchObject({ userCode: other.userCode });
  });
});
