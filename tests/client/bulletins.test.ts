/**
 * Bulletins on the device (issue 16) against the real server: a pull mirrors the newest page
 * and the server's unread count; marking read is a queued write that changes the list and
 * the count at once (offline too), survives a pull before it is sent, and reaches the
 * server once.
 */
import { describe, expect, it, vi } from 'vitest';
import { BULLETIN_PATHS } from '../../src/contract/bulletins';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { uuidv7 } from '../../src/lib/ids';
import { markAllRead, markRead } from '../../src/client/bulletins/commands';
import { serverCall, signedIn, withClientTestServer, type TestServer } from './helpers/harness';

// The UI's worker proxy: the test drives its own sync (the harness) instead.
vi.mock('../../src/client/sync/client', () => ({ sync: { kick: async () => undefined } }));

let server: TestServer;
withClientTestServer((s) => (server = s));

describe('bulletins on the device', () => {
  it('mirrors the newest page and the unread count; reading is queued, drawn at once and sent once', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const other = await server.signUpMember();
    const code = uuidv7();
    expect((await serverCall(server, h.member.token, 'POST', ENTRY_PATHS.create, { userPostCode: code, featureCode: 5, postDescription: 'Hi', privacyCode: 1 })).status).toBe(201);
    for (const text of ['one', 'two', 'three']) {
      expect((await serverCall(server, other.token, 'POST', ENTRY_PATHS.commentCreate(code), { commentCode: uuidv7(), comment: text })).status).toBe(201);
    }

    expect(await h.sync.pull({ kind: 'bulletins', pageNo: 1 })).toMatchObject({ ok: true });
    const rows = await h.db.bulletins.toArray();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.kind === 'entryComment' && !r.read && r.url === `/entries/${code}`)).toBe(true);
    expect(await h.db.counts.get('bulletins')).toEqual({ key: 'bulletins', unread: 3, totalRecords: 3 });

    // Offline: one read, drawn at once; a pull before it is sent keeps it read.
    h.net.down = true;
    await markRead(me, [rows[0]!.bulletinCode]);
    expect((await h.db.bulletins.get(rows[0]!.bulletinCode))?.read).toBe(true);
    expect((await h.db.counts.get('bulletins'))?.unread).toBe(2);
    h.net.down = false;
    expect(await h.sync.pull({ kind: 'bulletins', pageNo: 1 })).toMatchObject({ ok: true });
    expect((await h.db.bulletins.get(rows[0]!.bulletinCode))?.read).toBe(true);
    expect((await h.db.counts.get('bulletins'))?.unread).toBe(2);

    await markAllRead(me);
    expect((await h.db.counts.get('bulletins'))?.unread).toBe(0);
    await h.sync.kick();
    await h.sync.settled();
    expect(await h.db.outbox.count()).toBe(0);
    const server1 = await serverCall<{ unread: number }>(server, h.member.token, 'GET', BULLETIN_PATHS.list);
    expect(server1.body.data?.unread).toBe(0);
    expect((await h.db.bulletins.toArray()).every((r) => r.read && r._sync === undefined)).toBe(true);
  });
});
