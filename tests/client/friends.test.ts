/**
 * Billionetts on the device (spec/product.md §2.9, §4), against the real server: the
 * connection lists are mirrored page by page and readable offline; a request accepted
 * offline is queued, shown among the billionetts at once, and delivered exactly once;
 * accepting a request that was withdrawn meanwhile ends as a failed item with the
 * server's words, and Discard puts the lists back as the server has them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_RESTRICTED } from '../../src/contract/codes';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { MESSAGES } from '../../src/contract/rules';
import { SETTINGS_PATHS } from '../../src/contract/settings';
import { enqueue } from '../../src/client/store/outbox';
import { pageKey } from '../../src/client/store/pages';
import { serverCall, signedIn, startClientTestServer, type TestServer } from './helpers/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startClientTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** `from` sends a billionett request to `to` (the suggestion's Request), straight to the server. */
const request = (from: { token: string }, to: { userCode: string }) =>
  serverCall(server, from.token, 'PUT', FRIEND_PATHS.suggestionAccept(to.userCode));

const page = (h: Awaited<ReturnType<typeof signedIn>>, kind: Parameters<typeof pageKey>[0], owner: string, params = '', pageNo = 1) =>
  h.db.listPages.get(pageKey(kind, owner, params, pageNo));

describe('billionetts on the device', () => {
  it('mirrors list pages: cards into people, codes and totals into listPages, 106 with no codes', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const b = await server.signUpMember();
    const c = await server.signUpMember();
    expect((await request(b, h.member)).status).toBe(201);

    expect(await h.sync.pull({ kind: 'friendRequests', pageNo: 1 })).toMatchObject({ ok: true });
    expect(await page(h, 'friendRequests', me)).toMatchObject({ codes: [b.userCode], totalRecords: 1, accessCode: 0 });
    expect(await h.db.people.get(b.userCode)).toMatchObject({ userCode: b.userCode, displayName: expect.any(String) });

    // Suggestions never hold the member who asked us, nor ourselves; they are paged by 10.
    expect(await h.sync.pull({ kind: 'friendSuggestions', pageNo: 1 })).toMatchObject({ ok: true });
    const suggested = await page(h, 'friendSuggestions', me);
    expect(suggested?.codes.length).toBeLessThanOrEqual(10);
    expect(suggested?.codes).not.toContain(b.userCode);
    expect(suggested?.codes).not.toContain(me);

    // Another member hides their billionetts: the page is kept as 106 with no codes.
    await serverCall(server, c.token, 'PUT', SETTINGS_PATHS.updatePrivacy, { featureCode: 'billionetts', privacyCode: 3 });
    expect(await h.sync.pull({ kind: 'friends', userCode: c.userCode, pageNo: 1 })).toMatchObject({
      ok: true,
      accessCode: ACCESS_RESTRICTED,
    });
    expect(await page(h, 'friends', c.userCode)).toMatchObject({ codes: [], accessCode: ACCESS_RESTRICTED });

    // Offline the mirrored pages stay as they are.
    h.net.down = true;
    expect(await h.sync.pull({ kind: 'friendRequests', pageNo: 1 })).toMatchObject({ ok: false, offline: true });
    expect(await page(h, 'friendRequests', me)).toMatchObject({ codes: [b.userCode] });
  });

  it('queues an accept made offline, shows it among the billionetts, and delivers it once', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const b = await server.signUpMember();
    await request(b, h.member);
    await h.sync.pull({ kind: 'friendRequests', pageNo: 1 });
    await h.sync.pull({ kind: 'friends', userCode: me, pageNo: 1 });

    h.net.down = true;
    const id = await enqueue(h.db, 'friendRequest.accept', { userCode: me, friendCode: b.userCode });
    expect(await page(h, 'friendRequests', me)).toMatchObject({ codes: [], totalRecords: 0 });
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [b.userCode], totalRecords: 1 });
    // A pull of the requests while the accept is unsent keeps the card where the member put it.
    h.net.down = false;
    await h.sync.pull({ kind: 'friendRequests', pageNo: 1 });
    expect(await page(h, 'friendRequests', me)).toMatchObject({ codes: [] });
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [b.userCode] });

    h.net.down = true;
    h.onSleep = () => {
      if (h.sleeps.length === 2) h.net.down = false;
    };
    await h.sync.kick();
    await h.sync.settled();

    const sends = h.net.log.filter((r) => r.key === id);
    expect(sends.map((r) => r.status)).toEqual([201]);
    expect(await h.db.outbox.count()).toBe(0);
    const friends = await serverCall<{ userCode: string }[]>(server, b.token, 'GET', FRIEND_PATHS.friends);
    expect(friends.body.data?.map((f) => f.userCode)).toEqual([me]);
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [b.userCode], totalRecords: 1 });
  });

  it('ends an accept of a withdrawn request as a failed item with the server message; Discard restores the lists', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const b = await server.signUpMember();
    await request(b, h.member);
    await h.sync.pull({ kind: 'friendRequests', pageNo: 1 });
    await h.sync.pull({ kind: 'friends', userCode: me, pageNo: 1 });

    const id = await enqueue(h.db, 'friendRequest.accept', { userCode: me, friendCode: b.userCode });
    // Meanwhile, on B's device, the request is withdrawn.
    expect((await serverCall(server, b.token, 'DELETE', FRIEND_PATHS.removeRequested(me))).status).toBe(200);
    await h.sync.kick();
    await h.sync.settled();

    const item = await h.db.outbox.get(id);
    expect(item).toMatchObject({ status: 'failed', error: { status: 404, message: MESSAGES.friendRequestNotFound } });
    // Still drawn where the member put it, so the failure shows on the card.
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [b.userCode] });

    await h.sync.discard(id);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [], totalRecords: 0 });
    expect(await page(h, 'friendRequests', me)).toMatchObject({ codes: [], totalRecords: 0 });
  });

  it('moves a requested suggestion to Requested by me, and unfriend settles when answered', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const b = await server.signUpMember();
    await h.sync.pull({ kind: 'requestFriends', pageNo: 1 });
    await enqueue(h.db, 'friendSuggestion.request', { userCode: me, friendCode: b.userCode });
    expect(await page(h, 'requestFriends', me)).toMatchObject({ codes: [b.userCode], totalRecords: 1 });
    await h.sync.kick();
    await h.sync.settled();
    expect(await page(h, 'requestFriends', me)).toMatchObject({ codes: [b.userCode] });

    // B accepts; A's device learns it by pulling, then A unfriends.
    await serverCall(server, b.token, 'POST', FRIEND_PATHS.requestAccept(me));
    await h.sync.pull({ kind: 'friends', userCode: me, pageNo: 1 });
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [b.userCode] });
    await enqueue(h.db, 'friend.unfriend', { userCode: me, friendCode: b.userCode });
    // The card stays, marked from the outbox, until the server has it.
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [b.userCode] });
    await h.sync.kick();
    await h.sync.settled();
    expect(await page(h, 'friends', me)).toMatchObject({ codes: [], totalRecords: 0 });
  });

  it('sends a reference online only, and lists it', async () => {
    const h = await signedIn(server);
    const input = { name: 'Ada Byron', email: `ada.${Date.now()}@example.com`, professioncode: '', activationCode: '' };
    const professions = await serverCall<{ professionCode: string }[]>(server, h.member.token, 'GET', 'professions');
    input.professioncode = professions.body.data?.[0]?.professionCode ?? '';

    h.net.down = true;
    expect(await h.sync.sendReference(input)).toMatchObject({ ok: false, offline: true });
    expect(await h.db.references.count()).toBe(0);

    h.net.down = false;
    expect(await h.sync.sendReference(input)).toMatchObject({ ok: true });
    const refs = await h.db.references.toArray();
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatchObject({ refName: 'Ada Byron', notified: expect.any(Number), owner: h.member.userCode });
    const before = refs[0]?.notified as number;
    expect(await h.sync.notifyReference(refs[0]!.refCode)).toMatchObject({ ok: true });
    expect((await h.db.references.get(refs[0]!.refCode))?.notified).toBe(before + 1);
    expect(await h.sync.deleteReference(refs[0]!.refCode)).toMatchObject({ ok: true });
    expect(await h.db.references.count()).toBe(0);
    expect(await page(h, 'references', h.member.userCode)).toMatchObject({ codes: [], totalRecords: 0 });
  });
});
