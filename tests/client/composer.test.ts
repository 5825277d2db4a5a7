// @vitest-environment node
// Node's own Blob/FormData: fake-indexeddb clones a Node Blob faithfully (happy-dom's becomes a
// plain object), and Node's FormData carries it as a file, as a browser's does.
/**
 * The composer's hard promise (issue 3 "Offline"): an entry with an image written offline
 * is one Dexie transaction (post row + blob + outbox item); when the network returns the
 * replay uploads the blob FIRST (Idempotency-Key = the blob id), then creates the entry
 * exactly once with the uploaded path; an upload that fails keeps the entry in the outbox,
 * never half-posted. Against the real in-process server.
 */
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { ENTRY_PATHS, type PostItem } from '../../src/contract/entries';
import { MEDIA_PATHS } from '../../src/contract/media';
import { API_BASE } from '../../src/contract/codes';
import { targets } from '../../src/contract/targets';
import { USER_PATHS } from '../../src/contract/user';
import { createEntry } from '../../src/client/composer/commands';
import { emptyForm, type ComposerForm } from '../../src/client/composer/form';
import { serverCall, signedIn, withClientTestServer, type Harness, type TestServer } from './helpers/harness';

// The UI's worker proxy: the test drives its own sync (the harness) instead.
vi.mock('../../src/client/sync/client', () => ({ sync: { kick: async () => undefined } }));

let server: TestServer;
withClientTestServer((s) => (server = s));

const png = async () =>
  new Blob([new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a6' } }).png().toBuffer())], {
    type: 'image/png',
  });

function entryWithImage(id: string, text: string): ComposerForm {
  return { ...emptyForm(), description: text, picks: [{ id, name: 'train.png', type: 'image/png', mediaType: 'image', width: 40, height: 30 }] };
}

const uploadPath = `${API_BASE}/${MEDIA_PATHS.upload}`;
const createPath = `${API_BASE}/${ENTRY_PATHS.create}`;

async function writeOffline(h: Harness, blob: Blob, text: string) {
  h.net.down = true;
  const blobId = '0190f7d8-0000-7000-8000-000000000001'.replace('0001', String(Math.floor(Math.random() * 9000) + 1000));
  const code = await createEntry(h.member.userCode, { kind: 'own' }, entryWithImage(blobId, text), [{ id: blobId, blob }]);
  return { code, blobId };
}

describe('entry composer, offline with media', () => {
  it('uploads the blob first, then creates the entry exactly once', async () => {
    const h = await signedIn(server);
    const { code, blobId } = await writeOffline(h, await png(), 'Written on the train');

    // One transaction: the pending card, its file and the outbox item.
    const row = await h.db.posts.get(code);
    expect(row?._sync).toBe('pending');
    expect((row as unknown as PostItem).originalPost?.postGalleries[0]?.path).toBe(`blob:${blobId}`);
    expect(await h.db.mediaBlobs.where('owner').equals(code).count()).toBe(1);
    expect((await h.db.outbox.toArray()).map((i) => [i.kind, i.target])).toEqual([['entry.create', targets.entry(code)]]);

    // Offline: nothing leaves. Then the network returns during the backoff.
    h.onSleep = () => {
      h.net.down = false;
    };
    await h.sync.kick();
    await h.sync.settled();

    const sends = h.net.log.filter((r) => r.method === 'POST' && (r.path === uploadPath || r.path === createPath));
    expect(sends.map((r) => [r.path, r.status, r.replayed])).toEqual([
      [uploadPath, 201, false],
      [createPath, 201, false],
    ]);
    expect(sends[0]?.key).toBe(blobId);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.mediaBlobs.count()).toBe(0);
    const canonical = (await h.db.posts.get(code)) as unknown as PostItem & { _sync?: string };
    expect(canonical._sync).toBeUndefined();
    const path = canonical.originalPost?.postGalleries[0]?.path ?? '';
    expect(path).toMatch(/^\/media\/gallery\/[0-9a-f]{32}\.webp$/);

    // On the server: exactly one entry with that code, holding the uploaded file.
    const one = await serverCall<PostItem>(server, h.member.token, 'GET', ENTRY_PATHS.entry(code));
    expect(one.status).toBe(200);
    expect(one.body.data?.originalPost?.postDescription).toBe('Written on the train');
    expect(one.body.data?.originalPost?.postGalleries.map((g) => g.path)).toEqual([path]);
  });

  it("re-reads the storage use ('Used Size') once the entry with its picture is delivered", async () => {
    const h = await signedIn(server);
    expect(await h.sync.pull({ kind: 'shell' })).toMatchObject({ ok: true });
    const before = await h.db.utilization.get(h.member.userCode);
    expect(before?.remainingSize).toBe(before?.allocatedSize);
    // Noise does not compress: its stored variants weigh well over the figure's 0.01 MB step.
    const noise = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    await writeOffline(h, new Blob([new Uint8Array(noise)], { type: 'image/png' }), 'A picture takes room');
    h.net.down = false;
    await h.sync.kick();
    await h.sync.settled();
    expect(await h.db.outbox.count()).toBe(0);
    // The mirror now holds the server's figure after the upload, without a new shell pull.
    const after = await h.db.utilization.get(h.member.userCode);
    expect(after!.remainingSize).toBeLessThan(before!.remainingSize);
    const utilizationPath = `${API_BASE}/${USER_PATHS.utilization}`;
    expect(h.net.log.filter((r) => r.path === utilizationPath)).toHaveLength(2);
  });

  it('keeps the entry in the outbox when its upload fails, and never sends it', async () => {
    const h = await signedIn(server);
    // Not an image at all: the server refuses the upload (content check).
    const junk = new Blob([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])], { type: 'image/png' });
    const { code } = await writeOffline(h, junk, 'A broken picture');
    h.net.down = false;
    await h.sync.kick();
    await h.sync.settled();

    expect(h.net.log.some((r) => r.path === createPath)).toBe(false);
    const items = await h.db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'entry.create', status: 'failed' });
    expect(items[0]?.error?.status).toBeGreaterThanOrEqual(400);
    // The card stays, marked failed, with its file still on the device for Retry.
    expect((await h.db.posts.get(code))?._sync).toBe('failed');
    expect(await h.db.mediaBlobs.where('owner').equals(code).count()).toBe(1);
    const missing = await serverCall(server, h.member.token, 'GET', ENTRY_PATHS.entry(code));
    expect(missing.status).toBe(404);
  });

  it('retries a dropped upload without sending the entry in between', async () => {
    const h = await signedIn(server);
    const { code, blobId } = await writeOffline(h, await png(), 'Patchy signal');
    h.net.down = false;
    let drops = 1;
    h.net.around = async (request, pass) => {
      if (request.path === uploadPath && drops-- > 0) throw new TypeError('Failed to fetch');
      return pass();
    };
    await h.sync.kick();
    await h.sync.settled();
    // The dropped upload never reached the server; the retry (after one backoff) did, then the entry.
    const order = h.net.log.filter((r) => r.path === uploadPath || r.path === createPath).map((r) => r.path);
    expect(order).toEqual([uploadPath, createPath]);
    expect(h.sleeps).toEqual([250]);
    expect(h.net.log.find((r) => r.path === uploadPath)?.key).toBe(blobId);
    expect(await h.db.outbox.count()).toBe(0);
    expect((await h.db.posts.get(code))?._sync).toBeUndefined();
  });
});
