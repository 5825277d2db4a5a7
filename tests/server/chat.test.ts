/**
 * Telex over real sockets: login, store-once with re-ack, history paging newest page first,
 * non-billionetts refused (socket and HTTP), malformed frames answered while the socket and
 * process live on, presence to a billionett, delivered/read pushed to the sender, limits.
 */
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { CHAT_BODY_MAX, CHAT_CLOSE, CHAT_MESSAGES, CHAT_PAGE_SIZE, CHAT_PATHS as P, CHAT_RATE } from '../../src/contract/chat';
import { chatMessages } from '../../src/server/db/schema/chat';
import { eq } from 'drizzle-orm';
import { dbTargets, startTestServer } from '../support/server';
import { befriend, TelexClient } from '../support/telex';
import { telexSuite } from '../support/telex-suite';

describe.each(dbTargets())('telex on $name', ({ databaseUrl }) => {
  const { server: s, open, pair, keep } = telexSuite(() => startTestServer({ databaseUrl }));

  it('a telex is acked with server time, reaches the billionett live, and a repeat is stored once', async () => {
    const [a, b] = await pair();
    const [ca, cb] = [await open(a), await open(b)];
    const id = ca.telex(b.userCode, 'Hello there');
    const ack = await ca.next((f) => f.type === 'ack' && f.id === id);
    expect(ack).toMatchObject({ type: 'ack', id, status: 'sent' });
    expect(Number.isNaN(Date.parse((ack as { time: string }).time))).toBe(false);
    const got = await cb.next((f) => f.type === 'message' && f.id === id);
    expect(got).toMatchObject({ sender: a.userCode, recvId: b.userCode, body: 'Hello there', status: 'sent', recvIsGroup: false });

    // The ack was "lost": the client resends the same id.
    ca.telex(b.userCode, 'Hello there', id);
    const again = await ca.next((f) => f.type === 'ack' && f.id === id);
    expect((again as { time: string }).time).toBe((ack as { time: string }).time);
    expect(await s.app.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);

    // The sender reusing that id for another billionett, or for other words, is refused:
    // acknowledging it would drop the message silently.
    const [other] = [await s.signUpMember()];
    await befriend(s.api, a, other);
    ca.telex(other.userCode, 'Hello there', id);
    expect(await ca.next((f) => f.type === 'error' && f.id === id)).toMatchObject({ code: 'duplicateId' });
    ca.telex(b.userCode, 'Other words', id);
    expect(await ca.next((f) => f.type === 'error' && f.id === id)).toMatchObject({ code: 'duplicateId' });
    expect(await s.app.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);

    // Someone else reusing that id is refused and stores nothing.
    const [c] = [await s.signUpMember()];
    await befriend(s.api, c, b);
    const cc = await open(c);
    cc.telex(b.userCode, 'Stolen id', id);
    expect(await cc.next((f) => f.type === 'error' && f.id === id)).toMatchObject({ code: 'duplicateId' });
    expect(await s.app.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);
  });

  it('history pages newest first, 50 a page, and lists conversations with unread counts', async () => {
    const [a, b] = await pair();
    // Three sockets of a (three tabs), so 60 sends stay under the per-socket rate limit.
    const tabs = [await open(a), await open(a), await open(a)];
    for (let i = 1; i <= 60; i += 1) {
      const tab = tabs[Math.floor((i - 1) / CHAT_RATE.messages)]!;
      const id = tab.telex(b.userCode, `m${i}`);
      await tab.next((f) => f.type === 'ack' && f.id === id);
    }
    // The other tabs saw every message sent from one of them.
    for (let i = 21; i <= 60; i += 1) await tabs[0]!.next((f) => f.type === 'message' && f.body === `m${i}`);
    expect(tabs[0]!.inbox.some((f) => f.type === 'message')).toBe(false);
    const first = await s.call('GET', `${P.conversation(a.userCode)}?pageNo=1`, { token: b.token });
    expect(first.status).toBe(200);
    expect(first.body.totalRecords).toBe(60);
    expect(first.body.data.chatHistory).toHaveLength(CHAT_PAGE_SIZE);
    expect(first.body.data.chatHistory[0]).toMatchObject({ body: 'm60', sender: a.userCode, recvId: b.userCode, status: 'sent' });
    expect(first.body.data.chatHistory.at(-1).body).toBe('m11');
    const second = await s.call('GET', `${P.conversation(a.userCode)}?pageNo=2`, { token: b.token });
    expect(second.body.data.chatHistory.map((m: { body: string }) => m.body)).toEqual(['m10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);

    const history = await s.call('GET', P.history, { token: b.token });
    expect(history.body.totalRecords).toBe(1);
    expect(history.body.data.chatHistory[0]).toMatchObject({ userCode: a.userCode, unread: 60, lastMessage: { body: 'm60' }, isOnline: true });
    const friends = await s.call('GET', P.friends, { token: b.token });
    expect(friends.body.data.onlineFriends[0]).toMatchObject({ userCode: a.userCode, isOnline: true });
    expect(friends.body.data.onlineFriends[0].lastChatTime).toBe(history.body.data.chatHistory[0].lastChatTime);
  });

  it('members who are not billionetts cannot telex or read each other', async () => {
    const [a, b] = [await s.signUpMember(), await s.signUpMember()];
    const ca = await open(a);
    const id = ca.telex(b.userCode, 'Hi stranger');
    expect(await ca.next((f) => f.type === 'error' && f.id === id)).toMatchObject({ code: 'notFriends', message: CHAT_MESSAGES.notFriends });
    const read = await s.call('GET', P.conversation(b.userCode), { token: a.token });
    expect(read.status).toBe(403);
    expect(read.body.message).toBe(CHAT_MESSAGES.notFriends);
    expect(await s.app.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(0);
  });

  it('malformed frames get an error frame; the socket and the process live on', async () => {
    const [a, b] = await pair();
    const ca = await open(a);
    for (const raw of ['not json', '{"type":"nope"}', '{"type":"message","id":"x"}', '[]', 'null']) {
      ca.ws.send(raw);
      expect(await ca.next((f) => f.type === 'error')).toMatchObject({ code: 'malformed' });
    }
    ca.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await ca.next((f) => f.type === 'error')).toMatchObject({ code: 'malformed' });
    const long = ca.telex(b.userCode, 'x'.repeat(CHAT_BODY_MAX + 1));
    expect(await ca.next((f) => f.type === 'error' && f.id === long)).toMatchObject({ code: 'tooLong' });
    const empty = ca.telex(b.userCode, '   ');
    expect(await ca.next((f) => f.type === 'error' && f.id === empty)).toMatchObject({ code: 'empty' });
    const ok = ca.telex(b.userCode, 'still here');
    expect(await ca.next((f) => f.type === 'ack' && f.id === ok)).toMatchObject({ status: 'sent' });
    expect((await s.call('GET', 'health')).status).toBe(200);
  });

  it('a socket that floods is told to slow down', async () => {
    const [a, b] = await pair();
    const ca = await open(a);
    const ids = Array.from({ length: CHAT_RATE.messages + 1 }, () => ca.telex(b.userCode, 'flood'));
    for (const id of ids.slice(0, -1)) await ca.next((f) => f.type === 'ack' && f.id === id);
    expect(await ca.next((f) => f.type === 'error' && f.id === ids.at(-1))).toMatchObject({ code: 'slowDown', message: CHAT_MESSAGES.slowDown });
  });

  it('login needs the session id and a token of the same member', async () => {
    const [a] = await pair();
    const c = keep(await TelexClient.connect(s.url));
    await c.next((f) => f.type === 'session');
    c.send({ type: 'message', id: uuidv7(), recvId: 'x', body: 'early', recvIsGroup: false });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'unauthorized' });
    c.send({ type: 'login', userName: a.email, userId: a.userCode, dest: '/telex', sessionId: 'wrong', token: a.token });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'unauthorized' });
    expect((await c.closed).code).toBe(CHAT_CLOSE.unauthorized);
  });

  it('presence reaches a billionett; delivered and read are pushed to the sender; offline messages wait', async () => {
    const [a, b] = await pair();
    const cb = await open(b);
    const ca = await open(a);
    expect(await cb.next((f) => f.type === 'presence' && f.userCode === a.userCode)).toMatchObject({ isOnline: true });
    expect(await ca.next((f) => f.type === 'presence' && f.userCode === b.userCode)).toMatchObject({ isOnline: true });

    const id = ca.telex(b.userCode, 'Are you there?');
    await ca.next((f) => f.type === 'ack' && f.id === id);
    await cb.next((f) => f.type === 'message' && f.id === id);
    cb.send({ type: 'delivered', ids: [id] });
    expect(await ca.next((f) => f.type === 'status' && f.status === 'delivered')).toMatchObject({ ids: [id] });
    cb.send({ type: 'read', ids: [id] });
    expect(await ca.next((f) => f.type === 'status' && f.status === 'read')).toMatchObject({ ids: [id] });
    // A repeated confirmation changes nothing and pushes nothing.
    cb.send({ type: 'read', ids: [id] });

    await cb.close();
    expect(await ca.next((f) => f.type === 'presence' && f.userCode === b.userCode && !f.isOnline)).toMatchObject({ isOnline: false });
    const offline = [ca.telex(b.userCode, 'one'), ca.telex(b.userCode, 'two')];
    for (const o of offline) await ca.next((f) => f.type === 'ack' && f.id === o);
    const back = await open(b);
    const replay = [await back.next((f) => f.type === 'message'), await back.next((f) => f.type === 'message')];
    expect(replay.map((m) => (m as { id: string }).id)).toEqual(offline);
    expect(back.inbox.some((f) => f.type === 'status' && f.ids.includes(id))).toBe(false);
  });
});
