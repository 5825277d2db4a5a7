/**
 * Telex on the device (spec/product.md §2.12, §4), against the real server and its real
 * WebSocket: member A is the sync worker under test (createSync with a socket), member B
 * a bare socket client speaking contract/chat.ts. A queued message goes over the socket,
 * is stored once however often its ack is lost, and messages written while disconnected
 * arrive in order once the socket is back; pulls mirror history for offline reading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { CHAT_PATHS, CHAT_SOCKET_PATH, chatServerFrame, type ChatServerFrame } from '../../src/contract/chat';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { createSync, type Sync } from '../../src/client/sync/create-sync';
import type { CallSignal } from '../../src/client/sync/api';
import { memberDb, type MemberDb } from '../../src/client/store/db';
import { enqueue } from '../../src/client/store/outbox';
import { uuidv7 } from '../../src/lib/ids';
import { BASE_URL, serverCall, startClientTestServer, type TestMember, type TestServer } from './helpers/harness';
import { createNet, type Net } from './helpers/net';

let server: TestServer;
let socketUrl: string;
beforeAll(async () => {
  server = await startClientTestServer();
  socketUrl = server.url.replace(/^http/, 'ws') + CHAT_SOCKET_PATH;
});
afterAll(async () => {
  await server?.close();
});

async function waitFor<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function befriend(a: TestMember, b: TestMember) {
  expect((await serverCall(server, a.token, 'PUT', FRIEND_PATHS.suggestionAccept(b.userCode))).status).toBeLessThan(300);
  expect((await serverCall(server, b.token, 'POST', FRIEND_PATHS.requestAccept(a.userCode))).status).toBeLessThan(300);
}

/** The socket under the test's control: it can refuse to connect, and drop or count frames. */
type Wire = { down: boolean; dropIncoming?: (frame: ChatServerFrame) => boolean; sent: unknown[] };

function wiredSocket(wire: Wire): typeof WebSocket {
  class Wired extends NodeWebSocket {
    constructor(url: string) {
      // Down: a port nobody listens on, so the connection fails like a dead network.
      super(wire.down ? 'ws://127.0.0.1:9/' : url);
    }
    override send(data: string) {
      wire.sent.push(JSON.parse(data));
      super.send(data);
    }
    // oxlint-disable-next-line typescript/no-explicit-any -- ws's overloads, wrapped loosely.
    override addEventListener(type: any, listener: any) {
      if (type !== 'message') return super.addEventListener(type, listener);
      return super.addEventListener('message', (event) => {
        const frame = chatServerFrame.safeParse(JSON.parse(String(event.data)));
        if (frame.success && wire.dropIncoming?.(frame.data)) return;
        listener(event);
      });
    }
  }
  return Wired as unknown as typeof WebSocket;
}

type TelexHarness = { sync: Sync; db: MemberDb; net: Net; wire: Wire; member: TestMember; goOnline(): void };

/**
 * One sync worker for the file, as one tab would have: each test signs in as its own
 * member A (and checks out at its end). Two workers would both read the one device
 * session and both deliver the outbox, like two tabs without Web Locks.
 */
let worker: Omit<TelexHarness, 'db' | 'member'> | undefined;

function theWorker(): Omit<TelexHarness, 'db' | 'member'> {
  if (worker) return worker;
  const net = createNet(server.app);
  const wire: Wire = { down: false, sent: [] };
  let online = () => {};
  const sync = createSync({
    baseUrl: BASE_URL,
    fetchImpl: net.fetch,
    locks: null,
    socketUrl,
    WebSocketImpl: wiredSocket(wire),
    ackTimeoutMs: 400,
    onOnline: (listener) => {
      online = listener;
    },
    // Real pauses, short: the socket reconnects on its own clock meanwhile.
    sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 50))),
  });
  worker = { sync, net, wire, goOnline: () => online() };
  return worker;
}

async function telexMember(member: TestMember): Promise<TelexHarness> {
  const w = theWorker();
  w.wire.down = false;
  w.wire.sent = [];
  w.wire.dropIncoming = undefined;
  w.net.down = false;
  const result = await w.sync.signIn({ username: member.email, password: member.password });
  if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
  return { ...w, db: memberDb(member.userCode), member };
}

/** Member B: a bare client of the socket protocol that keeps every frame it gets. */
async function peerSocket(member: TestMember) {
  const frames: ChatServerFrame[] = [];
  const ws = new NodeWebSocket(socketUrl);
  ws.on('message', (data) => {
    const frame = chatServerFrame.parse(JSON.parse(String(data)));
    frames.push(frame);
    if (frame.type === 'session') {
      ws.send(JSON.stringify({ type: 'login', userName: member.email, userId: member.userCode, dest: CHAT_PATHS.socket, sessionId: frame.sessionId, token: member.token }));
    }
    if (frame.type === 'message') ws.send(JSON.stringify({ type: 'delivered', ids: [frame.id] }));
  });
  await waitFor(() => frames.some((f) => f.type === 'ready'), Boolean);
  const messages = () => frames.filter((f): f is Extract<ChatServerFrame, { type: 'message' }> => f.type === 'message');
  return { frames, messages, send: (frame: object) => ws.send(JSON.stringify(frame)), close: () => ws.close() };
}

const telex = (db: MemberDb, me: string, peer: string, body: string) =>
  enqueue(db, 'telex.send', { userCode: me, peer, id: uuidv7(), body, time: new Date().toISOString() }).then(
    async (itemId) => ((await db.outbox.get(itemId))!.payload as { id: string }).id,
  );

async function history(token: string, peer: string) {
  const answer = await serverCall<{ chatHistory: { id: string; body: string }[] }>(server, token, 'GET', `${CHAT_PATHS.conversation(peer)}?pageNo=1&pageSize=50`);
  return answer.body.data?.chatHistory ?? [];
}

/** Billionetts a and b, a stranger, and a's worker logged in on its telex socket. */
async function loggedInBillionetts() {
  const a = await server.signUpMember();
  const b = await server.signUpMember();
  const stranger = await server.signUpMember();
  await befriend(a, b);
  const h = await telexMember(a);
  await waitFor(() => h.wire.sent.some((f) => (f as { type: string }).type === 'login'), Boolean);
  return { a, b, stranger, h };
}

describe('telex on the device', () => {
  it('sends a queued message over the socket once, even when the first ack is lost', async () => {
    const a = await server.signUpMember();
    const b = await server.signUpMember();
    await befriend(a, b);
    const peer = await peerSocket(b);
    const h = await telexMember(a);
    await waitFor(() => h.wire.sent.some((f) => (f as { type: string }).type === 'login'), Boolean);

    let lost = 0;
    h.wire.dropIncoming = (frame) => frame.type === 'ack' && lost++ === 0;
    const id = await telex(h.db, a.userCode, b.userCode, 'Hello over a lossy line');
    expect(await h.db.chatMessages.get(id)).toMatchObject({ status: 'pending', peer: b.userCode, sender: a.userCode });
    await h.sync.kick();

    await waitFor(() => h.db.outbox.count(), (n) => n === 0);
    expect(['sent', 'delivered', 'read']).toContain((await h.db.chatMessages.get(id))?.status);
    // Sent twice (the first ack was lost), stored and delivered once.
    expect(h.wire.sent.filter((f) => (f as { id?: string }).id === id)).toHaveLength(2);
    expect((await history(b.token, a.userCode)).filter((m) => m.id === id)).toHaveLength(1);
    await waitFor(() => peer.messages().length, (n) => n >= 1);
    expect(peer.messages().map((m) => m.id)).toEqual([id]);
    // The server's time replaced the client's; B's delivery reaches A as a status frame.
    const stored = (await history(a.token, b.userCode)).find((m) => m.id === id) as { time: string } | undefined;
    expect((await h.db.chatMessages.get(id))?.time).toBe(stored?.time);
    await waitFor(() => h.db.chatMessages.get(id), (r) => r?.status === 'delivered');
    peer.close();
    await h.sync.checkout();
  });

  it('keeps messages written while disconnected pending, then delivers them in order once connected', async () => {
    const a = await server.signUpMember();
    const b = await server.signUpMember();
    await befriend(a, b);
    const peer = await peerSocket(b);
    const h = await telexMember(a);
    await waitFor(() => h.wire.sent.some((f) => (f as { type: string }).type === 'login'), Boolean);

    // The network goes: the socket is dropped and cannot come back.
    h.wire.down = true;
    await h.sync.networkLost();
    const ids: string[] = [];
    for (const body of ['one', 'two', 'three']) ids.push(await telex(h.db, a.userCode, b.userCode, body));
    await h.sync.kick();
    await new Promise((r) => setTimeout(r, 300));
    expect((await h.db.chatMessages.bulkGet(ids)).map((r) => r?.status)).toEqual(['pending', 'pending', 'pending']);
    expect(peer.messages()).toHaveLength(0);

    // Back: the socket reconnects by itself (or at once on `online`) and the outbox drains in order.
    h.wire.down = false;
    h.goOnline();
    await waitFor(() => peer.messages().length, (n) => n >= 3);
    expect(peer.messages().map((m) => [m.id, m.body])).toEqual([
      [ids[0], 'one'],
      [ids[1], 'two'],
      [ids[2], 'three'],
    ]);
    await waitFor(() => h.db.outbox.count(), (n) => n === 0);
    expect((await history(b.token, a.userCode)).map((m) => m.body)).toEqual(['three', 'two', 'one']);

    // Pulled history reads offline: conversations and the newest page.
    expect(await h.sync.pull({ kind: 'chatHistory' })).toMatchObject({ ok: true });
    expect(await h.sync.pull({ kind: 'chatMessages', peer: b.userCode, pageNo: 1 })).toMatchObject({ ok: true });
    h.net.down = true;
    expect(await h.sync.pull({ kind: 'chatMessages', peer: b.userCode, pageNo: 1 })).toMatchObject({ ok: false, offline: true });
    const rows = await h.db.chatMessages.where('[peer+time]').between([b.userCode, ''], [b.userCode, '\uffff']).toArray();
    expect(rows.map((r) => r.body)).toEqual(['one', 'two', 'three']);
    expect(await h.db.chatConversations.get(b.userCode)).toMatchObject({ userCode: b.userCode, unread: 0 });
    peer.close();
    h.net.down = false;
    await h.sync.checkout();
  });

  it('receives live messages as unread, marks them read when the chat is open, and keeps a refused one failed', async () => {
    const { a, b, stranger, h } = await loggedInBillionetts();
    await h.sync.pull({ kind: 'chatFriends' });
    expect(await h.db.chatFriends.get(b.userCode)).toMatchObject({ isOnline: false });

    const peer = await peerSocket(b);
    await waitFor(() => h.db.chatFriends.get(b.userCode), (f) => f?.isOnline === true);

    // B writes through its socket: A stores it, unread, and confirms delivery.
    const first = uuidv7();
    await sendAs(b, { id: first, recvId: a.userCode, body: 'Are you there?' });
    const got = await waitFor(() => h.db.chatMessages.get(first), (r) => r !== undefined);
    expect(got).toMatchObject({ peer: b.userCode, sender: b.userCode, body: 'Are you there?' });
    expect(await h.db.chatConversations.get(b.userCode)).toMatchObject({ unread: 1 });
    await waitFor(() => peer.frames, (fs) => fs.some((f) => f.type === 'status' && f.ids.includes(first) && f.status === 'delivered'));

    // A opens the chat: read here and on the server (B hears it).
    await h.sync.openChat(b.userCode);
    expect(await h.db.chatConversations.get(b.userCode)).toMatchObject({ unread: 0 });
    expect(await h.db.chatMessages.get(first)).toMatchObject({ status: 'read' });
    await waitFor(() => peer.frames, (fs) => fs.some((f) => f.type === 'status' && f.ids.includes(first) && f.status === 'read'));
    await h.sync.closeChat();

    // To a non-billionett: refused with the server's words, kept failed; Discard removes it.
    const refused = await telex(h.db, a.userCode, stranger.userCode, 'Hi stranger');
    await h.sync.kick();
    const item = await waitFor(
      async () => (await h.db.outbox.toArray()).find((i) => (i.payload as { id: string }).id === refused),
      (i) => i?.status === 'failed',
    );
    expect(item?.error?.message).toBe('Only billionetts can telex each other.');
    expect(await h.db.chatMessages.get(refused)).toMatchObject({ status: 'failed' });
    await h.sync.discard(item!.id);
    expect(await h.db.chatMessages.get(refused)).toBeUndefined();
    peer.close();
    await h.sync.checkout();
  });
});

describe('call lines on the device', () => {
  it('mirrors the line an ended call leaves into Dexie, from the live frame and from a pulled page', async () => {
    const a = await server.signUpMember();
    const b = await server.signUpMember();
    await befriend(a, b);
    const h = await telexMember(a);
    await waitFor(() => h.wire.sent.some((f) => (f as { type: string }).type === 'login'), Boolean);
    const peer = await peerSocket(b);
    // B rings A and gives up while it rings: a missed call for A.
    const callId = uuidv7();
    peer.send({ type: 'call.ring', callId, to: a.userCode, kind: 'voice' });
    await waitFor(() => peer.frames, (fs) => fs.some((f) => f.type === 'call.ringing' && f.callId === callId));
    peer.send({ type: 'call.hangup', callId });
    const line = await waitFor(() => h.db.chatMessages.get(callId), (r) => r !== undefined);
    expect(line).toMatchObject({ peer: b.userCode, sender: b.userCode, body: 'Missed voice call', call: { kind: 'voice', outcome: 'cancelled', seconds: 0 } });
    expect(await h.db.chatConversations.get(b.userCode)).toMatchObject({ unread: 1 });
    // A page pulled afresh carries it too.
    await h.db.chatMessages.delete(callId);
    await h.sync.pull({ kind: 'chatMessages', peer: b.userCode, pageNo: 1 });
    expect(await h.db.chatMessages.get(callId)).toMatchObject({ call: { outcome: 'cancelled' } });
    peer.close();
    await h.sync.checkout();
  });

  it('carries a call\'s signalling through the worker both ways, errors included, and asks for the relay', async () => {
    const { a, b, stranger, h } = await loggedInBillionetts();
    const signals: CallSignal[] = [];
    const watching = await h.sync.watchCalls((s) => void signals.push(s));
    const peer = await peerSocket(b);

    // B rings A: A's page hears it, accepts through the worker, and gets B's offer.
    const callId = uuidv7();
    peer.send({ type: 'call.ring', callId, to: a.userCode, kind: 'video' });
    expect(await waitFor(() => signals.find((s) => s.type === 'call.ring'), Boolean)).toMatchObject({ callId, from: b.userCode, kind: 'video' });
    expect(await h.sync.sendCall({ type: 'call.accept', callId })).toBe(true);
    await waitFor(() => peer.frames, (fs) => fs.some((f) => f.type === 'call.accept' && f.callId === callId));
    peer.send({ type: 'call.offer', callId, sdp: 'v=0 offer' });
    expect(await waitFor(() => signals.find((s) => s.type === 'call.offer'), Boolean)).toMatchObject({ callId, sdp: 'v=0 offer' });
    await h.sync.sendCall({ type: 'call.hangup', callId });
    await waitFor(() => peer.frames, (fs) => fs.some((f) => f.type === 'call.hangup' && f.callId === callId));

    // A refused ring comes back as an error carrying the callId.
    const refused = uuidv7();
    await h.sync.sendCall({ type: 'call.ring', callId: refused, to: stranger.userCode, kind: 'voice' });
    expect(await waitFor(() => signals.find((s) => s.type === 'error' && s.id === refused), Boolean)).toMatchObject({ code: 'notFriends' });

    // No relay configured on this server: no ICE servers, and no public STUN assumed.
    expect(await h.sync.callRelay()).toMatchObject({ ok: true, data: { iceServers: [], ttl: 0 } });
    await h.sync.unwatchCalls(watching);
    peer.close();
    await h.sync.checkout();
  });

  it('tells the page when its socket goes and is back, and resumes an answered call on the new one', async () => {
    const { a, b, h } = await loggedInBillionetts();
    const signals: CallSignal[] = [];
    const watching = await h.sync.watchCalls((s) => void signals.push(s));
    const peer = await peerSocket(b);
    const callId = uuidv7();
    peer.send({ type: 'call.ring', callId, to: a.userCode, kind: 'voice' });
    await waitFor(() => signals.find((s) => s.type === 'call.ring'), Boolean);
    expect(await h.sync.sendCall({ type: 'call.accept', callId })).toBe(true);
    await waitFor(() => peer.frames, (fs) => fs.some((f) => f.type === 'call.accept' && f.callId === callId));

    // A network blip: the page hears the close, then the new socket's login.
    await h.sync.networkLost();
    await waitFor(() => signals.some((s) => s.type === 'socket.closed'), Boolean);
    const closedAt = signals.findIndex((s) => s.type === 'socket.closed');
    await h.sync.kick();
    await waitFor(() => signals.slice(closedAt).some((s) => s.type === 'socket.ready'), Boolean);
    expect(await h.sync.sendCall({ type: 'call.resume', callId })).toBe(true);
    expect(await waitFor(() => signals.find((s) => s.type === 'call.resumed'), Boolean)).toMatchObject({ callId, peer: b.userCode, role: 'callee', kind: 'voice' });
    // The new socket is A's side now: B's ICE-restart offer reaches it.
    peer.send({ type: 'call.offer', callId, sdp: 'v=0 restart' });
    expect(await waitFor(() => signals.find((s) => s.type === 'call.offer'), Boolean)).toMatchObject({ callId, sdp: 'v=0 restart' });
    await h.sync.sendCall({ type: 'call.hangup', callId });
    await waitFor(() => peer.frames, (fs) => fs.some((f) => f.type === 'call.hangup' && f.callId === callId));
    await h.sync.unwatchCalls(watching);
    peer.close();
    await h.sync.checkout();
  });
});

/** B sends one message over its own short-lived socket and waits for the ack. */
async function sendAs(member: TestMember, message: { id: string; recvId: string; body: string }) {
  const ws = new NodeWebSocket(socketUrl);
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const frame = chatServerFrame.parse(JSON.parse(String(data)));
      if (frame.type === 'session') {
        ws.send(JSON.stringify({ type: 'login', userName: member.email, userId: member.userCode, dest: CHAT_PATHS.socket, sessionId: frame.sessionId, token: member.token }));
      } else if (frame.type === 'ready') {
        ws.send(JSON.stringify({ type: 'message', recvIsGroup: false, ...message }));
      } else if (frame.type === 'ack' && frame.id === message.id) resolve();
      else if (frame.type === 'error') reject(new Error(frame.message));
    });
  });
  ws.close();
}
