/**
 * A circle owner's answers on the device (spec §2.10, §4 "Circle owner: accepting or
 * rejecting a request reloads lists; accepting also reloads members"; the members page and
 * the suite's Invite Friends panel), against the real in-process server, through the
 * screens' own commands (ownerWrite) and live reads (usePeoplePage, useWriteStates):
 * - accepting an ask offline moves the card from Member Requests to Members at once and
 *   marks it pending; a pull meanwhile keeps it where the owner put it; back online the
 *   accept is sent exactly once and the mark goes;
 * - an invitation sent from the Invite Friends list leaves it at once (the total drops) and
 *   shows under Invited Members, pending, then settles once.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CIRCLE_PATHS } from '../../src/contract/circles';
import { API_BASE } from '../../src/contract/codes';
import { FRIEND_PATHS } from '../../src/contract/friends';
import { ownerWrite } from '../../src/client/circles/commands';
import { ownerTarget, usePeoplePage, useWriteStates } from '../../src/client/circles/list-queries';
import type { OriginPeopleName } from '../../src/client/store/origin-lists';
import { circleFormOf, setCircleFeatures } from '../support/circles';
import { serverCall, signedIn, withClientTestServer, type Harness, type TestServer } from './helpers/harness';

// The UI's worker proxy: the test drives its own sync (the harness) instead.
vi.mock('../../src/client/sync/client', () => ({ sync: { kick: async () => undefined }, pullPage: async () => ({ ok: true }) }));

let server: TestServer;
withClientTestServer((s) => (server = s));

async function ownedCircle(h: Harness): Promise<string> {
  const made = await serverCall<{ groupCode: string }>(server, h.member.token, 'POST', CIRCLE_PATHS.create, circleFormOf({ groupName: 'Owner Test Circle' }));
  expect(made.status).toBe(201);
  return made.body.data!.groupCode;
}

/** What the members page draws: the cards of each list's first page, and each card's unsent write. */
function renderLists(me: string, code: string, lists: OriginPeopleName[]) {
  return renderHook(() => ({
    pages: Object.fromEntries(lists.map((list) => [list, usePeoplePage(me, 'circle', list, code, 1)])),
    states: useWriteStates(me, ownerTarget('circle', code), 'memberCode'),
  }));
}
const cardsOf = (view: ReturnType<typeof usePeoplePage>) => view?.rows.map((r) => r.userCode);
const pullPeople = (h: Harness, code: string, list: OriginPeopleName) => h.sync.pull({ kind: 'originPeople', origin: 'circle', code, list, pageNo: 1 });

describe('a circle owner on the device', () => {
  it('accepts an ask offline: the card moves to Members at once, pending; online it is sent once', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const asker = await server.signUpMember();
    const code = await ownedCircle(h);
    // Asks from members who are not the owner's billionetts wait for the owner.
    await setCircleFeatures(server.app, code, { requests: 2 });
    const asked = await serverCall<{ membership: string }>(server, asker.token, 'PUT', CIRCLE_PATHS.suggestionAccept(code));
    expect(asked.body.data?.membership).toBe('requested');

    expect(await h.sync.pull({ kind: 'circle', groupCode: code })).toMatchObject({ ok: true });
    expect(await pullPeople(h, code, 'members')).toMatchObject({ ok: true });
    expect(await pullPeople(h, code, 'requests')).toMatchObject({ ok: true });
    const screen = renderLists(me, code, ['members', 'requests']);
    await waitFor(() => expect(cardsOf(screen.result.current.pages.requests)).toEqual([asker.userCode]));
    expect(cardsOf(screen.result.current.pages.members)).toEqual([me]);

    h.net.down = true;
    await ownerWrite(me, 'circle.requestAccept', code, asker.userCode);
    await waitFor(() => expect(cardsOf(screen.result.current.pages.members)).toEqual([asker.userCode, me]));
    expect(cardsOf(screen.result.current.pages.requests)).toEqual([]);
    expect(screen.result.current.pages.members?.page?.totalRecords).toBe(2);
    expect(screen.result.current.pages.requests?.page?.totalRecords).toBe(0);
    expect(screen.result.current.states?.get(asker.userCode)).toMatchObject({ status: 'pending', kind: 'circle.requestAccept' });
    const [item] = await h.db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'circle.requestAccept', status: 'pending' });

    // Offline the pulls fail and change nothing; online, a pull before the send keeps the card where the owner put it.
    expect(await pullPeople(h, code, 'requests')).toMatchObject({ ok: false, offline: true });
    h.net.down = false;
    await pullPeople(h, code, 'requests');
    await pullPeople(h, code, 'members');
    await waitFor(() => expect(cardsOf(screen.result.current.pages.members)).toContain(asker.userCode));
    expect(cardsOf(screen.result.current.pages.requests)).toEqual([]);

    await h.sync.kick();
    await h.sync.settled();
    await h.sync.kick();
    await h.sync.settled();
    const accept = `${API_BASE}/${CIRCLE_PATHS.requestAccept(code, asker.userCode)}`;
    expect(h.net.log.filter((r) => r.key === item!.id || r.path === accept).map((r) => r.status)).toEqual([201]);
    expect(await h.db.outbox.count()).toBe(0);
    await waitFor(() => expect(screen.result.current.states?.size).toBe(0));
    expect(cardsOf(screen.result.current.pages.members)).toContain(asker.userCode);
    expect(await h.db.circles.get(code)).toMatchObject({ memberCount: 2 });
    // The server has it: the asker is a member, the ask is gone.
    expect((await serverCall<{ membership: string }>(server, asker.token, 'GET', CIRCLE_PATHS.circle(code))).body.data?.membership).toBe('member');
    expect((await serverCall<unknown[]>(server, h.member.token, 'GET', CIRCLE_PATHS.memberRequests(code))).body.data).toEqual([]);
    screen.unmount();
  });

  it('invites a billionett from Invite Friends: the row leaves the list, pending under Invited Members, then sent once', async () => {
    const h = await signedIn(server);
    const me = h.member.userCode;
    const friend = await server.signUpMember();
    expect((await serverCall(server, friend.token, 'PUT', FRIEND_PATHS.suggestionAccept(me))).status).toBe(201);
    expect((await serverCall(server, h.member.token, 'POST', FRIEND_PATHS.requestAccept(friend.userCode))).status).toBeLessThan(300);
    const code = await ownedCircle(h);

    expect(await pullPeople(h, code, 'inviteFriends')).toMatchObject({ ok: true });
    expect(await pullPeople(h, code, 'invited')).toMatchObject({ ok: true });
    const screen = renderLists(me, code, ['inviteFriends', 'invited']);
    await waitFor(() => expect(cardsOf(screen.result.current.pages.inviteFriends)).toEqual([friend.userCode]));
    expect(screen.result.current.pages.inviteFriends?.page?.totalRecords).toBe(1);

    h.net.down = true;
    await ownerWrite(me, 'circle.sendInvite', code, friend.userCode);
    await waitFor(() => expect(cardsOf(screen.result.current.pages.invited)).toEqual([friend.userCode]));
    expect(cardsOf(screen.result.current.pages.inviteFriends)).toEqual([]);
    expect(screen.result.current.pages.inviteFriends?.page?.totalRecords).toBe(0);
    expect(screen.result.current.states?.get(friend.userCode)).toMatchObject({ status: 'pending', kind: 'circle.sendInvite' });

    h.net.down = false;
    await h.sync.kick();
    await h.sync.settled();
    const invite = `${API_BASE}/${CIRCLE_PATHS.sendInvite(code, friend.userCode)}`;
    expect(h.net.log.filter((r) => r.path === invite).map((r) => r.status)).toEqual([201]);
    await waitFor(() => expect(screen.result.current.states?.size).toBe(0));
    expect(cardsOf(screen.result.current.pages.invited)).toEqual([friend.userCode]);
    expect((await serverCall<{ userCode: string }[]>(server, h.member.token, 'GET', CIRCLE_PATHS.invited(code))).body.data?.map((p) => p.userCode)).toEqual([friend.userCode]);
    screen.unmount();
  });
});
