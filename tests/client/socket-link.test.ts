/**
 * Telex's live link as the app keeps it (contract/chat.ts chatLinkFrame): the `ready`
 * frame says whether the server can deliver live (absent: yes), `link` frames say when
 * that changes, and the worker writes the latest word into Dexie for the telex screen.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memberDb } from '../../src/client/store/db';
import type { Member, SyncContext } from '../../src/client/sync/context';
import { createChatSocket } from '../../src/client/sync/socket';
import { FakeSocket } from './helpers/fake-socket';

const db = memberDb('ULINK1');
const member = { session: { accessToken: 'token-1', tokenType: 'Bearer', id: 'ULINK1', username: 'link@example.com' }, db } as unknown as Member;
const ctx = { member: () => member, sessionEnded: async () => {}, noteReachable: () => {}, http: {} } as unknown as SyncContext;
const link = async () => (await db.links.get('telex'))?.state;

describe('telex live link', () => {
  afterEach(async () => {
    FakeSocket.opened = [];
    await db.links.clear();
  });

  it('keeps the server’s latest word: down at login, up when it says so, up again on a ready without it', async () => {
    const socket = createChatSocket({ url: 'ws://app.test/api/v1/chat/socket', ctx, onReady: () => {}, WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
    socket.connect(member);
    const ws = FakeSocket.opened[0]!;
    ws.serverSends({ type: 'session', sessionId: 's1' });
    expect(ws.sent[0]).toMatchObject({ type: 'login', sessionId: 's1', token: 'token-1' });

    ws.serverSends({ type: 'ready', userCode: 'ULINK1', time: new Date().toISOString(), link: 'down' });
    await expect.poll(link).toBe('down');
    ws.serverSends({ type: 'link', state: 'up' });
    await expect.poll(link).toBe('up');
    ws.serverSends({ type: 'link', state: 'down' });
    await expect.poll(link).toBe('down');
    // A new login (another host, say) that says nothing of the link: it is up there.
    ws.serverSends({ type: 'ready', userCode: 'ULINK1', time: new Date().toISOString() });
    await expect.poll(link).toBe('up');
    socket.stop();
  });
});
