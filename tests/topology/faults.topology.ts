/**
 * Faults a deployment lives with, under load (issue 28 §3). One load run (an open-loop
 * generator in its own process: feed reads, idempotent entries and comments resent as the
 * app's outbox resends) and one member in Chromium share every fault, in an order where each
 * starts from a whole deployment: a host killed, PostgreSQL restarted, Redis killed and
 * started, one host cut off from Redis, then a rolling deploy of a new release (last: the
 * hosts keep running it). Each fault ends with its errors inside its own window, the member's
 * writes stored once each, and everything back by itself; the last test holds every write the
 * generator sent against PostgreSQL: 0 lost, 0 applied twice.
 */
import { existsSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Route } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/codes';
import { ENTRY_PATHS } from '../../src/contract/entries';
import { onPostgres } from '../support/postgres';
import { befriend, type TelexLogin } from '../support/telex';
import { launchAgainstBalancer } from './support/browser';
import * as d from './support/deployment';
import { hostRunning } from './support/hosts';
import { checkGeneratorWrites, memberMisses, memberRows } from './support/ledger';
import { startLoad, type LoadRun } from './support/load';
import type { LoadMember } from './support/load-types';
import { Friend, goHome, goTelex, openMemberApp, sendTelex, shownTelex, stopTakingWrites, writeComment, writeEntry, writeOneOfEach, type MemberApp } from './support/member-app';
import { MACHINES, run } from './support/net';
import { pidOf, until } from './support/procs';
import { buildRelease, isExpandOnly } from './support/release';
import { begin, settle, strayErrors, type FaultWindow } from './support/timeline';
import { watchUpdate } from './support/update-watch';
import { api, newMember, request } from './support/http';

const ALL_UP = { api1: 'UP', api2: 'UP', api3: 'UP' };
/** How long one read of the member's page may take before it counts as no answer. */
const READ_MS = 3000;
const windows: FaultWindow[] = [];
let browser: Browser;
let app: MemberApp;
let member: TelexLogin & { email: string; password: string };
let friend: Friend;
let load: LoadRun;
let loadStarted = 0;

/** Every host in rotation again (also after a failed test: the next files share the deployment). */
async function wholeAgain(): Promise<void> {
  d.healRedis(1);
  for (const i of d.HOSTS) if (!hostRunning(i)) await d.startHost(i);
  for (const i of d.HOSTS) await d.setHostState(d.hostName(i), 'ready');
  await d.waitStatuses(ALL_UP, 30_000);
}

/** The API processes holding `userCode`'s logged-in sockets (src/server/realtime/presence.ts). */
const socketProcesses = (userCode: string) =>
  run('redis-cli', ['-h', MACHINES.database.address, 'hkeys', `telex:presence:${userCode}`]).split('\n').filter(Boolean);

/** Telex flows live both ways between the member's app and the friend's socket. */
async function telexFlows(tag: string): Promise<void> {
  const toMember = `${tag}: from the friend ${Date.now().toString(36)}`;
  await friend.send(member.userCode, toMember);
  await expect.poll(() => shownTelex(app, toMember).count(), { timeout: 20_000 }).toBe(1);
  const fromMember = `${tag}: to the friend ${Date.now().toString(36)}`;
  const received = friend.receives(fromMember);
  await sendTelex(app, fromMember);
  await received;
}

/** The member's writes, each stored exactly once (their outbox may still be sending). */
async function storedOnce(): Promise<void> {
  await d.explainedAsync(async () => {
    await expect.poll(() => memberMisses(app.ledger), { timeout: 60_000 }).toEqual([]);
  }, () => d.allLogs(2500));
}

beforeAll(async () => {
  browser = await launchAgainstBalancer();
  member = await newMember();
  const other = await newMember();
  await befriend(`${d.deployment().balancer}${API_BASE}`, member, other);
  // The generator's members, each with an entry of its own for its comments.
  const members: LoadMember[] = [];
  for (let n = 0; n < 2; n += 1) {
    const g = await newMember();
    const postCode = uuidv7();
    const made = await api('POST', ENTRY_PATHS.create, { token: g.token, headers: { 'idempotency-key': uuidv7() }, body: { userPostCode: postCode, featureCode: 5, postDescription: `Load target ${n}`, privacyCode: 1 } });
    if (made.status !== 201) throw new Error(`the load's entry: ${made.status} ${JSON.stringify(made.body)}`);
    members.push({ userCode: g.userCode, token: g.token, postCode });
  }
  // The member's app opens while only api2 takes new requests, so its telex socket sits on
  // the host the first fault kills; then every host is back in rotation.
  await d.setHostState('api1', 'drain');
  await d.setHostState('api3', 'drain');
  const friendName = await onPostgres(d.deployment().postgresUrl, (c) => c.query<{ name: string }>('select display_name as name from users where user_code = $1', [other.userCode]));
  app = await openMemberApp(browser, member, friendName.rows[0]!.name);
  await goTelex(app);
  await until(() => socketProcesses(member.userCode).length === 1, 20_000, () => `the member's socket did not log in: ${socketProcesses(member.userCode).join(', ')}`);
  await d.setHostState('api1', 'ready');
  await d.setHostState('api3', 'ready');
  friend = new Friend(other);
  await friend.socket();
  load = await startLoad({ balancer: d.deployment().balancer, members, rate: 15, seconds: 400, settleMs: 30_000, requestTimeoutMs: 8000 });
  loadStarted = Date.now();
}, 180_000);

afterAll(async () => {
  await load?.stop().catch(() => {});
  await friend?.close();
  await browser?.close();
  await wholeAgain();
}, 180_000);

describe('faults under load, through the balancer', () => {
  it('one API host killed (SIGKILL): out of rotation, the outbox resends to another host, the socket reconnects elsewhere', async () => {
    await wholeAgain();
    // Telex flows before any fault (and the load runs a few clean seconds, which the
    // stray-error check of the last test covers).
    await telexFlows('before the faults');
    const w = begin('host killed');
    // The member's entry goes to api2, the host holding their socket; api2 stores it and is
    // killed before its answer reaches the app, which can only resend, to another host.
    await d.setHostState('api1', 'drain');
    await d.setHostState('api3', 'drain');
    let killed: (host: string) => void = () => {};
    const intercepted = new Promise<string>((resolve) => (killed = resolve));
    app.onNextWrite = async (route: Route) => {
      const sent = route.request();
      // Sent on to the balancer as the app sent it (its Idempotency-Key too); the answer is dropped.
      const headers = Object.fromEntries(Object.entries(await sent.allHeaders()).filter(([k]) => !/^(host|content-length|connection)$/i.test(k)));
      const answer = await request(sent.url(), 'POST', { headers, raw: sent.postDataBuffer() ?? Buffer.alloc(0) });
      w.began = Date.now();
      await d.stopHost(2, 'SIGKILL');
      await d.setHostState('api1', 'ready');
      await d.setHostState('api3', 'ready');
      await route.abort('connectionreset');
      killed(`${answer.host} ${answer.status} ${new URL(sent.url()).pathname}`);
    };
    await goHome(app);
    const entry = `killed host: an entry ${Date.now().toString(36)}`;
    await writeEntry(app, entry);
    const firstAnswer = await Promise.race([intercepted, new Promise<string>((_, reject) => setTimeout(() => reject(new Error('the app sent no write to intercept')), 30_000))]);
    // api2 took the write and answered it (the app never saw that answer).
    expect(firstAnswer).toMatch(/^api2 20[01] \//);
    const writePath = firstAnswer.split(' ')[2]!;
    await writeComment(app, entry, `killed host: a comment ${Date.now().toString(36)}`);
    await d.waitStatuses({ api2: 'DOWN' }, 15_000);

    // The resend reached another host and was answered from the first result.
    const resent = () => app.seen.filter((s) => s.method === 'POST' && s.path === writePath && s.status < 300 && s.host !== 'api2');
    await expect.poll(() => resent().length, { timeout: 30_000 }).toBeGreaterThan(0);
    // The socket reconnected to a live host (api2 is gone), and telex flows.
    await goTelex(app);
    await telexFlows('killed host');
    await storedOnce();

    await d.startHost(2);
    await d.waitStatuses(ALL_UP, 30_000);
    w.healed = Date.now();
    const t = await settle(load, w, windows);
    d.explained(() => expect(t.late).toEqual([]), () => t.summary);
  }, 240_000);

  it('PostgreSQL restarted (fast shutdown, start): 503 with Retry-After meanwhile, no 500, every host reconnects by itself', async () => {
    await wholeAgain();
    const pids = d.HOSTS.map((i) => pidOf(d.hostName(i)));
    const w = begin('PostgreSQL restarted');
    await Promise.all([d.restartPostgres(), writeOneOfEach(app, 'postgres restart')]);
    await d.waitStatuses(ALL_UP, 30_000);
    w.healed = Date.now();
    await storedOnce();
    const t = await settle(load, w, windows);
    d.explained(() => expect(t.late).toEqual([]), () => t.summary);
    // What the apps' outboxes are told to do: come back (Retry-After), never "it broke" (500).
    // A fast shutdown ends every session at once: some requests meet it.
    d.explained(() => expect(t.byOutcome['503retryAfter'] ?? 0).toBeGreaterThan(0), () => t.summary);
    d.explained(() => expect({ '500': t.byOutcome['500'] ?? 0, '503bare': t.byOutcome['503bare'] ?? 0 }).toEqual({ '500': 0, '503bare': 0 }), () => t.summary);
    // No host was restarted: the same processes serve.
    expect(d.HOSTS.map((i) => pidOf(d.hostName(i)))).toEqual(pids);
    expect(d.HOSTS.every((i) => hostRunning(i))).toBe(true);
    await telexFlows('postgres restarted');
  }, 240_000);

  it('Redis killed and started: entries and comments still work, live telex resumes', async () => {
    await wholeAgain();
    const w = begin('Redis killed');
    await d.stopRedis();
    // Entries and comments meanwhile: Redis carries no write.
    await goHome(app);
    const entry = `redis down: an entry ${Date.now().toString(36)}`;
    await writeEntry(app, entry);
    await writeComment(app, entry, `redis down: a comment ${Date.now().toString(36)}`);
    await expect.poll(async () => Object.values(await memberRows({ entries: [entry], comments: [], telex: [] })), { timeout: 30_000 }).toEqual([1]);
    await goTelex(app);
    // The member is told live delivery is away, and still sends (stored, acknowledged).
    const reconnecting = app.page.getByRole('status').filter({ hasText: 'Reconnecting… messages will arrive when the connection is back.' });
    await reconnecting.waitFor({ timeout: 15_000 });
    if (process.env.TOPOLOGY_SHOTS) await app.page.screenshot({ path: `${process.env.TOPOLOGY_SHOTS}/telex-reconnecting.png` });
    await sendTelex(app, `redis down: a telex ${Date.now().toString(36)}`);
    await d.startRedis();
    w.healed = Date.now();
    await reconnecting.waitFor({ state: 'detached', timeout: 30_000 });
    // Live delivery resumes once the hosts' subscriptions are back on the new Redis.
    await expect.poll(async () => telexFlows('redis back').then(() => true, () => false), { timeout: 60_000, interval: 1000 }).toBe(true);
    await storedOnce();
    const t = await settle(load, w, windows);
    d.explained(() => expect(t.late).toEqual([]), () => t.summary);
  }, 240_000);

  it('one host cut off from Redis, then healed: writes keep landing, telex flows again', async () => {
    await wholeAgain();
    const w = begin('api1 cut off from Redis');
    d.cutRedis(1);
    // Long enough for api1's Redis connections to stall with work queued on them (a drop,
    // not a reset: nothing tells ioredis the peer is gone) while api1 keeps serving the load.
    await Promise.all([writeOneOfEach(app, 'redis cut'), new Promise((r) => setTimeout(r, 8000))]);
    d.healRedis(1);
    w.healed = Date.now();
    await expect.poll(async () => telexFlows('redis healed').then(() => true, () => false), { timeout: 60_000, interval: 1000 }).toBe(true);
    await storedOnce();
    const t = await settle(load, w, windows);
    d.explained(() => expect(t.late).toEqual([]), () => t.summary);
  }, 240_000);

  it('a rolling deploy with an expand-only migration: old and new hosts side by side, an offline app replays, then offers the update', async () => {
    await wholeAgain();
    const release = buildRelease();
    // The rule the release keeps (docs/operations.md "Upgrades"), and the test that holds the checkout to it.
    expect(existsSync(path.resolve(import.meta.dirname, '../unit/migrations-expand.test.ts'))).toBe(true);
    expect(isExpandOnly(release.migration.sql)).toBe(true);
    expect(isExpandOnly('ALTER TABLE "posts" DROP COLUMN "description";')).toBe(false);
    await stopTakingWrites(app);

    // The member's app, still the previous release, queues writes offline.
    await goHome(app);
    await app.context.setOffline(true);
    const queued = { entries: [] as string[], comments: [] as string[], telex: [] as string[] };
    const before = { entries: app.ledger.entries.length, comments: app.ledger.comments.length, telex: app.ledger.telex.length };
    const entry = `deploy: queued offline ${Date.now().toString(36)}`;
    await writeEntry(app, entry);
    await writeComment(app, entry, `deploy: a comment queued offline ${Date.now().toString(36)}`);
    await goTelex(app);
    await sendTelex(app, `deploy: a telex queued offline ${Date.now().toString(36)}`);
    for (const k of ['entries', 'comments', 'telex'] as const) queued[k] = app.ledger[k].slice(before[k]);
    expect(Object.values(await memberRows(queued))).toEqual([0, 0, 0]);

    const column = () =>
      onPostgres(d.deployment().postgresUrl, (c) => c.query('select 1 from information_schema.columns where table_name = $1 and column_name = $2', [release.migration.table, release.migration.column])).then((r) => r.rowCount);
    expect(await column()).toBe(0);
    const w = begin('rolling deploy');
    const deploy = async (i: d.HostIndex) => {
      await d.stopHost(i, 'SIGTERM');
      await d.startHost(i, release.dir);
      await d.waitStatuses({ [d.hostName(i)]: 'UP' }, 30_000);
    };
    await deploy(1);
    // The first new host migrated; the old ones serve on against the new schema meanwhile.
    expect(await column()).toBe(1);
    await deploy(2);
    await deploy(3);
    w.healed = Date.now();
    // Every host runs the release now.
    expect(d.HOSTS.map((i) => readlinkSync(`/proc/${pidOf(d.hostName(i))}/cwd`))).toEqual(d.HOSTS.map(() => release.dir));

    await app.context.setOffline(false);
    await storedOnce();
    // The member opens the app again: the new service worker waits, the app offers it.
    const watch = await watchUpdate(app.context, app.page);
    await app.page.reload();
    const prompt = app.page.getByText('A new version of Billionett is ready');
    await expect.poll(() => prompt.isVisible(), { timeout: 30_000 }).toBe(true);
    watch.note('the member chose Reload');
    await app.page.getByRole('button', { name: 'Reload' }).click();
    // Read without waiting on the element (the page reloads under it, up to three times if Chromium
    // keeps the old worker: src/client/pwa/register.ts applyUpdate); null until the new one is up.
    const runs = () => watch.read(`document.querySelector('meta[name="billionett-release"]')?.getAttribute('content') ?? null`, null, READ_MS);
    // 60 s: three hosts under load serve the new worker's activation and the reload (alone ~10 s).
    const deadline = Date.now() + 60_000;
    let ran = await runs();
    while (ran !== release.mark && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      ran = await runs();
    }
    // Which worker was waiting or active when the new release did not run: a failure says.
    const workers =
      ran === release.mark
        ? 'the new release runs'
        : await watch.read(
            `navigator.serviceWorker.getRegistration().then((r) => JSON.stringify({ active: r?.active?.state, waiting: r?.waiting?.state, installing: r?.installing?.state, controller: Boolean(navigator.serviceWorker.controller), url: location.href }))`,
            'the page did not answer',
            READ_MS,
          );
    await watch.stop();
    d.explained(
      () => expect({ ran, workers }).toEqual({ ran: release.mark, workers: 'the new release runs' }),
      () => ['the page and its workers from the reload on:', ...watch.lines()].join('\n'),
    );
    const t = await settle(load, w, windows);
    d.explained(() => expect(t.late).toEqual([]), () => t.summary);
  }, 240_000);

  it('every write the generator sent is stored once, and no error fell outside a fault', async () => {
    const stoppedAt = Date.now();
    const report = await load.stop();
    const check = await checkGeneratorWrites(report.writes);
    const replayed = report.writes.filter((x) => x.replayed).length;
    console.log(`topology: load ${report.sent} operations, ${check.sent} writes (${replayed} answered by an idempotent replay), lost ${check.lost.length}, twice ${check.twice.length}`);
    expect(check.sent).toBeGreaterThan(500);
    expect({ lost: check.lost, twice: check.twice, refused: check.refused, unsettled: check.unsettled }).toEqual({ lost: [], twice: [], refused: [], unsettled: [] });
    d.explained(() => expect(strayErrors(load, windows, loadStarted, stoppedAt)).toEqual([]), () => windows.map((x) => JSON.stringify(x)).join('\n'));
    expect(await memberMisses(app.ledger)).toEqual([]);
  }, 120_000);
});
