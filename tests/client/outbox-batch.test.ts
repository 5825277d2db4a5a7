/**
 * Outbox batches (sync/batch.ts, contract/batch.ts): when several queued writes may go,
 * they travel in POST /batch requests, and every promise of outbox-replay.test.ts still
 * holds item by item — in order per target, each applied once (also when a batch's
 * answer is lost), a refusal kept as failed with the server's words, later items of
 * its target held back — against the real server.
 */
import { describe, expect, it } from 'vitest';
import { USER_PATHS } from '../../src/contract/user';
import { enqueue } from '../../src/client/store/outbox';
import { serverCall, signedIn, withClientTestServer, type Harness, type TestServer } from './helpers/harness';
import { aboutOnServer, expectAppliedOnce, loseFirstAnswer } from './helpers/outbox';

let server: TestServer;
withClientTestServer((s) => (server = s));

const batches = (h: Harness) => h.net.log.filter((r) => r.path.endsWith('/batch'));
const itemsRun = (h: Harness) => h.net.log.filter((r) => r.key !== null);
const queueAbouts = async (h: Harness, texts: string[], userCode = h.member.userCode) => {
  const ids: string[] = [];
  for (const about of texts) ids.push(await enqueue(h.db, 'about.update', { userCode, data: { about } }));
  return ids;
};

describe('outbox batches', () => {
  it('drains 120 queued writes in three requests, in order, each applied once', async () => {
    const h = await signedIn(server);
    const { userCode, token } = h.member;
    const texts = Array.from({ length: 120 }, (_, i) => `Edit number ${i}`);
    const ids = await queueAbouts(h, texts);
    await h.sync.kick();
    await h.sync.settled();

    expect(batches(h).map((b) => b.status)).toEqual([200, 200, 200]);
    expect(itemsRun(h).map((r) => r.key)).toEqual(ids);
    expect(itemsRun(h).every((r) => r.status === 201 && !r.replayed && r.inBatch)).toBe(true);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await aboutOnServer(server, token, userCode)).toBe('Edit number 119');
    const row = await h.db.profiles.get(userCode);
    expect(row?.about).toBe('Edit number 119');
    expect(row).not.toHaveProperty('_sync');
  });

  it('sends the next batch while the answers of the one before are written, and writes them in order', async () => {
    const h = await signedIn(server);
    const { userCode } = h.member;
    const order: string[] = [];
    h.net.around = async (request, pass) => {
      if (request.path.endsWith('/batch')) order.push('batch sent');
      return pass();
    };
    h.db.outbox.hook('deleting', () => void order.push('answer written'));
    const texts = Array.from({ length: 120 }, (_, i) => `Edit number ${i}`);
    await queueAbouts(h, texts);
    await h.sync.kick();
    await h.sync.settled();

    // Each batch leaves before the answers of the one before it are written.
    const sent = order.flatMap((step, i) => (step === 'batch sent' ? [i] : []));
    expect(sent).toHaveLength(3);
    expect(order.slice(0, sent[1]! + 1)).toEqual(['batch sent', 'batch sent']);
    expect(order.filter((s) => s === 'answer written')).toHaveLength(120);
    // Written in order: the member's row is the server's answer to the last edit.
    expect(await h.db.profiles.get(userCode)).toMatchObject({ about: 'Edit number 119' });
    expect(await h.db.profiles.get(userCode)).not.toHaveProperty('_sync');
  });

  it('a batch whose answer is lost is resent and every write still applies once', async () => {
    const h = await signedIn(server);
    const { userCode } = h.member;
    await h.sync.pull({ kind: 'profile', userCode });
    loseFirstAnswer(h, server, (request) => request.path.endsWith('/batch'));
    const ids = await queueAbouts(h, ['One', 'Two', 'Three']);
    await h.sync.kick();
    await h.sync.settled();

    expect(itemsRun(h).map((r) => [r.key, r.status, r.replayed])).toEqual([
      ...ids.map((id) => [id, 201, false]),
      ...ids.map((id) => [id, 201, true]),
    ]);
    // The local row is the server's first answer to the last item.
    await expectAppliedOnce(h, server, 'Three');
  });

  it('a refusal inside a batch: earlier items delivered, it is failed with the server words, its target waits', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const other = await server.signUpMember();
    const queueAbout = async (about: string, userCode = me) => (await queueAbouts(h, [about], userCode))[0]!;
    const mine1 = await queueAbout('Mine 1');
    const refused = await queueAbout('Not mine', other.userCode);
    const mine2 = await queueAbout('Mine 2');
    const heldBack = await queueAbout('Not mine either', other.userCode);
    const mine3 = await queueAbout('Mine 3');
    await h.sync.kick();
    await h.sync.settled();

    const direct = await serverCall(server, h.member.token, 'PUT', USER_PATHS.updateAbout(other.userCode), { about: 'x' });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    // The server stopped at the refusal; the pass went on with what may still go.
    expect(itemsRun(h).map((r) => r.key)).toEqual([mine1, refused, mine2, mine3]);
    expect(await h.db.outbox.get(refused)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { status: direct.status, message: direct.body.message },
    });
    expect(await h.db.outbox.get(heldBack)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(h.sleeps).toEqual([]);
    expect(await h.db.outbox.count()).toBe(2);
    expect(await aboutOnServer(server, h.member.token, me)).toBe('Mine 3');
    expect(await h.db.profiles.get(me)).not.toHaveProperty('_sync');
  });

  it('a batch answered 5xx as a whole is retried after the backoff, each write applied once', async () => {
    const h = await signedIn(server);
    const { userCode, token } = h.member;
    let refusedOnce = false;
    let attemptsSeen: number[] = [];
    const ids: string[] = [];
    h.net.around = async (request, pass) => {
      if (!request.path.endsWith('/batch')) return pass();
      if (refusedOnce) {
        // Resent after the pause: the attempt was counted on the item its target waits for.
        attemptsSeen = await Promise.all(ids.map(async (id) => (await h.db.outbox.get(id))?.attempts ?? -1));
        return pass();
      }
      refusedOnce = true;
      return new Response(JSON.stringify({ code: 503, message: 'Back in a moment.' }), { status: 503 });
    };
    ids.push(...(await queueAbouts(h, ['Alpha', 'Beta'])));
    await h.sync.kick();
    await h.sync.settled();

    expect(attemptsSeen).toEqual([1, 0]);
    expect(h.sleeps).toEqual([250]);
    expect(itemsRun(h).map((r) => [r.key, r.replayed])).toEqual(ids.map((id) => [id, false]));
    expect(await h.db.outbox.count()).toBe(0);
    expect(await aboutOnServer(server, token, userCode)).toBe('Beta');
  });

  it('a server that refuses the batch request itself gets one request per item instead', async () => {
    const h = await signedIn(server);
    const { userCode, token } = h.member;
    h.net.around = async (request, pass) =>
      request.path.endsWith('/batch') ? new Response(JSON.stringify({ code: 404, message: 'Not found.' }), { status: 404 }) : pass();
    const ids = await queueAbouts(h, ['First', 'Second', 'Third']);
    await h.sync.kick();
    await h.sync.settled();

    expect(h.net.log.filter((r) => r.method === 'PUT' && !r.inBatch).map((r) => r.key)).toEqual(ids);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await aboutOnServer(server, token, userCode)).toBe('Third');
  });
});
