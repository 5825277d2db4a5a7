// @vitest-environment node
// Node's own fetch, Blob and FormData: the server is a real process on loopback.
/**
 * Outbox chaos, end to end: 1,000 mixed queued writes (entries, some with pictures,
 * comments, replies, reactions, ratings, poll votes, saves, about, settings and telex
 * messages) from two tabs of one member and one tab of another, through a faulty network
 * that loses 30% of answers after the server committed, cuts requests mid-flight, refuses
 * connections and stalls, and drops telex sockets right after a message went out (its ack
 * lost), while the server (a real process on its embedded database) is stopped once with
 * SIGTERM and once with SIGKILL. Then the client's ledger is compared with the server's:
 * 0 lost, 0 applied twice, every item delivered or failed with the server's words.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { WebSocket as NodeWebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_PATHS } from '../../src/contract/chat';
import { API_BASE } from '../../src/contract/codes';
import type { MutationKind, MutationPayload } from '../../src/contract/mutations';
import type { MemberDb } from '../../src/client/store/db';
import type { Sync } from '../../src/client/sync/create-sync';
import { TEST_PASSWORD } from '../support/server';
import { createLocks } from './helpers/locks';
import { freePort, random } from '../support/chaos';

// Screens nudge the UI's worker proxy; here the tabs below are the workers.
vi.mock('../../src/client/sync/client', () => ({ sync: { kick: async () => undefined } }));

const root = path.resolve(import.meta.dirname, '../..');
const WRITES = Number(process.env.CHAOS_WRITES ?? 1000);


type Faults = { on: boolean; lostAnswers: number; cut: number; refused: number; stalled: number; requests: number; socketsDropped: number };

/** The network: real loopback HTTP, with faults while `faults.on`. */
function faultyFetch(rng: () => number, faults: Faults): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    faults.requests += 1;
    if (faults.on) {
      const roll = rng();
      if (roll < 0.05) {
        faults.refused += 1;
        throw new TypeError('fetch failed (connection reset)');
      }
      if (roll < 0.1) {
        // Cut mid-flight: the server may or may not have committed; the client cannot know.
        faults.cut += 1;
        const controller = new AbortController();
        setTimeout(() => controller.abort(), Math.floor(rng() * 15));
        await fetch(input, { ...init, signal: controller.signal })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
        throw new TypeError('fetch failed (connection cut)');
      }
      if (roll < 0.2) {
        faults.stalled += 1;
        await new Promise((r) => setTimeout(r, Math.floor(rng() * 400)));
      }
    }
    const response = await fetch(input, init);
    if (faults.on && rng() < 0.3) {
      await response.arrayBuffer();
      faults.lostAnswers += 1;
      throw new TypeError('fetch failed (answer lost)');
    }
    return response;
  }) as typeof fetch;
}

/**
 * The telex socket on the same faulty network (Node 20 has no global WebSocket; `ws` has the
 * browser's API): while faults are on, a message frame is sometimes followed at once by the
 * connection dropping, so the server may have stored it while its ack never arrives.
 */
function faultySocket(rng: () => number, faults: Faults): typeof WebSocket {
  class FaultySocket extends NodeWebSocket {
    override send(data: string): void {
      super.send(data);
      if (faults.on && data.includes('"type":"message"') && rng() < 0.3) {
        faults.socketsDropped += 1;
        setTimeout(() => this.terminate(), Math.floor(rng() * 5));
      }
    }
  }
  return FaultySocket as unknown as typeof WebSocket;
}

type Member = { userCode: string; email: string; token: string };
type Tab = { sync: Sync; db: MemberDb };

/**
 * One device: its own IndexedDB and its own instances of the client modules (a device holds
 * one signed-in member: its session row is per device). Dexie takes its IndexedDB when a
 * database object is made, so the device's databases are made here, with its factory.
 */
async function loadDevice(userCode: string) {
  vi.resetModules();
  const { default: Dexie } = await import('dexie');
  const { IDBFactory } = await import('fake-indexeddb');
  Dexie.dependencies.indexedDB = new IDBFactory();
  const [store, outbox, syncModule, commands, form, telex] = await Promise.all([
    import('../../src/client/store/db'),
    import('../../src/client/store/outbox'),
    import('../../src/client/sync/create-sync'),
    import('../../src/client/composer/commands'),
    import('../../src/client/composer/form'),
    import('../../src/client/telex/commands'),
  ]);
  store.deviceDb();
  const db = store.memberDb(userCode);
  return { db, enqueue: outbox.enqueue, createSync: syncModule.createSync, createEntry: commands.createEntry, emptyForm: form.emptyForm, sendTelex: telex.sendTelex };
}
type Device = Awaited<ReturnType<typeof loadDevice>>;

describe('outbox chaos', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-chaos-'));
  let port = 0;
  let server: ChildProcess | undefined;
  let base = '';
  const env = (): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', DEV_TOOLS: '1', CHAT_RATE_LIMIT: 'off' };
    delete e.DATABASE_URL;
    delete e.REDIS_URL;
    return e;
  };

  async function startServer(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: env(), stdio: ['ignore', 'ignore', 'inherit'] });
    server = child;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (await fetch(`${base}${API_BASE}/health`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server not healthy');
  }

  async function stopServer(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const child = server;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  async function signUp(code: string, n: number): Promise<Member> {
    const email = `chaos${n}@example.com`;
    const body = { emailId: email, mobileNo: '', firstName: 'Chaos', lastName: `Member${n}`, displayName: `Chaos ${n}`, password: TEST_PASSWORD, dateOfBirth: '1990-05-17', gender: 'female', planCode: 'sapphire', activationCode: code };
    const post = (p: string, b: object) => fetch(`${base}${API_BASE}/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    const up = await post('auth/signUp', body);
    if (up.status !== 201) throw new Error(`signUp ${up.status} ${await up.text()}`);
    const answer = (await (await post('auth/signIn', { username: email, password: TEST_PASSWORD })).json()) as { data: { id: string; accessToken: string } };
    return { userCode: answer.data.id, email, token: answer.data.accessToken };
  }

  const api = async (m: Member, method: string, p: string, body?: unknown) => {
    const r = await fetch(`${base}${API_BASE}/${p}`, {
      method,
      headers: { authorization: `Bearer ${m.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as { data?: unknown; totalRecords?: number } };
  };

  let ada: Member;
  let bo: Member;
  const faults: Faults = { on: false, lostAnswers: 0, cut: 0, refused: 0, stalled: 0, requests: 0, socketsDropped: 0 };
  const rng = random(20261125);
  const locks = createLocks();
  const tabs: { ada1: Tab; ada2: Tab; bo: Tab } = {} as never;
  const devices: Record<string, Device> = {};

  /** Until no outbox holds a pending item (failed ones stay, with their words), kicking the tabs as a page would. */
  async function drain(kickAll: () => void, withinMs: number): Promise<void> {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      kickAll();
      for (const tab of Object.values(tabs)) await tab.sync.settled();
      const pending = (await tabs.ada1.db.outbox.where('status').equals('pending').count()) + (await tabs.bo.db.outbox.where('status').equals('pending').count());
      if (pending === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function openTab(m: Member): Promise<Tab> {
    const device = devices[m.userCode]!;
    const sync = device.createSync({
      baseUrl: `${base}${API_BASE}`,
      fetchImpl: faultyFetch(rng, faults),
      socketUrl: `ws://127.0.0.1:${port}${API_BASE}/${CHAT_PATHS.socket}`,
      WebSocketImpl: faultySocket(rng, faults),
      ackTimeoutMs: 3_000,
      locks,
      onOnline: () => {},
      sleep: (ms: number) => new Promise((r) => setTimeout(r, Math.min(ms, 40))),
    });
    const result = await sync.signIn({ username: m.email, password: TEST_PASSWORD });
    if (!result.ok) throw new Error(`tab sign-in failed: ${result.status}`);
    return { sync, db: device.db };
  }

  beforeAll(async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // Two codes minted on the data dir before the server owns it.
    const minted = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/admin.ts', 'activation-code', '--plan', 'sapphire', '--count', '2'], { cwd: root, env: env(), encoding: 'utf8' });
    const codes = minted.stdout.trim().split('\n').map((c) => c.trim()).filter(Boolean);
    if (minted.status !== 0 || codes.length !== 2) throw new Error(`admin failed: ${minted.stderr}`);
    await startServer();
    [ada, bo] = [await signUp(codes[0]!, 1), await signUp(codes[1]!, 2)];
    await api(ada, 'PUT', `user/friend-suggestion/${bo.userCode}/accept`);
    await api(bo, 'POST', `user/friend-request/${ada.userCode}/accept`);
    devices[ada.userCode] = await loadDevice(ada.userCode);
    devices[bo.userCode] = await loadDevice(bo.userCode);
    tabs.ada1 = await openTab(ada);
    tabs.ada2 = await openTab(ada);
    tabs.bo = await openTab(bo);
  }, 180_000);

  afterAll(async () => {
    await stopServer('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('1,000 writes through lost answers, cuts, stalls and two restarts: none lost, none twice', { timeout: 600_000 }, async () => {
    const picture = new Blob([new Uint8Array(await sharp({ create: { width: 32, height: 24, channels: 3, background: '#a35' } }).png().toBuffer())], { type: 'image/png' });
    /** What each member wrote: texts that must be on the server exactly once. */
    const expected = { entries: new Map<string, string>(), comments: new Map<string, { postCode: string; text: string }>() };
    const ownEntries: Record<string, string[]> = { [ada.userCode]: [], [bo.userCode]: [] };
    const commentsOn: Record<string, string[]> = {};
    let n = 0;

    const queue = async <K extends MutationKind>(m: Member, kind: K, payload: MutationPayload<K>) => {
      await devices[m.userCode]!.enqueue(devices[m.userCode]!.db, kind, payload);
      n += 1;
    };
    const tabOf = (m: Member) => (m === bo ? tabs.bo : n % 2 ? tabs.ada1 : tabs.ada2);

    async function writeOne(m: Member): Promise<void> {
      const other = m === ada ? bo : ada;
      const mine = ownEntries[m.userCode]!;
      const roll = rng();
      if (mine.length < 3 || roll < 0.14) {
        const text = `entry ${m.userCode} #${n}`;
        const withPicture = rng() < 0.15;
        const device = devices[m.userCode]!;
        const form = { ...device.emptyForm(), description: text, privacyCode: 1 };
        const id = crypto.randomUUID();
        const postCode = await device.createEntry(m.userCode, { kind: 'own' }, withPicture ? { ...form, picks: [{ id, name: 'p.png', type: 'image/png', mediaType: 'image', width: 32, height: 24 }] } : form, withPicture ? [{ id, blob: picture }] : []);
        expected.entries.set(postCode, text);
        mine.push(postCode);
        n += 1;
        return;
      }
      const onEntry = mine[Math.floor(rng() * mine.length)]!;
      const comments = (commentsOn[onEntry] ??= []);
      if (roll < 0.45) {
        const commentCode = crypto.randomUUID();
        const text = `comment ${m.userCode} #${n}`;
        const replyCommentCode = comments.length && rng() < 0.4 ? comments[Math.floor(rng() * comments.length)] : undefined;
        await queue(m, 'comment.create', { userCode: m.userCode, postCode: onEntry, data: { commentCode, comment: text, replyCommentCode } });
        expected.comments.set(commentCode, { postCode: onEntry, text });
        if (!replyCommentCode) comments.push(commentCode);
      } else if (roll < 0.55 && comments.length) {
        const commentCode = comments[Math.floor(rng() * comments.length)]!;
        await queue(m, 'comment.react', { userCode: m.userCode, postCode: onEntry, data: { exp: rng() < 0.5 ? 'like' : 'none', commentCode, userPostCode: onEntry } });
      } else if (roll < 0.7) {
        await queue(m, 'entry.rate', { userCode: m.userCode, postCode: onEntry, data: { rating: Math.ceil(rng() * 10) / 2 } });
      } else if (roll < 0.75) {
        await queue(m, rng() < 0.5 ? 'entry.save' : 'entry.unsave', { userCode: m.userCode, postCode: onEntry });
      } else if (roll < 0.8) {
        const poll = polls[(rng() < 0.5 ? m : other).userCode]!;
        const choice = rng() < 0.5 ? 1 : 2;
        await queue(m, 'poll.vote', { userCode: m.userCode, postCode: poll, data: { userPostCode: poll, pollingResponse: choice } });
        votes.set(`${poll} ${m.userCode}`, choice);
      } else if (roll < 0.86) {
        const body = `telex ${m.userCode} #${n}`;
        if (!(await devices[m.userCode]!.sendTelex(m.userCode, other.userCode, body))) throw new Error('telex not queued');
        telexSent[m.userCode]!.push(body);
        n += 1;
      } else if (roll < 0.9) {
        await queue(m, 'about.update', { userCode: m.userCode, data: { about: `about #${n}` } });
      } else if (roll < 0.95) {
        await queue(m, 'notifySetting.update', { userCode: m.userCode, data: { featureCode: 'entryComment', notify: rng() < 0.5 ? 'Yes' : 'No' } });
      } else {
        // On the other member's entry, one written before (another device's write cannot
        // wait in this outbox for that entry to arrive): a rating or a comment.
        const theirs = delivered[other.userCode]!;
        const postCode = theirs[Math.floor(rng() * theirs.length)]!;
        if (rng() < 0.5) await queue(m, 'entry.rate', { userCode: m.userCode, postCode, data: { rating: 4 } });
        else {
          const commentCode = crypto.randomUUID();
          await queue(m, 'comment.create', { userCode: m.userCode, postCode, data: { commentCode, comment: `comment ${m.userCode} #${n}` } });
          expected.comments.set(commentCode, { postCode, text: '' });
          (commentsOn[postCode] ??= []).push(commentCode);
        }
      }
    }

    // Entries each member wrote before the storm, on which the other one writes during it.
    const delivered: Record<string, string[]> = { [ada.userCode]: [], [bo.userCode]: [] };
    /** A poll of each member's, and the last choice each member queued on it: what the server must hold. */
    const polls: Record<string, string> = {};
    const votes = new Map<string, number>();
    const telexSent: Record<string, string[]> = { [ada.userCode]: [], [bo.userCode]: [] };
    for (const m of [ada, bo]) {
      for (let i = 0; i < 3; i += 1) {
        const postCode = crypto.randomUUID();
        expect((await api(m, 'POST', 'user/post', { userPostCode: postCode, featureCode: 5, postDescription: `before ${i}`, privacyCode: 1 })).status).toBe(201);
        delivered[m.userCode]!.push(postCode);
        expected.entries.set(postCode, `before ${i}`);
      }
      const poll = crypto.randomUUID();
      const pollingDetails = { pollingQuestion: `poll of ${m.userCode}`, pollingAnswer1: 'yes', pollingAnswer2: 'no' };
      expect((await api(m, 'POST', 'user/post', { userPostCode: poll, featureCode: 1, pollingDetails, privacyCode: 1 })).status).toBe(201);
      polls[m.userCode] = poll;
      delivered[m.userCode]!.push(poll);
      expected.entries.set(poll, '');
    }

    const restarts: string[] = [];
    faults.on = true;
    const kickAll = () => Object.values(tabs).forEach((tab) => void tab.sync.kick().catch(() => undefined));
    while (n < WRITES) {
      const m = rng() < 0.6 ? ada : bo;
      await writeOne(m);
      void tabOf(m).sync.kick().catch(() => undefined);
      if (n % 25 === 0) await new Promise((r) => setTimeout(r, 20));
      if (n >= WRITES * 0.35 && restarts.length === 0) {
        await stopServer('SIGTERM');
        await new Promise((r) => setTimeout(r, 300));
        await startServer();
        restarts.push('SIGTERM');
      }
      if (n >= WRITES * 0.7 && restarts.length === 1) {
        await stopServer('SIGKILL');
        await new Promise((r) => setTimeout(r, 300));
        await startServer();
        restarts.push('SIGKILL');
      }
    }
    // Keep the faults on while the outboxes drain, then let the last retries through.
    await drain(kickAll, 120_000);
    faults.on = false;
    await drain(kickAll, 60_000);

    if (process.env.CHAOS_DEBUG) {
      for (const [name, tab] of Object.entries(tabs)) console.log(name, JSON.stringify(await tab.sync.status()), await tab.db.outbox.count());
      const items = await tabs.ada1.db.outbox.limit(5).toArray();
      console.log(JSON.stringify(items.map((i) => ({ kind: i.kind, status: i.status, attempts: i.attempts, target: i.target }))));
      const boItems = await tabs.bo.db.outbox.limit(5).toArray();
      console.log(JSON.stringify(boItems.map((i) => ({ kind: i.kind, status: i.status, attempts: i.attempts, target: i.target }))));
      console.log(JSON.stringify(faults));
    }
    expect(n).toBeGreaterThanOrEqual(WRITES);
    expect(restarts).toEqual(['SIGTERM', 'SIGKILL']);
    expect(faults.lostAnswers + faults.cut + faults.refused).toBeGreaterThan(WRITES / 10);

    // Client ledger: nothing silently dropped; a failure would carry the server's words.
    const left = [...(await tabs.ada1.db.outbox.toArray()), ...(await tabs.bo.db.outbox.toArray())];
    expect(left.map((item) => `${item.kind} ${item.status} ${item.error?.message ?? ''}`)).toEqual([]);

    // Server: every entry and comment once, none missing.
    for (const m of [ada, bo]) {
      const posts = await api(m, 'GET', `user/posts?userCode=${m.userCode}&pageNo=1&pageSize=50`);
      const total = posts.body.totalRecords ?? 0;
      const seen = new Map<string, number>();
      for (let page = 1; page <= Math.ceil(total / 50); page += 1) {
        const r = await api(m, 'GET', `user/posts?userCode=${m.userCode}&pageNo=${page}&pageSize=50`);
        for (const p of (r.body.data as { userPosts: { originalPost: { postCode: string } | null }[] }).userPosts) {
          const code = p.originalPost?.postCode ?? '';
          seen.set(code, (seen.get(code) ?? 0) + 1);
        }
      }
      const mine = [...ownEntries[m.userCode]!, ...delivered[m.userCode]!];
      expect(mine.filter((code) => seen.get(code) !== 1)).toEqual([]);
      expect(total).toBe(mine.length);
    }
    const commentCounts = new Map<string, number>();
    for (const [postCode] of expected.entries) {
      for (let page = 1; ; page += 1) {
        const r = await api(ada, 'GET', `user/post/${postCode}/comment?pageNo=${page}&pageSize=50`);
        const list = (r.body.data as { userPostComment: { comments: { commentCode: string }[] } }).userPostComment.comments;
        for (const c of list) commentCounts.set(c.commentCode, (commentCounts.get(c.commentCode) ?? 0) + 1);
        if (list.length < 50) break;
      }
    }
    const topLevel = [...expected.comments].filter(([code]) => Object.values(commentsOn).some((codes) => codes.includes(code)));
    expect(topLevel.filter(([code]) => commentCounts.get(code) !== 1).map(([code]) => code)).toEqual([]);

    // Polls: each member's last queued choice, counted once.
    for (const m of [ada, bo]) {
      const code = polls[m.userCode]!;
      const one = await api(m, 'GET', `user/post/${code}`);
      const options = (one.body.data as { originalPost: { pollingDetails: { pollingOptions: Record<string, { votes: number } | null> } } }).originalPost.pollingDetails.pollingOptions;
      const want = [1, 2].map((choice) => [ada, bo].filter((v) => votes.get(`${code} ${v.userCode}`) === choice).length);
      expect([options.option1?.votes, options.option2?.votes]).toEqual(want);
    }

    // Telex: every message each member sent, stored once, in the order sent.
    const history = async (m: Member, peer: Member) => {
      const bodies: string[] = [];
      for (let page = 1; ; page += 1) {
        const r = await api(m, 'GET', `${CHAT_PATHS.conversation(peer.userCode)}?pageNo=${page}&pageSize=50`);
        const list = (r.body.data as { chatHistory: { body: string; sender: string }[] }).chatHistory;
        bodies.push(...list.filter((x) => x.sender === m.userCode).map((x) => x.body));
        if (list.length < 50) break;
      }
      return bodies.toReversed();
    };
    expect(telexSent[ada.userCode]!.length + telexSent[bo.userCode]!.length).toBeGreaterThan(WRITES / 40);
    expect(await history(ada, bo)).toEqual(telexSent[ada.userCode]);
    expect(await history(bo, ada)).toEqual(telexSent[bo.userCode]);
    console.log(
      `chaos: ${n} writes, ${faults.requests} requests; ${faults.lostAnswers} answers lost, ${faults.cut} cut, ${faults.refused} refused, ${faults.stalled} stalled, ${faults.socketsDropped} telex sockets dropped; restarts ${restarts.join(', ')}`,
    );
  });
});
