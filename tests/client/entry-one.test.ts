/**
 * pull({ kind: 'entry' }) — what /entries/$postCode asks for — against the real server: the
 * entry lands in the `posts` rows the feeds read (so it opens offline once seen); a 404
 * (deleted, or no longer shared with this member) takes it off the device and its feeds;
 * but an entry written here and not yet delivered, which the server cannot know, stays.
 */
import { describe, expect, it, vi } from 'vitest';
import { ENTRY_PATHS, type PostItem } from '../../src/contract/entries';
import { uuidv7 } from '../../src/lib/ids';
import { createEntry } from '../../src/client/composer/commands';
import { emptyForm } from '../../src/client/composer/form';
import { FEED_KIND, feedParams } from '../../src/client/store/feed-pages';
import { pageKey } from '../../src/client/store/pages';
import { serverCall, signedIn, withClientTestServer, type TestServer } from './helpers/harness';

// The UI's worker proxy: the test drives its own sync (the harness) instead.
vi.mock('../../src/client/sync/client', () => ({ sync: { kick: async () => undefined } }));

let server: TestServer;
withClientTestServer((s) => (server = s));

describe('one entry on the device', () => {
  it("mirrors another member's entry, and drops it when it stops being shared", async () => {
    const h = await signedIn(server);
    const author = await server.signUpMember();
    const code = uuidv7();
    const made = await serverCall(server, author.token, 'POST', ENTRY_PATHS.create, { userPostCode: code, featureCode: 5, postDescription: 'For everyone', privacyCode: 1 });
    expect(made.status).toBe(201);

    expect(await h.sync.pull({ kind: 'entry', postCode: code })).toMatchObject({ ok: true, status: 200 });
    const row = (await h.db.posts.get(code)) as unknown as PostItem | undefined;
    expect(row?.originalPost).toMatchObject({ postCode: code, postDescription: 'For everyone' });
    // The author's suite as this device mirrored it lists it too.
    const suite = { mode: 'user', userCode: author.userCode } as const;
    await h.sync.pull({ kind: 'feed', ...suite, pageNo: 1 });
    const suitePage = () => h.db.listPages.get(pageKey(FEED_KIND, author.userCode, feedParams(suite), 1));
    expect((await suitePage())?.codes).toEqual([code]);

    expect((await serverCall(server, author.token, 'PUT', ENTRY_PATHS.privacy(code), { privacyCode: 3 })).status).toBe(201);
    expect(await h.sync.pull({ kind: 'entry', postCode: code })).toMatchObject({ ok: false, status: 404 });
    expect(await h.db.posts.get(code)).toBeUndefined();
    expect((await suitePage())?.codes).toEqual([]);
    expect((await h.db.cursors.get(`entry:${code}`))?.error?.status).toBe(404);
  });

  it('keeps an entry written here and not yet delivered when the server does not know it', async () => {
    const h = await signedIn(server);
    const code = await createEntry(h.member.userCode, { kind: 'own' }, { ...emptyForm(), description: 'Not sent yet' }, []);
    const drawn = await h.db.posts.get(code);
    expect(drawn?._sync).toBe('pending');

    expect(await h.sync.pull({ kind: 'entry', postCode: code })).toMatchObject({ ok: false, status: 404 });
    const kept = (await h.db.posts.get(code)) as unknown as (PostItem & { _sync?: string }) | undefined;
    expect(kept?._sync).toBe('pending');
    expect(kept?.originalPost?.postDescription).toBe('Not sent yet');
    // Its card keeps its place in the feed (the time it was first drawn).
    expect((kept as unknown as { postedAt: string }).postedAt).toBe(drawn?.postedAt);

    await h.sync.kick();
    await h.sync.settled();
    expect(await h.sync.pull({ kind: 'entry', postCode: code })).toMatchObject({ ok: true, status: 200 });
    expect((await h.db.posts.get(code))?._sync).toBeUndefined();
  });
});
