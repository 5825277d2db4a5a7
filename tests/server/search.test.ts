/**
 * Global search (contract/search.ts; migration 0007_search): members, circles and slates by
 * name, on PGlite and PostgreSQL alike — accents and case folded, a typo tolerated, ranked
 * exact, then prefix (of the name or a word), then contains, then likeness; 16 a page;
 * privacy: a circle or slate the searcher may not read is neither listed nor counted, a
 * paused one is its owner's alone; 401 without a token, 400 with field errors for a text
 * under 2 characters; nothing found is the non-zero code of the no-result state.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/contract/rules';
import { SEARCH_CODE_NONE, SEARCH_CODE_OK, SEARCH_PATHS } from '../../src/contract/search';
import { insertCircle, insertSlate } from '../support/circles';
import { dbTargets, serverForSuite, type TestMember, type TestServer } from '../support/server';
import { befriend } from '../support/telex';

describe.each(dbTargets())('search on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let me: TestMember;
  let friend: TestMember;
  let other: TestMember;
  serverForSuite({ databaseUrl }, 3, (server, m) => ([s, me, friend, other] = [server, m[0]!, m[1]!, m[2]!]));

  const get = (m: TestMember | null, path: string) => s.call('GET', path, m ? { token: m.token } : {});
  const names = (r: { body: { data: Record<string, { displayName?: string; groupName?: string; pageName?: string }[]> } }, field: string) =>
    r.body.data[field]!.map((row) => row.displayName ?? row.groupName ?? row.pageName);

  it('finds members with accents and case folded, a typo tolerated, exact and prefix first', async () => {
    const stamp = Date.now().toString(36);
    for (const displayName of [`Astrid Lindqvist ${stamp}`, `Ångström Lindqvist ${stamp}`, `Lindqvist ${stamp}`, `Olindqvistor ${stamp}`]) {
      await s.signUpMember({ displayName });
    }
    // The exact name first, then names starting with it, then those containing it.
    const exact = await get(me, SEARCH_PATHS.users(`lindqvist ${stamp}`));
    expect(exact.status).toBe(200);
    expect(exact.body.code).toBe(SEARCH_CODE_OK);
    expect(names(exact, 'searchedUsers')[0]).toBe(`Lindqvist ${stamp}`);
    // Accents and case: 'angstrom' finds 'Ångström' as the exact name, first (its likes follow).
    expect(names(await get(me, SEARCH_PATHS.users(`ANGSTROM LINDQVIST ${stamp}`)), 'searchedUsers')[0]).toBe(`Ångström Lindqvist ${stamp}`);
    expect(names(await get(me, SEARCH_PATHS.users('ångström')), 'searchedUsers')).toContain(`Ångström Lindqvist ${stamp}`);
    // A typo: 'Lindqvst' finds every Lindqvist; a word starting with it ranks before one inside a word.
    const typo = names(await get(me, `${SEARCH_PATHS.users('Lindqvst')}?pageSize=100`), 'searchedUsers');
    for (const n of [`Astrid Lindqvist ${stamp}`, `Ångström Lindqvist ${stamp}`, `Lindqvist ${stamp}`]) expect(typo).toContain(n);
    const prefix = names(await get(me, `${SEARCH_PATHS.users('lindq')}?pageSize=100`), 'searchedUsers');
    expect(prefix.indexOf(`Lindqvist ${stamp}`)).toBeLessThan(prefix.indexOf(`Olindqvistor ${stamp}`));
    expect(prefix.indexOf(`Astrid Lindqvist ${stamp}`)).toBeLessThan(prefix.indexOf(`Olindqvistor ${stamp}`));
    // Cards carry what a card shows, nothing private.
    expect(Object.keys((await get(me, SEARCH_PATHS.users(`Lindqvist ${stamp}`))).body.data.searchedUsers[0]).sort()).toEqual(
      ['displayName', 'gender', 'planName', 'professionName', 'profileDp', 'userCode'].sort(),
    );
    // % and _ are characters, not wildcards.
    expect((await get(me, SEARCH_PATHS.users('%_'))).body).toMatchObject({ code: SEARCH_CODE_NONE, totalRecords: 0, data: { searchedUsers: [] } });
  });

  it('pages by 16 with a stable order and the total', async () => {
    const stamp = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < 18; i += 1) await s.signUpMember({ displayName: `Pager ${stamp} ${String(i).padStart(2, '0')}` });
    const one = await get(me, SEARCH_PATHS.users(`Pager ${stamp}`));
    const two = await get(me, `${SEARCH_PATHS.users(`Pager ${stamp}`)}?pageNo=2`);
    expect([one.body.data.searchedUsers.length, two.body.data.searchedUsers.length, one.body.totalRecords, two.body.totalRecords]).toEqual([16, 2, 18, 18]);
    const all = [...names(one, 'searchedUsers'), ...names(two, 'searchedUsers')];
    expect(new Set(all).size).toBe(18);
  });

  it('finds only the circles and slates the searcher may read, and counts nothing else', async () => {
    const stamp = Date.now().toString(36);
    const open = await insertCircle(s.app, other.userCode, `Fjällräven Hikers ${stamp}`, { privacyCode: 1 });
    const friends = await insertCircle(s.app, friend.userCode, `Fjallraven Friends ${stamp}`, { privacyCode: 2 });
    const secret = await insertCircle(s.app, other.userCode, `Fjallraven Secret ${stamp}`, { privacyCode: 3 });
    const paused = await insertCircle(s.app, other.userCode, `Fjallraven Paused ${stamp}`, { privacyCode: 1, statusCode: 5 });
    const mine = await insertCircle(s.app, me.userCode, `Fjallraven Mine paused ${stamp}`, { privacyCode: 3, statusCode: 5 });
    await befriend(s.api, me, friend);

    const query = `${SEARCH_PATHS.groups}?keyword=${encodeURIComponent(`fjallraven ${stamp}`)}&pageSize=100`;
    const found = await get(me, query);
    expect(found.status).toBe(200);
    const codes = found.body.data.searchedGroups.map((c: { groupCode: string }) => c.groupCode);
    expect(codes.sort()).toEqual([open.code, friends.code, mine.code].sort());
    expect(found.body.totalRecords).toBe(3);
    expect(codes).not.toContain(secret.code);
    expect(codes).not.toContain(paused.code);
    // Another member sees neither my friends' circle nor my paused one.
    const theirs = await get(other, query);
    expect(theirs.body.data.searchedGroups.map((c: { groupCode: string }) => c.groupCode).sort()).toEqual([open.code, secret.code, paused.code].sort());

    const slateOpen = await insertSlate(s.app, other.userCode, `Nørrebro Notes ${stamp}`, { privacyCode: 1 });
    const slateHidden = await insertSlate(s.app, other.userCode, `Norrebro Drafts ${stamp}`, { privacyCode: 3 });
    const slates = await get(me, `${SEARCH_PATHS.pages}?keyword=${encodeURIComponent(`norrebro ${stamp}`)}`);
    expect(slates.body.data.searchedPages.map((p: { pageCode: string }) => p.pageCode)).toEqual([slateOpen.code]);
    expect(slates.body.totalRecords).toBe(1);
    expect(slateHidden.code).not.toBe(slateOpen.code);
    // Hidden ones found by nobody else: the no-result state, and no count.
    const none = await get(me, `${SEARCH_PATHS.pages}?keyword=${encodeURIComponent(`Drafts ${stamp}`)}`);
    expect(none.body).toMatchObject({ code: SEARCH_CODE_NONE, totalRecords: 0, data: { searchedPages: [] } });
  });

  it('answers 401 without a token and 400 with the field for a text under 2 characters', async () => {
    for (const path of [SEARCH_PATHS.users('ab'), `${SEARCH_PATHS.groups}?keyword=ab`, `${SEARCH_PATHS.pages}?keyword=ab`]) {
      expect((await get(null, path)).status).toBe(401);
    }
    const short = await get(me, SEARCH_PATHS.users('a'));
    expect(short.status).toBe(400);
    expect(short.body.errors.keyword).toEqual([MESSAGES.searchTooShort]);
    for (const path of [`${SEARCH_PATHS.groups}?keyword=a`, SEARCH_PATHS.groups, `${SEARCH_PATHS.pages}?keyword=%20a%20`]) {
      const bad = await get(me, path);
      expect(bad.status).toBe(400);
      expect(bad.body.errors.keyword).toBeDefined();
    }
  });
});
